/**
 * Loop Guard (docs/sms-assistants.md#loop-guard) when the conversation cannot be read (HTTP 500, 404, 429, no
 * answer within the Timeout option), in n8n-core's WorkflowExecute against the emulator's queued faults: the item
 * whose read failed is its error (Continue On Fail, the error output) paired with its input, the others go out once,
 * Retry On Fail sends nobody twice, and Send and Wait for Response fails or gives the error item. Every number is
 * used by one test only.
 */
import type { IDataObject } from 'n8n-workflow';

import { useEmulator } from '../support/emulator';
import { emulatorClient } from '../support/emulator-client';
import { runAction, type ActionSettings } from '../support/run';

const gateway = useEmulator();
const { control } = emulatorClient(() => gateway.emulator);

const send = (options: IDataObject = {}): IDataObject => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to: '={{ $json.to }}',
	message: 'Thanks, we will call you back',
	options: { loopGuard: { values: { maxMessages: 5 } }, timeout: 300, ...options },
});
const run = (parameters: IDataObject, settings: ActionSettings, items: IDataObject[]) =>
	runAction(parameters, items, gateway.credentials, settings);
const smsTo = (to: string) => gateway.emulator.messages.filter((message) => message.to === to);
/** The conversation with `to` fails its next three reads (a read is tried three times) with `status`. */
const failReads = (to: string, status: number | 'hang') =>
	control('POST', '/emulator/faults', { status, count: 3, path: `/v1/conversation/${to}`, retryAfter: 0 });

const failures: Array<[string, number | 'hang', string, RegExp]> = [
	['HTTP 500', 500, '31610004401', /HTTP 500/],
	['HTTP 404', 404, '31610004402', /HTTP 404/],
	['HTTP 429', 429, '31610004403', /HTTP 429/],
	['no answer within Timeout', 'hang', '31610004404', /No answer from the gateway within 300 ms/],
];

describe.each(failures)('the read fails (%s)', (_, status, failing, named) => {
	const other = failing.replace(/^316100044/, '316100045');

	test('Continue On Fail: that item is its error, paired, nothing sent to it; the other item goes out', async () => {
		await failReads(failing, status);
		const { items, error } = await run(send(), { continueOnFail: true }, [{ to: failing }, { to: other }]);
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{ json: expect.objectContaining({ error: expect.stringMatching(named) }), pairedItem: { item: 0 } },
			{ json: expect.objectContaining({ to: other, messageid: smsTo(other)[0].messageid }), pairedItem: { item: 1 } },
		]);
		expect(smsTo(failing)).toEqual([]);
		expect(smsTo(other)).toHaveLength(1);
	});
});

test('the error output gets the item whose read failed, the regular output the one sent', async () => {
	const [failing, other] = ['31610004411', '31610004412'];
	await failReads(failing, 500);
	const { items, errorItems, error } = await run(send(), { errorOutput: true }, [{ to: other }, { to: failing }]);
	expect(error).toBeUndefined();
	expect(errorItems).toEqual([
		{ json: expect.objectContaining({ error: expect.stringMatching(/HTTP 500/) }), pairedItem: { item: 1 } },
	]);
	expect(items).toEqual([{ json: expect.objectContaining({ to: other }), pairedItem: { item: 0 } }]);
	expect(smsTo(failing)).toEqual([]);
	expect(smsTo(other)).toHaveLength(1);
});

test('Retry On Fail: a failed read stops the try before any send; the retry sends each number once', async () => {
	const [first, second] = ['31610004413', '31610004414'];
	await failReads(second, 500);
	const { items, error } = await run(send(), { retryOnFail: { maxTries: 2, waitBetweenTries: 0 } }, [
		{ to: first },
		{ to: second },
	]);
	expect(error).toBeUndefined();
	expect(smsTo(first)).toHaveLength(1);
	expect(smsTo(second)).toHaveLength(1);
	expect(items.map((item) => [item.json.messageid, item.pairedItem])).toEqual([
		[smsTo(first)[0].messageid, { item: 0 }],
		[smsTo(second)[0].messageid, { item: 1 }],
	]);
});

describe('Send and Wait for Response with Loop Guard, the read failing', () => {
	const ask = (to: string): IDataObject => ({
		resource: 'message',
		operation: 'sendAndWait',
		sender: '3197010000001',
		to,
		message: 'Approve the refund?',
		responseType: 'approval',
		options: { loopGuard: { values: { maxMessages: 2 } }, timeout: 300 },
	});

	test.each([
		[500, '31610004421'],
		['hang' as const, '31610004422'],
	])('%s: Continue On Fail gives the error item and nothing waits; without it the node fails', async (status, to) => {
		await failReads(to, status);
		const continued = await run(ask(to), { continueOnFail: true, executionId: '44', nodeId: 'guarded-question' }, [{}]);
		expect(continued.waiting).toBeUndefined();
		expect(continued.items).toEqual([
			{
				json: expect.objectContaining({ error: expect.stringMatching(/HTTP 500|No answer/) }),
				pairedItem: { item: 0 },
			},
		]);
		await failReads(to, status);
		const failed = await run(ask(to), { executionId: '45', nodeId: 'guarded-question' }, [{}]);
		expect(failed.error?.message).toMatch(/HTTP 500|No answer/);
		expect(failed.waiting).toBeUndefined();
		expect(smsTo(to)).toEqual([]);
	});
});

test("Conversation → Get Unanswered: each try of its read waits the Timeout option's milliseconds, not 30 s", async () => {
	const phone = '31610004431';
	await failReads(phone, 'hang');
	const started = Date.now();
	const { error } = await run(
		{ resource: 'conversation', operation: 'getUnanswered', phone, options: { timeout: 300 } },
		{},
		[{}],
	);
	expect(error?.message).toMatch(/^No answer from the gateway within 300 ms/);
	// Three tries of 300 ms and the waits of 1 and 2 s between them (about 4 s); three tries of the default 30 s would
	// take more than 90 s. The bound leaves room for a busy machine.
	expect(Date.now() - started).toBeLessThan(30_000);
	const refused = await run(
		{ resource: 'conversation', operation: 'getUnanswered', phone, options: { timeout: 0 } },
		{ continueOnFail: true },
		[{}],
	);
	expect(refused.items[0].json.error).toBe('Timeout: must be a whole number from 1 to 2147483647; got 0');
});
