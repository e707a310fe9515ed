/**
 * Batch Recipients: consecutive items that differ only in their recipients share one request
 * (`to` as an array, docs/gateway-api.md#send-sms), driven through WorkflowExecute against the emulator.
 */
import { runAction } from '../support/run';
import { emulator, credentials, send, stats, numbers, bodies } from '../support/batching-setup';

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
		const items = [...numbers(10), { to: '+44 7700 100001, +44 7700 100002' }];
		const run = await runAction(send({ options: { batchSize: 7 } }), items, credentials);
		expect(run.error).toBeUndefined();
		// Items fill a request in order until the next would exceed 7 recipients.
		expect(bodies().map((body) => body.to)).toEqual([
			items.slice(0, 7).map((item) => item.to),
			[...items.slice(7, 10).map((item) => item.to), '447700100001', '447700100002'],
		]);
		expect(run.items.map((item) => [item.pairedItem, item.json.to])).toEqual([
			...items.slice(0, 10).map((item, index) => [{ item: index }, item.to]),
			[{ item: 10 }, '447700100001'],
			[{ item: 10 }, '447700100002'],
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
		for (const index of [0, 1, 2, 3, 5])
			expect(byId.get(run.items[index].json.messageid as string)).toEqual([items[index].to, texts[index]]);
	});

	test('a different reference, date, test mode or sub-account starts a new request', async () => {
		const fields = [
			{},
			{},
			{ reference: 'r1' },
			{ reference: 'r1' },
			{ test: true },
			{ subId: 'team' },
			{ date: '2031-06-01 10:30' },
			{ date: '2031-06-01 10:30' },
		];
		const items = numbers(fields.length, (index) => ({ extra: fields[index] }));
		const run = await runAction(
			send({
				additionalFields: {
					reference: '={{ $json.extra.reference ?? "" }}',
					test: '={{ $json.extra.test ?? false }}',
					subId: '={{ $json.extra.subId ?? "" }}',
					date: '={{ $json.extra.date ?? "" }}',
				},
			}),
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
			{
				resource: 'message',
				operation: 'sendVoice',
				to: '={{ $json.to }}',
				message: 'Your order is ready',
				additionalFields: { gender: '={{ $json.voice.gender ?? "" }}', language: '={{ $json.voice.language ?? "" }}' },
			},
			items,
			credentials,
		);
		expect(run.error).toBeUndefined();
		expect(emulator.requests.map((request) => request.path)).toEqual([
			'/v1/voice/send',
			'/v1/voice/send',
			'/v1/voice/send',
		]);
		expect(bodies().map((body) => body.to)).toEqual([
			[items[0].to, items[1].to],
			[items[2].to, items[3].to],
			items[4].to,
		]);
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
