/**
 * A real HTTP server that prepares each request as n8n's webhook server does (raw body kept as a
 * Buffer, JSON bodies parsed, the query parsed with qs like Express's "extended" parser), hands it,
 * with the real response, to the trigger through n8n-core's WebhookContext, and answers with the
 * node's webhookResponse as n8n does when the node has not answered itself.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQuery } from 'qs';
import type { IDataObject, IWebhookResponseData } from 'n8n-workflow';

import { runTriggerWebhook, type GatewayCredentials, type TriggerSettings, type WebhookRequest } from './run';

export interface TriggerCall {
	status: number;
	body: Record<string, unknown>;
	result?: IWebhookResponseData;
	/** The items the workflow would start with; undefined when nothing starts. */
	items?: IDataObject[];
}

/** `settings`: a node version, or the trigger's n8n and node name (harness/run.ts). */
export async function startTriggerServer(
	parameters: IDataObject,
	credentials: GatewayCredentials,
	settings: number | TriggerSettings = {},
) {
	const triggerSettings = typeof settings === 'number' ? { typeVersion: settings } : settings;
	let last: IWebhookResponseData | undefined;
	const lastResult = () => last;
	const server = createServer((req: WebhookRequest, res: ServerResponse) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			req.rawBody = Buffer.concat(chunks);
			req.query = parseQuery((req.url ?? '').split('?')[1] ?? '') as IDataObject;
			if (/json/.test(String(req.headers['content-type'])) && req.rawBody.length > 0) {
				try {
					req.body = JSON.parse(req.rawBody.toString('utf8'));
				} catch {
					// n8n answers malformed JSON itself, before any node runs.
					res.writeHead(422).end('Failed to parse request body');
					return;
				}
			}
			runTriggerWebhook(parameters, credentials, req, res, triggerSettings).then(
				(result) => {
					last = result;
					// n8n's part: unless the node answered itself, answer with its webhookResponse.
					if (!result.noWebhookResponse)
						res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(result.webhookResponse));
				},
				(error: Error) => res.writeHead(500).end(JSON.stringify({ thrown: error.message })),
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook/test-webhook-id/webhook`;
	return {
		url,
		async call(init: {
			method?: string;
			headers?: Record<string, string>;
			body?: string | Buffer;
			query?: string;
		}): Promise<TriggerCall> {
			last = undefined;
			const response = await fetch(init.query !== undefined ? `${url}?${init.query}` : url, {
				method: init.method ?? 'POST',
				headers: init.headers,
				body: init.body,
			});
			const text = await response.text();
			await new Promise((resolve) => setImmediate(resolve));
			const result = lastResult();
			return {
				status: response.status,
				body: text ? JSON.parse(text) : {},
				result,
				items: result?.workflowData?.[0].map((item) => item.json),
			};
		},
		/** What the trigger returned for the latest request, also one that did not come from call(). */
		lastResult,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
