/**
 * Loop Guard (docs/sms-assistants.md#loop-guard) on Send SMS and Send and Wait for Response, in n8n-core's
 * WorkflowExecute against the emulator over HTTP: the conversation with each recipient is read before sending and
 * our messages in it counted; at Max Messages the recipient is skipped (or refuses its item). Several executions
 * of one process sending to one number at once are counted one after the other. Every number is used by one test
 * only (the emulator's conversations last the whole file).
 */
import type { IDataObject } from 'n8n-workflow';

import { useEmulator } from '../support/emulator';
import { emulatorClient } from '../support/emulator-client';
import { runAction, type ActionSettings } from '../support/run';

const gateway = useEmulator();
const { control, api } = emulatorClient(() => gateway.emulator);

const loopGuard = (values: IDataObject) => ({ loopGuard: { values } });
const send = (to: string, options: IDataObject, fields: IDataObject = {}): IDataObject => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to,
	message: 'Thanks, we will call you back',
	options,
	...fields,
});
const run = (parameters: IDataObject, settings?: ActionSettings, items: IDataObject[] = [{}]) =>
	runAction(parameters, items, gateway.credentials, settings);
/** The SMS the emulator accepted for `to`. */
const smsTo = (to: string) => gateway.emulator.messages.filter((message) => message.to === to);
/** Messages sent to `to` outside the node (another workflow of the account). */
async function sendOutside(to: string, count: number) {
	for (let index = 0; index < count; index++)
		await api('POST', '/v1/message/send', { sender: 'Shop', to, message: `Earlier ${index}` });
}

test('10 executions at once to one number with Max Messages 5: exactly 5 SMS; the others are skipped, each counting 5', async () => {
	const to = '31610004301';
	const runs = await Promise.all(
		Array.from({ length: 10 }, () => run(send(`+${to}`, loopGuard({ maxMessages: 5, withinMinutes: 10 })))),
	);
	expect(runs.map((one) => one.error)).toEqual(Array(10).fill(undefined));
	expect(smsTo(to)).toHaveLength(5);
	const outputs = runs.map((one) => one.items[0].json);
	expect(outputs.filter((json) => typeof json.messageid === 'string')).toHaveLength(5);
	expect(outputs.filter((json) => json.skipped === 'loopGuard')).toEqual(
		Array(5).fill({ to, skipped: 'loopGuard', sentRecently: 5 }),
	);
});

test('Mode Skip: messages sent outside the node count; the skipped item is paired with its input, nothing is sent', async () => {
	const to = '31610004302';
	await sendOutside(to, 3);
	const below = await run(send(to, loopGuard({ maxMessages: 4, withinMinutes: 10, mode: 'skip' })));
	expect(below.items[0].json).toMatchObject({ to, messageid: expect.any(String) });
	const before = gateway.emulator.messages.length;
	const atLimit = await run(send(to, loopGuard({ maxMessages: 4, withinMinutes: 10, mode: 'skip' })));
	expect(atLimit.error).toBeUndefined();
	expect(atLimit.items).toEqual([{ json: { to, skipped: 'loopGuard', sentRecently: 4 }, pairedItem: { item: 0 } }]);
	expect(gateway.emulator.messages).toHaveLength(before);
	const read = gateway.emulator.requests.filter((request) => request.path === `/v1/conversation/${to}`);
	expect(read.length).toBeGreaterThanOrEqual(2);
});

test('items of one run to one number: counted in order, the third of Max 2 skipped; another number goes out', async () => {
	const to = '31610004303';
	const other = '31610004304';
	const { items, error } = await run(send('={{ $json.to }}', loopGuard({ maxMessages: 2 })), {}, [
		{ to },
		{ to: other },
		{ to },
		{ to },
	]);
	expect(error).toBeUndefined();
	expect(items.map((item) => [item.json.to, item.json.skipped ?? 'sent', item.pairedItem])).toEqual([
		[to, 'sent', { item: 0 }],
		[other, 'sent', { item: 1 }],
		[to, 'sent', { item: 2 }],
		[to, 'loopGuard', { item: 3 }],
	]);
	expect(smsTo(to)).toHaveLength(2);
});

