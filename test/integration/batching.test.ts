/**
 * Batch Recipients: consecutive items that differ only in their recipients share one request
 * (`to` as an array, docs/gateway-api.md#send-sms), driven through WorkflowExecute against the emulator.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startEmulator, type Emulator } from '../../emulator/server';
import { runAction, type GatewayCredentials } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

let emulator: Emulator;
let credentials: GatewayCredentials;

const send = (fields: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to: '={{ $json.to }}',
	message: 'Sale today',
	...fields,
});
const { control } = emulatorClient(() => emulator);
const stats = () => control<{ connections: number; apiConnections: number; apiRequests: number }>('GET', '/emulator/stats');
/** Distinct Dutch mobile numbers, as the items' `to`. */
const numbers = (count: number, extra: (index: number) => Record<string, unknown> = () => ({})) =>
	Array.from({ length: count }, (_, index) => ({ to: `3161${String(index).padStart(7, '0')}`, ...extra(index) }));
const sentTo = () => emulator.messages.map((message) => message.to);
const bodies = () => emulator.requests.map((request) => JSON.parse(request.body) as { to: string | string[]; message: string });

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 5 }, account: { balance: 100000 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
});
afterEach(() => emulator.close());

describe('version 2 batches by default', () => {
	test('250 items of one message: 3 requests (100 + 100 + 50), one output item each with its own message id and pairing', async () => {
		const items = numbers(250);
		const run = await runAction(send(), items, credentials);
		expect(run.error).toBeUndefined();
		expect(bodies().map((body) => (Array.isArray(body.to) ? body.to.length : 1))).toEqual([100, 100, 50]);
		expect(await stats()).toMatchObject({ apiRequests: 3 });
		expect(bodies().flatMap((body) => body.to)).toEqual(items.map((item) => item.to));
		expect(run.items).toHaveLength(250);
		const byId = new Map(emulator.messages.map((message) => [message.messageid, message.to]));
		expect(byId.size).toBe(250);
		run.items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json).toMatchObject({ to: items[index].to, sender: 'Shop', segments: 1, encoding: 'GSM-7' });
			expect(byId.get(item.json.messageid as string)).toBe(items[index].to);
		});
	});

	test('Batch Size 7, an item with several recipients: no request carries more than 7, each item keeps its own recipients', async () => {
		const items = [...numbers(10), { to: '+44 7700 900001, +44 7700 900002' }];
		const run = await runAction(send({ options: { batchSize: 7 } }), items, credentials);
		expect(run.error).toBeUndefined();
		// Items fill a request in order until the next would exceed 7 recipients.
		expect(bodies().map((body) => body.to)).toEqual([items.slice(0, 7).map((item) => item.to), [...items.slice(7, 10).map((item) => item.to), '447700900001', '447700900002']]);
		expect(run.items.map((item) => [item.pairedItem, item.json.to])).toEqual([
			...items.slice(0, 10).map((item, index) => [{ item: index }, item.to]),
			[{ item: 10 }, '447700900001'],
			[{ item: 10 }, '447700900002'],
		]);
		const byId = new Map(emulator.messages.map((message) => [message.messageid, message.to]));
		for (const item of run.items) expect(byId.get(item.json.messageid as string)).toBe(item.json.to);
	});

	test('mixed batchable and non-batchable items keep input order; an invalid item (Continue On Fail) is not sent', async () => {
		const texts = ['A', 'A', 'B', 'A', 'A', 'A'];
		const items = numbers(6, (index) => ({ text: texts[index] }));
		items[4].to = 'not a number';
		const run = await runAction(send({ message: '={{ $json.text }}' }), items, credentials, { continueOnFail: true });
		expect(bodies().map((body) => [body.message, body.to])).toEqual([
			['A', [items[0].to, items[1].to]],
			['B', items[2].to],
			['A', [items[3].to, items[5].to]],
		]);
		expect(run.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		expect(run.items[4].json.error).toMatch(/^To: /);
		const byId = new Map(emulator.messages.map((message) => [message.messageid, [message.to, message.content]]));
		for (const index of [0, 1, 2, 3, 5]) expect(byId.get(run.items[index].json.messageid as string)).toEqual([items[index].to, texts[index]]);
	});

	test('a different reference, date, test mode or sub-account starts a new request', async () => {
		const fields = [{}, {}, { reference: 'r1' }, { reference: 'r1' }, { test: true }, { subId: 'team' }, { date: '2031-06-01 10:30' }, { date: '2031-06-01 10:30' }];
		const items = numbers(fields.length, (index) => ({ extra: fields[index] }));
		const run = await runAction(
			send({ additionalFields: { reference: '={{ $json.extra.reference ?? "" }}', test: '={{ $json.extra.test ?? false }}', subId: '={{ $json.extra.subId ?? "" }}', date: '={{ $json.extra.date ?? "" }}' } }),
			items,
			credentials,
		);
		expect(run.error).toBeUndefined();
		expect(bodies().map((body) => (Array.isArray(body.to) ? body.to.length : 1))).toEqual([2, 2, 1, 1, 2]);
	});

	test('voice messages batch too; a different language or gender starts a new request', async () => {
		const voices = [{}, {}, { gender: 'Male' }, { gender: 'Male' }, { gender: 'Male', language: 'nl' }];
		const items = numbers(voices.length, (index) => ({ voice: voices[index] }));
		const run = await runAction(
			{ resource: 'message', operation: 'sendVoice', to: '={{ $json.to }}', message: 'Your order is ready', additionalFields: { gender: '={{ $json.voice.gender ?? "" }}', language: '={{ $json.voice.language ?? "" }}' } },
			items,
			credentials,
		);
		expect(run.error).toBeUndefined();
		expect(emulator.requests.map((request) => request.path)).toEqual(['/v1/voice/send', '/v1/voice/send', '/v1/voice/send']);
		expect(bodies().map((body) => body.to)).toEqual([[items[0].to, items[1].to], [items[2].to, items[3].to], items[4].to]);
		const byId = new Map(emulator.messages.map((message) => [message.messageid, message.to]));
		run.items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(byId.get(item.json.messageid as string)).toBe(items[index].to);
		});
	});

	test('Batch Recipients off: one request per item', async () => {
		const run = await runAction(send({ options: { batchRecipients: false } }), numbers(5), credentials);
		expect(run.error).toBeUndefined();
		expect(bodies().map((body) => body.to)).toEqual(numbers(5).map((item) => item.to));
		expect(run.items).toHaveLength(5);
	});
});

