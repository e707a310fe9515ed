/**
 * The trigger's side of Send and Wait for Response inside n8n-core's real WebhookContext: events of
 * waiting questions are handed on only after the signature check, and only to this instance
 * (the harness's n8n is http://127.0.0.1, where nothing listens: a forward cannot reach it).
 */
import { SPEC_EXAMPLES, itemOf } from '../fixtures/spec-events';
import { signedPost } from '../support/openssl';
import { startTriggerServer } from '../support/webhook-server';

const SECRET = 'whsec_conversations';
const credentials = { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's', signingSecret: SECRET };
const SIGNATURE = 'e'.repeat(64);
const REFERENCE = `n8n-wait:42:node-1:${SIGNATURE}`;

const post = (event: unknown, secret = SECRET) => signedPost(event, secret);

const replyWith = (reference: string) => ({
	...SPEC_EXAMPLES.inbox_message,
	isreply: { ...(SPEC_EXAMPLES.inbox_message.isreply as object), reply: true, orig_reference: reference },
});
const reportWith = (reference: string, code: string) => ({
	...SPEC_EXAMPLES.delivery_report,
	message: { ...(SPEC_EXAMPLES.delivery_report.message as object), reference, delivery_code: code },
});

type Server = Awaited<ReturnType<typeof startTriggerServer>>;
const servers: Server[] = [];
async function trigger(events: string[], options: Record<string, unknown> = {}) {
	const server = await startTriggerServer({ events, options }, credentials);
	servers.push(server);
	return server;
}
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.close()));
});

test('a reply to a waiting question that cannot be handed to n8n gets 503 (the gateway delivers it again) and starts nothing', async () => {
	const server = await trigger(['inbox_message']);
	const call = await server.call(post(replyWith(REFERENCE)));
	expect(call.status).toBe(503);
	expect(call.body).toMatchObject({ error: 'waiting_execution_unreachable' });
	expect(JSON.stringify(call.body)).not.toContain(SIGNATURE);
	expect(call.items).toBeUndefined();
});

test('a final delivery report of a question is handed on whatever the Events selection', async () => {
	const server = await trigger(['add_group']);
	expect((await server.call(post(reportWith(REFERENCE, '1')))).status).toBe(503);
	// An interim report is not handed on: acknowledged as usual.
	expect((await server.call(post(reportWith(REFERENCE, '0')))).status).toBe(200);
});

test('nothing is handed on before the signature check: a badly signed reply gets 401', async () => {
	const server = await trigger(['inbox_message']);
	const call = await server.call(post(replyWith(REFERENCE), 'whsec_wrong'));
	expect(call.status).toBe(401);
});

test("events that name no question start the workflow as before; a question's signature in an event is redacted", async () => {
	const server = await trigger(['inbox_message', 'delivery_report']);
	const plain = replyWith('order-1001');
	const call = await server.call(post(plain));
	expect(call.status).toBe(200);
	expect(call.items).toEqual([itemOf(plain)]);
	const interim = await server.call(post(reportWith(REFERENCE, '3')));
	expect(interim.items).toHaveLength(1);
	expect((interim.items![0].message as Record<string, unknown>).reference).toBe('n8n-wait:42:node-1:[redacted]');
});
