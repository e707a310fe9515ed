/**
 * Send exactly once per recipient within an execution, whatever the expressions do; On Unknown
 * Outcome; every item's recipients checked, merged and split before the first request. Driven
 * through n8n-core's WorkflowExecute (its Retry On Fail) against the emulator.
 */
import fc from 'fast-check';

import { MAX_RECIPIENTS_PER_REQUEST } from '../../nodes/MessagingGateway/core/sending/batch';
import { startEmulator, type Emulator } from '../../emulator/server';
import { runAction, type GatewayCredentials } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

let emulator: Emulator;
let credentials: GatewayCredentials;

const send = (fields: Record<string, unknown> = {}) => ({ resource: 'message', operation: 'send', sender: 'Shop', to: '={{ $json.to }}', message: 'Hello', ...fields });
const { control } = emulatorClient(() => emulator);
const numbers = (count: number, first = 0) => Array.from({ length: count }, (_, index) => `3161${String(first + index).padStart(7, '0')}`);
const items = (count: number) => numbers(count).map((to, n) => ({ n, to }));
const recipientsPerRequest = () => emulator.requests.filter((request) => request.status === 200).map((request) => [JSON.parse(request.body).to].flat().length);
const sentCount = () => {
	const counts = new Map<string, number>();
	for (const message of emulator.messages) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
	return counts;
};
// n8n reads a wait of 0 as its default 1,000 ms: 1 ms keeps a thousand cases fast.
const retry = { maxTries: 5, waitBetweenTries: 1 };
const NOW_MESSAGE = '={{ "Order " + $json.n + " at " + $now.toMillis() }}';
const TOMORROW = "={{ $now.plus(1, 'day').toISO() }}";

beforeAll(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 60_000 }, account: { balance: 1e9 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
});
beforeEach(async () => {
	for (const path of ['/emulator/messages', '/emulator/requests', '/emulator/faults']) await control('DELETE', path);
});
afterAll(() => emulator.close());

describe('Retry On Fail sends each recipient once, whatever the expressions evaluate to', () => {
	test.each([
		['version 2', 2, {}],
		['version 3, Resend', 3, { onUnknownOutcome: 'resend' }],
	])('%s: a $now message and a $now schedule date, a 500 after 5 sends: 10 SMS, the recorded ids and fields come out', async (_, typeVersion, options) => {
		await control('POST', '/emulator/faults', { status: 500, after: 5 });
		const input = items(10);
		const run = await runAction(send({ message: NOW_MESSAGE, additionalFields: { date: TOMORROW }, options: { ...options, batchRecipients: false } }), input, credentials, { typeVersion, retryOnFail: retry });
		expect(run.error).toBeUndefined();
		expect(emulator.messages).toHaveLength(10);
		expect([...sentCount().values()].every((count) => count === 1)).toBe(true);
		const byId = new Map(emulator.messages.map((message) => [message.messageid, message]));
		run.items.forEach((item, index) => {
			const message = byId.get(item.json.messageid as string)!;
			expect(message.to).toBe(input[index].to);
			// The output is the send as it was accepted, not as the retry evaluated it.
			expect(message.content).toMatch(new RegExp(`^Order ${index} at \\d+$`));
			expect(item.json.date).toBe(JSON.parse(emulator.requests.find((request) => request.status === 200 && JSON.parse(request.body).to === input[index].to)!.body).date);
		});
	});

	test('batched, concurrency 5, the message changes per try: every number once', async () => {
		for (const after of [2, 1]) await control('POST', '/emulator/faults', { status: 500, after });
		const run = await runAction(send({ message: NOW_MESSAGE, options: { batchSize: 7, concurrency: 5 } }), items(60), credentials, { typeVersion: 2, retryOnFail: retry });
		expect(run.error).toBeUndefined();
		expect(sentCount().size).toBe(60);
		expect([...sentCount().values()].every((count) => count === 1)).toBe(true);
	});
});