describe('version 1 is unchanged', () => {
	test('one request per item with `to` as text, and version 1 output items', async () => {
		const items = numbers(5);
		const run = await runAction(send(), items, credentials, { typeVersion: 1 });
		expect(run.error).toBeUndefined();
		expect(await stats()).toMatchObject({ apiRequests: 5 });
		expect(bodies().map((body) => body.to)).toEqual(items.map((item) => item.to));
		run.items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json).toMatchObject({ messageid: emulator.messages[index].messageid, to: items[index].to });
		});
	});

	test('with Batch Recipients turned on, version 1 batches too and keeps its output shape', async () => {
		const items = numbers(5);
		const run = await runAction(send({ options: { batchRecipients: true } }), items, credentials, { typeVersion: 1 });
		expect(run.error).toBeUndefined();
		expect(await stats()).toMatchObject({ apiRequests: 1 });
		const byId = new Map(emulator.messages.map((message) => [message.messageid, message.to]));
		run.items.forEach((item, index) => {
			expect(item.json.to).toBe(items[index].to);
			expect(byId.get(item.json.messageid as string)).toBe(items[index].to);
		});
	});
});

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
		expect(run.error?.message).toContain('2 of 6 items had been sent when the run stopped (items 0, 1)');
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
	test.each([1, 5])('1,000 items of one message, 500s after 3 and 4 more requests, concurrency %i: each number exactly once', async (concurrency) => {
		for (const after of [3, 4]) await control('POST', '/emulator/faults', { status: 500, after });
		const items = numbers(1000);
		const run = await runAction(send({ options: { concurrency } }), items, credentials, { typeVersion: 2, retryOnFail: { maxTries: 3, waitBetweenTries: 0 } });
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
	}, 60_000);
});

describe('limits and confirmation', () => {
	test('the emulator refuses more than 100 recipients in one request with code 113', async () => {
		const post = (count: number) =>
			fetch(`${emulator.url}/v1/message/send`, {
				method: 'POST',
				headers: { 'X-Client-Id': credentials.apiKey, 'X-Client-Secret': credentials.apiSecret },
				body: JSON.stringify({ sender: 'Shop', message: 'x', test: true, to: numbers(count).map((item) => item.to) }),
			});
		expect((await post(100)).status).toBe(200);
		const refused = await post(101);
		expect(refused.status).toBe(400);
		expect(await refused.json()).toMatchObject({ error: '113' });
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
			for (const item of run.items) expect(item.json.error).toMatch(/did not confirm the send: the answer has no message id for each of the 3 recipients/);
			const stopped = await runAction(send(), numbers(3), otherCredentials);
			expect(stopped.error?.message).toMatch(/did not confirm the send/);
			expect(stopped.error?.message).toContain('No item had been sent');
		});
	});
});
