/** Batched Send SMS against the emulator: version 3 fails the whole batch on a gateway error, Retry On Fail never sends a recipient twice, limits and confirmation (the batches themselves: batching.test.ts). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runAction, type GatewayCredentials } from '../support/run';
import { emulator, credentials, send, control, api, numbers, sentTo } from '../support/batching-setup';

describe('version 3: a gateway error fails the whole batch', () => {
	// Batch Size 2, one request at a time: items 2 and 3 share the request the gateway refuses (opt-out, code 131).
	// Version 4 sends the request's others again (opted-out.test.ts).
	const options = { batchSize: 2, concurrency: 1 };
	const items = numbers(6);
	beforeEach(() => control('POST', '/emulator/optouts', { number: items[3].to }));

	test('without Continue On Fail: the run stops, the error lists the items sent before', async () => {
		const run = await runAction(send({ options }), items, credentials, { typeVersion: 3 });
		expect(emulator.requests.map((request) => request.status)).toEqual([200, 400]);
		expect(sentTo()).toEqual([items[0].to, items[1].to]);
		expect(run.error?.message).toContain('131');
		expect(run.error?.description).toContain('2 of 6 items had been sent when the run stopped (items 0, 1)');
		expect((run.error?.context?.sentItems as Array<{ item: number }>).map((entry) => entry.item)).toEqual([0, 1]);
	});

	test('with Continue On Fail: every item of the refused batch gets the error item, the others are sent', async () => {
		const run = await runAction(send({ options }), items, credentials, { typeVersion: 3, continueOnFail: true });
		expect(emulator.requests.map((request) => request.status)).toEqual([200, 400, 200]);
		expect(sentTo()).toEqual([items[0].to, items[1].to, items[4].to, items[5].to]);
		expect(run.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		for (const index of [2, 3]) expect(run.items[index].json).toMatchObject({ code: '131', httpCode: 400 });
		for (const index of [0, 1, 4, 5]) expect(run.items[index].json.messageid).toEqual(expect.any(String));
	});
});

describe('Retry On Fail never sends a recipient twice', () => {
	// Version 2 resends a request answered 500 (On Unknown Outcome: Resend); version 3's default is in exactly-once.test.ts.
	test.each([1, 5])(
		'1,000 items of one message, 500s after 3 and 4 more requests, concurrency %i: each number exactly once',
		async (concurrency) => {
			for (const after of [3, 4]) await control('POST', '/emulator/faults', { status: 500, after });
			const items = numbers(1000);
			const run = await runAction(send({ options: { concurrency } }), items, credentials, {
				typeVersion: 2,
				retryOnFail: { maxTries: 3, waitBetweenTries: 0 },
			});
			expect(run.error).toBeUndefined();
			expect(emulator.requests.map((request) => request.status).filter((status) => status === 500)).toHaveLength(2);
			// One at a time: 10 batches of 100 accepted, plus the two requests answered 500 (which sent nothing).
			if (concurrency === 1) expect(emulator.requests).toHaveLength(12);
			expect(emulator.messages).toHaveLength(1000);
			expect(new Set(sentTo()).size).toBe(1000);
			const byId = new Map(emulator.messages.map((message) => [message.messageid, message.to]));
			run.items.forEach((item, index) => {
				expect(item.pairedItem).toEqual({ item: index });
				expect(byId.get(item.json.messageid as string)).toBe(items[index].to);
			});
		},
	);
});

describe('limits and confirmation', () => {
	test('the emulator refuses more than 100 recipients in one request with code 113', async () => {
		const post = (count: number) =>
			api('POST', '/v1/message/send', {
				sender: 'Shop',
				message: 'x',
				test: true,
				to: numbers(count).map((item) => item.to),
			});
		expect((await post(100)).status).toBe(200);
		const refused = await post(101);
		expect(refused.status).toBe(400);
		expect(refused.body).toMatchObject({ error: '113' });
	});

	test.each([
		[0, /^Batch Size: must be a whole number from 1 to 100; got 0/],
		[101, /^Batch Size: must be a whole number from 1 to 100; got 101/],
		[2.5, /^Batch Size: .* got 2.5/],
		['abc', /^Batch Size: .* got "abc"/],
	])('Batch Size %j: a clear error, nothing sent', async (batchSize, message) => {
		const run = await runAction(send({ options: { batchSize } }), numbers(2), credentials);
		expect(run.error?.message).toMatch(message);
		expect(emulator.requests).toHaveLength(0);
	});

	describe('a 2xx whose message ids do not match the recipients is not a success', () => {
		let other: Server;
		let otherCredentials: GatewayCredentials;
		beforeEach(async () => {
			// A gateway that answers one id fewer than the recipients it was sent.
			other = createServer((req, res) => {
				let raw = '';
				req.on('data', (chunk) => (raw += chunk));
				req.on('end', () => {
					const to = (JSON.parse(raw) as { to: string[] }).to;
					res.writeHead(200, { 'Content-Type': 'application/json' });
					res.end(JSON.stringify({ messageids: to.slice(1).map((_, index) => `id${index}`) }));
				});
			});
			await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
			otherCredentials = { ...credentials, baseUrl: `http://127.0.0.1:${(other.address() as AddressInfo).port}` };
		});
		afterEach(() => new Promise<void>((resolve) => other.close(() => resolve())));

		test('every item of the batch gets "not confirmed"', async () => {
			const run = await runAction(send(), numbers(3), otherCredentials, { continueOnFail: true });
			expect(run.items).toHaveLength(3);
			for (const item of run.items)
				expect(item.json.error).toBe('The gateway did not confirm the send: the SMS may already have been sent');
			const stopped = await runAction(send(), numbers(3), otherCredentials);
			expect(stopped.error?.message).toMatch(/did not confirm the send/);
			expect(stopped.error?.description).toContain('without a message id for each of the 3 recipients');
			expect(stopped.error?.description).toMatch(/^No item had been sent when the run stopped\. /);
		});
	});
});