describe('On Unknown Outcome', () => {
	test('version 3 by default: a 500 is not sent again by Retry On Fail; the run fails naming it and what was sent', async () => {
		await control('POST', '/emulator/faults', { status: 500, after: 3 });
		const run = await runAction(send({ message: NOW_MESSAGE, options: { batchRecipients: false, concurrency: 1 } }), items(6), credentials, { typeVersion: 3, retryOnFail: retry });
		expect(emulator.requests.map((request) => request.status)).toEqual([200, 200, 200, 500]);
		expect(run.error?.message).toMatch(/^Not sent again to 31610000003: an earlier try may already have sent it \(The gateway answered HTTP 500/);
		expect(run.error?.message).toContain('3 of 6 items had been sent when the run stopped (items 0, 1, 2)');
		expect(run.error?.description).toContain('delivery report arrives at the Messaging Gateway Trigger');
		expect(run.error?.context).toMatchObject({ outcome: 'unknown', httpCode: 500, sentCount: 3 });
	});

	test('with Continue On Fail: the items of the request get { error, outcome: unknown, to, reference, hint }, the rest is sent', async () => {
		await control('POST', '/emulator/faults', { status: 500, after: 1 });
		const run = await runAction(send({ additionalFields: { reference: '={{ "order-" + $json.n }}' }, options: { concurrency: 1 } }), items(3), credentials, { typeVersion: 3, continueOnFail: true });
		expect(emulator.messages.map((message) => message.to)).toEqual([numbers(3)[0], numbers(3)[2]]);
		expect(run.items[1]).toMatchObject({
			pairedItem: { item: 1 },
			json: { error: expect.stringContaining('HTTP 500'), httpCode: 500, outcome: 'unknown', to: numbers(3)[1], reference: 'order-1', hint: expect.stringContaining("gateway's message log") },
		});
		expect(run.items[2].json.messageid).toEqual(expect.any(String));
	});

	test('Send Voice Message too: with Continue On Fail a 500 gives the outcome unknown, per recipient', async () => {
		await control('POST', '/emulator/faults', { status: 500 });
		const voice = { resource: 'message', operation: 'sendVoice', to: '={{ $json.to }}', message: 'Your order is ready' };
		const run = await runAction(voice, [{ to: numbers(2).join(',') }], credentials, { typeVersion: 3, continueOnFail: true });
		expect(emulator.messages).toHaveLength(0);
		expect(run.items.map((item) => [item.json.outcome, item.json.to])).toEqual(numbers(2).map((to) => ['unknown', to]));
	});

	test('a send that certainly did not go out (429 three times) is retried by Retry On Fail in version 3', async () => {
		await control('POST', '/emulator/faults', { status: 429, retryAfter: 0, count: 3 });
		const run = await runAction(send(), items(2), credentials, { typeVersion: 3, retryOnFail: retry });
		expect(run.error).toBeUndefined();
		expect(emulator.messages).toHaveLength(2);
	});

	test('a bad value is refused before anything is sent', async () => {
		const run = await runAction(send({ options: { onUnknownOutcome: 'sometimes' } }), items(1), credentials, { typeVersion: 3 });
		expect(run.error?.message).toBe('On Unknown Outcome: expected doNotResend or resend but got "sometimes"');
		expect(emulator.requests).toHaveLength(0);
	});
});

describe('every item checked before the first request, recipients included', () => {
	const written = '+31 6 1234 5678, 0031 6 1234 5678, +31 (0)6-12345678, +44 7700 900123';

	test.each([1, 2, 3])('version %i: one number written three ways is one SMS; the output names the merged forms', async (typeVersion) => {
		const run = await runAction(send({ to: written }), [{}], credentials, { typeVersion });
		expect(run.error).toBeUndefined();
		expect(emulator.messages.map((message) => message.to)).toEqual(['31612345678', '447700900123']);
		const merged = ['+31 6 1234 5678', '0031 6 1234 5678', '+31 (0)6-12345678'];
		if (typeVersion === 1) expect(run.items.map((item) => item.json)).toEqual([expect.objectContaining({ to: ['31612345678', '447700900123'], merged: { '31612345678': merged } })]);
		else expect(run.items.map((item) => [item.json.to, item.json.merged])).toEqual([['31612345678', merged], ['447700900123', undefined]]);
	});

	test.each([
		['batched', {}],
		['Batch Recipients off', { batchRecipients: false }],
	])('items of 10, 150 and 10 numbers (%s): 170 SMS, no request above the limit, no 113', async (_, options) => {
		const input = [numbers(10), numbers(150, 10), numbers(10, 160)].map((list) => ({ to: list.join(', ') }));
		const run = await runAction(send({ options }), input, credentials, { typeVersion: 3 });
		expect(run.error).toBeUndefined();
		expect(emulator.messages).toHaveLength(170);
		expect(emulator.requests.every((request) => request.status === 200)).toBe(true);
		expect(Math.max(...recipientsPerRequest())).toBeLessThanOrEqual(MAX_RECIPIENTS_PER_REQUEST);
		expect(run.items.map((item) => item.json.to)).toEqual(numbers(170));
	});

	test('Batch Size 10 splits one item of 20 numbers into two requests', async () => {
		const run = await runAction(send({ options: { batchSize: 10 } }), [{ to: numbers(20).join(',') }], credentials, { typeVersion: 3 });
		expect(run.error).toBeUndefined();
		expect(recipientsPerRequest()).toEqual([10, 10]);
		expect(run.items).toHaveLength(20);
	});

	test('a split item with Retry On Fail after a 500 on its second request: each number once', async () => {
		await control('POST', '/emulator/faults', { status: 500, after: 1 });
		const run = await runAction(send({ message: NOW_MESSAGE, options: { batchSize: 10, concurrency: 1, onUnknownOutcome: 'resend' } }), [{ n: 0, to: numbers(30).join(',') }], credentials, { typeVersion: 3, retryOnFail: retry });
		expect(run.error).toBeUndefined();
		expect(sentCount().size).toBe(30);
		expect([...sentCount().values()].every((count) => count === 1)).toBe(true);
		expect(run.items.map((item) => item.json.to)).toEqual(numbers(30));
	});

	test.each(['\u200b', '\u200b\u200c\u200d\u2060\ufeff', ' \u00ad\u3164 ', '\u2800'])('a message of only invisible characters (%j) is refused as empty', async (message) => {
		const run = await runAction(send({ message, to: "+31 6 1234 5678" }), [{}], credentials, { typeVersion: 3 });
		expect(run.error?.message).toBe('Message: the message is empty: it has no visible characters');
		expect(emulator.requests).toHaveLength(0);
	});
});

describe('property: every recipient exactly once', () => {
	/** One case: items with distinct numbers (some written twice), a message and date that may change per try, faults. */
	const scenario = fc.record({
		recipients: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 8 }),
		twice: fc.boolean(),
		message: fc.constantFrom('Hello', NOW_MESSAGE, '={{ $json.n % 2 ? "Odd" : "Even" }}', '={{ "Hi " + $now.toMillis() % 3 }}'),
		dated: fc.boolean(),
		batched: fc.boolean(),
		batchSize: fc.integer({ min: 1, max: 10 }),
		concurrency: fc.integer({ min: 1, max: 50 }),
		faults: fc.array(fc.record({ status: fc.constantFrom(500, 429), after: fc.integer({ min: 0, max: 6 }) }), { maxLength: 3 }),
	});
	type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

	async function runScenario(scenario: Scenario, onUnknownOutcome: 'resend' | 'doNotResend') {
		for (const path of ['/emulator/messages', '/emulator/requests', '/emulator/faults']) await control('DELETE', path);
		// A 429 three times (the transport's tries) is "not sent": Retry On Fail tries again. With Do Not Resend and
		// Continue On Fail nothing is retried, so only 500s (unknown outcome) are the faults that matter there.
		for (const fault of scenario.faults) {
			const notSent = fault.status === 429 && onUnknownOutcome === 'resend';
			await control('POST', '/emulator/faults', notSent ? { status: 429, retryAfter: 0, count: 3, after: fault.after } : { status: 500, after: fault.after });
		}
		let next = 0;
		const input = scenario.recipients.map((count, n) => {
			const list = numbers(count, next);
			next += count;
			// The same number written again, internationally with 00: merged into one send.
			return { n, to: (scenario.twice ? [...list, `00${list[0]}`] : list).join(', '), expected: list };
		});
		const options = { batchRecipients: scenario.batched, batchSize: scenario.batchSize, concurrency: scenario.concurrency, onUnknownOutcome };
		const parameters = send({ message: scenario.message, additionalFields: scenario.dated ? { date: TOMORROW } : {}, options });
		const run = await runAction(parameters, input, credentials, { typeVersion: 3, retryOnFail: retry, continueOnFail: onUnknownOutcome === 'doNotResend' });
		return { run, expected: input.flatMap((item) => item.expected) };
	}

	test('Resend: random bodies × fault positions × batching × concurrency 1–50 → each recipient exactly one accepted send', async () => {
		await fc.assert(
			fc.asyncProperty(scenario, async (generated) => {
				const { run, expected } = await runScenario(generated, 'resend');
				expect(run.error).toBeUndefined();
				expect(Object.fromEntries(sentCount())).toEqual(Object.fromEntries(expected.map((to) => [to, 1])));
				const byId = new Map(emulator.messages.map((message) => [message.messageid, message.to]));
				expect(run.items.map((item) => byId.get(item.json.messageid as string))).toEqual(expected);
				expect(Math.max(...recipientsPerRequest())).toBeLessThanOrEqual(generated.batched ? generated.batchSize : MAX_RECIPIENTS_PER_REQUEST);
			}),
			{ numRuns: 700 },
		);
	}, 600_000);

	test('Do Not Resend: no recipient twice, none lost: each is sent once or reported with outcome unknown', async () => {
		await fc.assert(
			fc.asyncProperty(scenario, async (generated) => {
				const { run, expected } = await runScenario(generated, 'doNotResend');
				expect(run.error).toBeUndefined();
				expect([...sentCount().values()].every((count) => count === 1)).toBe(true);
				const byId = new Map(emulator.messages.map((message) => [message.messageid, message.to]));
				const outcome = run.items.map((item) => (item.json.outcome === 'unknown' ? `unknown ${item.json.to}` : `sent ${byId.get(item.json.messageid as string)}`));
				expect(outcome).toEqual(expected.map((to) => (sentCount().has(to) ? `sent ${to}` : `unknown ${to}`)));
			}),
			{ numRuns: 300 },
		);
	}, 600_000);
});
