/** Shared setup of the trigger-*.test.ts files: signed requests, triggers that close after each test, and the owner's log. */
import { Logger } from './n8n-logger';
import { opensslHmacSha256 } from './openssl';
import type { GatewayCredentials } from './run';
import { startTriggerServer } from './webhook-server';

export const SECRET = 'whsec_trigger_test';
export const credentials = { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's', signingSecret: SECRET };
export const unsignedCredentials = { ...credentials, signingSecret: '' };
export const now = () => Math.floor(Date.now() / 1000);

/** Signs with openssl, as docs/gateway-api.md#signatures says: HMAC-SHA256 over timestamp + "." + raw payload. */
export function signed(payload: string | Buffer, { secret = SECRET, t = now(), brand = 'Service' } = {}) {
	const v1 = opensslHmacSha256(secret, Buffer.concat([Buffer.from(`${t}.`), Buffer.from(payload)]));
	return { [`X-${brand}-Timestamp`]: String(t), [`X-${brand}-Signature`]: `t=${t},v1=${v1}` };
}

export const post = (body: string, headers: Record<string, string> = signed(body)) => ({
	body,
	headers: { 'Content-Type': 'application/json', ...headers },
});

type Server = Awaited<ReturnType<typeof startTriggerServer>>;
const servers: Server[] = [];
/** A trigger of node version 1 (workflows saved before version 2); triggerV2 below for the default version. */
export async function trigger(
	events: string[],
	options: Record<string, unknown> = {},
	creds: GatewayCredentials = credentials,
	typeVersion = 1,
) {
	const server = await startTriggerServer({ events, options }, creds, typeVersion);
	servers.push(server);
	return server;
}
export const triggerV2 = (
	events: string[],
	options: Record<string, unknown> = {},
	creds: GatewayCredentials = credentials,
) => trigger(events, options, creds, 2);
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.close()));
});

let ownerLog: jest.SpyInstance;
beforeEach(() => {
	ownerLog = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => {});
});
afterEach(() => ownerLog.mockRestore());
/** What the node wrote to the owner's log in this test. */
export const loggedText = () => ownerLog.mock.calls.map(([message]) => String(message)).join('\n');