test('Mode Error: the node fails naming the number and what to do; with Continue On Fail the item is the error', async () => {
	const to = '31610004305';
	await sendOutside(to, 2);
	const before = gateway.emulator.messages.length;
	const failed = await run(send(to, loopGuard({ maxMessages: 2, withinMinutes: 10, mode: 'error' })));
	expect(failed.error?.message).toBe(`Loop Guard: 2 messages to ${to} in the last 10 minutes (Max Messages 2)`);
	expect(failed.error?.description).toMatch(/^Mode is Error, so nothing of this item was sent\. /);
	expect(failed.error?.description).toMatch(/Send again once the window has passed, raise Max Messages/);
	const continued = await run(send(to, loopGuard({ maxMessages: 2, mode: 'error' })), { continueOnFail: true });
	expect(continued.items).toEqual([
		{
			json: expect.objectContaining({ error: expect.stringMatching(/^Loop Guard: 2 messages/) }),
			pairedItem: { item: 0 },
		},
	]);
	expect(gateway.emulator.messages).toHaveLength(before);
});

test('refused before any request: two recipients, a group, values out of range; Continue On Fail makes it the item', async () => {
	gateway.emulator.requests.length = 0;
	const two = await run(send('+31610004306, +31610004307', loopGuard({})));
	expect(two.error?.message).toBe('Loop Guard: this item has 2 recipients');
	expect(two.error?.description).toMatch(
		/^Loop Guard reads the conversation with each recipient before sending, one read per number, and a reply has one recipient\. /,
	);
	const group = await run(send('', loopGuard({}), { sendTo: 'group', groupId: '4821' }));
	expect(group.error?.message).toMatch(/^Loop Guard: a group send has many recipients/);
	const zero = await run(send('+31610004306', loopGuard({ maxMessages: 0 })), { continueOnFail: true });
	expect(zero.items[0].json.error).toBe('Loop Guard: Max Messages must be a whole number from 1 to 1000; got 0');
	expect(gateway.emulator.requests).toEqual([]);
});

test('Retry On Fail: a number sent on the first try is not counted nor sent again on the retry', async () => {
	const first = '31610004308';
	const second = '31610004309';
	// The second send fails (500, its outcome unknown; Resend lets the retry send it).
	await control('POST', '/emulator/faults', { status: 500, after: 1, path: '/v1/message/send' });
	const { items, error } = await run(
		send('={{ $json.to }}', {
			...loopGuard({ maxMessages: 1 }),
			batchRecipients: false,
			concurrency: 1,
			onUnknownOutcome: 'resend',
		}),
		{ retryOnFail: { maxTries: 2, waitBetweenTries: 0 } },
		[{ to: first }, { to: second }],
	);
	expect(error).toBeUndefined();
	expect(smsTo(first)).toHaveLength(1);
	expect(smsTo(second)).toHaveLength(1);
	expect(items.map((item) => item.json.messageid)).toEqual([smsTo(first)[0].messageid, smsTo(second)[0].messageid]);
});

test('Send and Wait for Response at the limit: skipped, nothing sent, the execution does not wait', async () => {
	const to = '31610004310';
	await sendOutside(to, 1);
	const asked = await run(
		{
			resource: 'message',
			operation: 'sendAndWait',
			sender: '3197010000001',
			to,
			message: 'Approve the refund?',
			responseType: 'approval',
			options: loopGuard({ maxMessages: 1 }),
		},
		{ executionId: '43', nodeId: 'loop-guard-question' },
	);
	expect(asked.error).toBeUndefined();
	expect(asked.waiting).toBeUndefined();
	expect(asked.items).toEqual([{ json: { to, skipped: 'loopGuard', sentRecently: 1 }, pairedItem: { item: 0 } }]);
	expect(smsTo(to)).toHaveLength(1);
});

