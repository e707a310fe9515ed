/**
 * A gateway (a real local HTTP server) that echoes the request's headers in its error answer the ways
 * gateways and proxies do — JSON-escaped, URL-encoded, base64 — through n8n-core's WorkflowExecute.
 * Expected: no form of the API key or secret in the error n8n shows and saves, nor in Continue On Fail's item.
 */
import { runAction, type ActionRun } from '../support/run';
import { balance, credentials, gateway, json } from '../support/transport-setup';

const SECRET = 'S3cr"et\\Pa ss/Wo+rd?';
const KEY = 'client-key-0042';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

const shownOf = (run: ActionRun, continued: ActionRun) =>
	JSON.stringify([
		run.error?.message,
		run.error?.description,
		run.error?.context,
		(run.error as { errorResponse?: unknown } | undefined)?.errorResponse,
		run.error?.stack,
		continued.items,
	]);

test.each([
	[
		'JSON-escaped',
		(headers: Record<string, unknown>) => ({ error: '105', errorMsg: `Invalid request: ${JSON.stringify(headers)}` }),
	],
	[
		'twice JSON-escaped',
		(headers: Record<string, unknown>) => ({
			error: '105',
			errorMsg: JSON.stringify({ echo: JSON.stringify(headers) }),
		}),
	],
	[
		'URL-encoded',
		(headers: Record<string, unknown>) => ({
			error: '105',
			errorMsg: `redirect to /login?id=${encodeURIComponent(String(headers['x-client-id']))}&secret=${encodeURIComponent(String(headers['x-client-secret']))}`,
		}),
	],
	[
		'base64',
		(headers: Record<string, unknown>) => ({
			error: '105',
			errorMsg: `token ${b64(String(headers['x-client-secret']))} / ${b64(`${String(headers['x-client-id'])}:${String(headers['x-client-secret'])}`)}`,
		}),
	],
])('an answer that echoes the headers %s: neither the key nor the secret in any form', async (_form, echo) => {
	gateway.answer = (seen, _req, res) => json(res, 400, echo(seen.headers as Record<string, unknown>));
	const account = { ...credentials, apiKey: KEY, apiSecret: SECRET };
	const run = await runAction(balance, [{}], account);
	const continued = await runAction(balance, [{}], account, { continueOnFail: true });
	expect(run.error?.message).toBeDefined();
	const shown = shownOf(run, continued);
	for (const part of ['S3cr', 'Wo+rd', 'Wo%2Brd', 'UzNjci', 'client-key-0042', 'Y2xpZW50LWtleS0wMDQy'])
		expect({ part, shown: shown.includes(part) }).toEqual({ part, shown: false });
});
