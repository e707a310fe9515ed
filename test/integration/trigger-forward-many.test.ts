/**
 * A signed body that is an array of many events naming waiting questions, through n8n-core's real
 * WebhookContext and real HTTP: the trigger hands them on a few at a time, never all at once (the
 * harness's n8n is http://127.0.0.1, where nothing listens: every forward is refused at once).
 */
import { MAX_FORWARDS_PER_REQUEST } from '../../nodes/MessagingGateway/webhookTrigger/hand-on';
import { Socket } from 'node:net';

import { SPEC_EXAMPLES } from '../fixtures/spec-events';
import { signedPost } from '../support/openssl';
import { startTriggerServer } from '../support/webhook-server';

const SECRET = 'whsec_many';
const credentials = { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's', signingSecret: SECRET };

const post = (event: unknown, secret = SECRET) => signedPost(event, secret);

const replyTo = (executionId: number) => ({
	...SPEC_EXAMPLES.inbox_message,
	webhook_id: `wh_${executionId}`,
	isreply: {
		...(SPEC_EXAMPLES.inbox_message.isreply as object),
		reply: true,
		orig_reference: `n8n-wait:${executionId}:node-1:${'e'.repeat(64)}`,
	},
});

/** Counts the connections opened to the harness's n8n (port 80) that are open at the same time. */
function watchConnections() {
	const connect = Socket.prototype.connect;
	let open = 0;
	const seen = { total: 0, peak: 0 };
	const spy = jest.spyOn(Socket.prototype, 'connect').mockImplementation(function (this: Socket, ...args: unknown[]) {
		// Node's net.connect hands the socket its normalised arguments: [[options, callback]].
		const [options] = [args[0]].flat() as Array<{ port?: number | string } | undefined>;
		if (typeof options === 'object' && options !== null && Number(options.port) === 80) {
			seen.total++;
			seen.peak = Math.max(seen.peak, ++open);
			// A refused connection says so with 'error' before its 'close'.
			let ended = false;
			const end = () => {
				if (!ended) open--;
				ended = true;
			};
			this.once('error', end).once('close', end);
		}
		return (connect as (...a: unknown[]) => Socket).apply(this, args);
	});
	return { seen, restore: () => spy.mockRestore() };
}

test('an array of 300 replies naming waiting questions causes at most MAX_FORWARDS_PER_REQUEST forwards, 8 at a time, each question once, and is answered 503', async () => {
	const server = await startTriggerServer({ events: ['inbox_message'], options: {} }, credentials);
	const watch = watchConnections();
	try {
		const call = await server.call(post(Array.from({ length: 300 }, (_, index) => replyTo(index + 1))));
		expect(call.status).toBe(503);
		expect(watch.seen.total).toBeGreaterThan(0);
		expect(watch.seen.total).toBeLessThanOrEqual(MAX_FORWARDS_PER_REQUEST);
		expect(watch.seen.peak).toBeLessThanOrEqual(8);
	} finally {
		watch.restore();
		await server.close();
	}
});

test('a forged request naming 300 questions hands on nothing', async () => {
	const server = await startTriggerServer({ events: ['inbox_message'], options: {} }, credentials);
	const watch = watchConnections();
	try {
		const call = await server.call(
			post(
				Array.from({ length: 300 }, (_, index) => replyTo(index + 1)),
				'whsec_forged',
			),
		);
		expect(call.status).toBe(401);
		expect(watch.seen.total).toBe(0);
	} finally {
		watch.restore();
		await server.close();
	}
});

test('an unsigned request accepted by Accept Unsigned Requests hands nothing to waiting questions; its events start the workflow with the signature redacted', async () => {
	const unsigned = { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's' };
	const server = await startTriggerServer({ events: ['inbox_message'], options: { acceptUnsigned: true } }, unsigned);
	const watch = watchConnections();
	try {
		const call = await server.call({
			body: JSON.stringify([replyTo(1), replyTo(2)]),
			headers: { 'Content-Type': 'application/json' },
		});
		expect(watch.seen.total).toBe(0);
		expect(call.status).toBe(200);
		expect(call.items).toHaveLength(2);
		expect(JSON.stringify(call.items)).not.toContain('e'.repeat(64));
	} finally {
		watch.restore();
		await server.close();
	}
});