describe('Conversation → Get Unanswered with Loop Guard: the same one read counts what was sent', () => {
	const unanswered = (phone: string, values: IDataObject) => ({
		resource: 'conversation',
		operation: 'getUnanswered',
		phone,
		options: loopGuard(values),
	});

	test('below the limit sentRecently; at it skipped: loopGuard too, the unanswered text still there; one request each', async () => {
		const phone = '31610004311';
		await sendOutside(phone, 2);
		await control('POST', '/emulator/inbound', { from: phone, content: 'Automatic reply: I am away' });
		gateway.emulator.requests.length = 0;
		const below = await run(unanswered(phone, { maxMessages: 3, withinMinutes: 10 }));
		expect(below.items[0].json).toMatchObject({ phone, count: 1, sentRecently: 2 });
		expect(below.items[0].json.skipped).toBeUndefined();
		await sendOutside(phone, 1);
		const atLimit = await run(unanswered(phone, { maxMessages: 3, withinMinutes: 10, mode: 'skip' }));
		expect(atLimit.error).toBeUndefined();
		expect(atLimit.items[0].json).toMatchObject({ phone, skipped: 'loopGuard', sentRecently: 3, count: 0 });
		expect(gateway.emulator.requests.filter((request) => request.path.startsWith('/v1/conversation/'))).toHaveLength(2);
	});

	test('Mode Error at the limit fails naming the number; values out of range are refused before any request', async () => {
		const phone = '31610004312';
		await sendOutside(phone, 2);
		const failed = await run(unanswered(phone, { maxMessages: 2, withinMinutes: 5, mode: 'error' }));
		expect(failed.error?.message).toBe(`Loop Guard: 2 messages to ${phone} in the last 5 minutes (Max Messages 2)`);
		expect(failed.error?.description).toMatch(/^Mode is Error, so the item is refused\. /);
		gateway.emulator.requests.length = 0;
		const refused = await run(unanswered(phone, { maxMessages: 0 }), { continueOnFail: true });
		expect(refused.items[0].json.error).toBe('Loop Guard: Max Messages must be a whole number from 1 to 1000; got 0');
		expect(gateway.emulator.requests).toEqual([]);
	});

	test('7 executions at once with Max Messages 5: 5 reserve an answer, 2 are skipped before their model; each send takes its own reservation; an item with nothing to answer reserves nothing', async () => {
		const phone = '31610004313';
		const executions = Array.from({ length: 7 }, (_, index) => `reserve-${index}`);
		const read = async (executionId: string) =>
			(await run(unanswered(phone, { maxMessages: 5, withinMinutes: 10, mode: 'skip' }), { executionId })).items[0]
				.json;
		// Nothing unanswered yet: these items are not answered, so they reserve nothing.
		for (const executionId of ['idle-1', 'idle-2', 'idle-3'])
			expect(await read(executionId)).toMatchObject({ count: 0, sentRecently: 0 });
		await control('POST', '/emulator/inbound', { from: phone, content: 'Hello?' });
		const items = await Promise.all(executions.map(read));
		const goOn = executions.filter((_, index) => items[index].skipped === undefined);
		expect(goOn).toHaveLength(5);
		expect(items.filter((json) => json.skipped === 'loopGuard')).toEqual(
			Array(2).fill(expect.objectContaining({ skipped: 'loopGuard', sentRecently: 5 })),
		);
		// The five answers are sent, each by the execution that reserved it: its own reservation is not counted against it.
		for (const executionId of goOn) {
			const sent = await run(send(phone, loopGuard({ maxMessages: 5, withinMinutes: 10 })), { executionId });
			expect(sent.items[0].json).toMatchObject({ to: phone, messageid: expect.any(String) });
		}
		expect(smsTo(phone)).toHaveLength(5);
		// The sends took the reservations' places: a later read counts 5, not 10.
		expect(await read('reserve-later')).toMatchObject({ skipped: 'loopGuard', sentRecently: 5 });
	});
});
