import type {
	IDataObject,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { jsonParse, NodeConnectionTypes } from 'n8n-workflow';

import {
	ALL_EVENTS,
	DEFAULT_TOLERANCE_SECONDS,
	decodeQueryEvent,
	isEventSelected,
	parseEvents,
	verifySignature,
	WEBHOOK_EVENT_TYPES,
} from './core';
import { CREDENTIAL_TYPE } from './transport';

type RawRequest = ReturnType<IWebhookFunctions['getRequestObject']> & { rawBody?: Buffer; originalUrl?: string };

/** Answers a refused request directly: no run starts, and the status must say why (401, 400). */
function respond(ctx: IWebhookFunctions, status: number, body: IDataObject): void {
	const res = ctx.getResponseObject();
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

/** The query string exactly as received: GET webhooks sign it instead of a body (spec 5.2). */
function rawQueryString(req: RawRequest): string {
	const url = req.originalUrl ?? req.url ?? '';
	const start = url.indexOf('?');
	return start < 0 ? '' : url.slice(start + 1);
}

function isJsonContentType(req: RawRequest): boolean {
	return /\bjson\b/i.test(String(req.headers['content-type'] ?? ''));
}

export class MessagingGatewayTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Gateway Trigger',
		name: 'messagingGatewayTrigger',
		icon: { light: 'file:messagingGateway.svg', dark: 'file:messagingGateway.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{($parameter["events"] || []).join(", ")}}',
		description:
			'Starts the workflow on webhooks from the messaging gateway: delivery reports, incoming SMS, funds events and more',
		defaults: { name: 'Messaging Gateway Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'messagingGatewayApi', required: true }],
		// n8n answers accepted webhooks with the node's webhookResponse once it has registered the run,
		// so a webhook that n8n could not take is answered with an error and the gateway sends it again.
		// An empty responseData is what makes n8n use webhookResponse instead of its default text.
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', responseData: '', path: 'webhook' },
			{ name: 'default', httpMethod: 'GET', responseMode: 'onReceived', responseData: '', path: 'webhook' },
		],
		properties: [
			{
				displayName:
					"The gateway has no API to register webhooks: copy the Production URL above into the gateway's webhook settings and activate this workflow. The Test URL answers only while you listen for a test event in the editor. Set the same signing secret in the gateway and in the credential to have every request verified; with no signing secret in the credential, requests are accepted unverified.",
				name: 'setupNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				description:
					'Webhook types that start the workflow. Others are acknowledged with 200 and start nothing.',
				options: [
					{
						name: 'All Events',
						value: ALL_EVENTS,
						description: 'Every type, including types the gateway adds later',
					},
					...WEBHOOK_EVENT_TYPES.map(({ name, value, description }) => ({ name, value, description })),
				],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Signature Tolerance (Seconds)',
						name: 'toleranceSeconds',
						type: 'number',
						default: DEFAULT_TOLERANCE_SECONDS,
						typeOptions: { minValue: 0 },
						description:
							'How far the signed timestamp may be from now before a request is refused as replayed. 0 turns the check off.',
					},
				],
			},
		],
	};

	webhookMethods = {
		default: {
			// Nothing to register: the user pastes the URL into the gateway, which keeps it.
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const req = this.getRequestObject() as RawRequest;
		const isGet = req.method === 'GET';
		const credentials = await this.getCredentials<{ signingSecret?: string }>(CREDENTIAL_TYPE);
		const secret = credentials.signingSecret ?? '';

		if (secret !== '') {
			const signed = isGet ? rawQueryString(req) : req.rawBody;
			if (signed === undefined) {
				respond(this, 500, {
					error: 'raw_body_unavailable',
					message: 'n8n did not keep the raw request body, so the signature cannot be checked',
				});
				return { noWebhookResponse: true };
			}
			const toleranceSeconds = this.getNodeParameter('options.toleranceSeconds', DEFAULT_TOLERANCE_SECONDS) as number;
			const verified = verifySignature(signed, req.headers, secret, { toleranceSeconds });
			if (!verified.ok) {
				respond(this, 401, { error: 'invalid_signature', check: verified.reason, message: verified.message });
				return { noWebhookResponse: true };
			}
		}

		let body: unknown;
		if (isGet) {
			body = decodeQueryEvent(this.getQueryData() as IDataObject);
		} else if (isJsonContentType(req) || req.rawBody === undefined) {
			body = this.getBodyData();
		} else {
			try {
				body = jsonParse(req.rawBody.toString('utf8'));
			} catch (error) {
				respond(this, 400, { error: 'malformed_json', message: `The body is not valid JSON: ${(error as Error).message}` });
				return { noWebhookResponse: true };
			}
		}

		const parsed = parseEvents(body);
		if (!parsed.ok) {
			respond(this, 400, {
				error: 'not_an_event',
				message: `The body is not a gateway webhook event: ${parsed.errors.slice(0, 5).join('; ')}`,
				errors: parsed.errors,
			});
			return { noWebhookResponse: true };
		}

		const selected = this.getNodeParameter('events', []) as string[];
		const items: INodeExecutionData[] = parsed.events
			.filter(({ event }) => isEventSelected(event.webhook_type, selected))
			.map(({ event }) => ({ json: event as IDataObject }));
		const webhookResponse = { received: parsed.events.length, accepted: items.length };
		if (items.length === 0) return { webhookResponse };
		return { webhookResponse, workflowData: [items] };
	}
}
