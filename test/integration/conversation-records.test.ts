/**
 * Conversation records as a gateway may list them, for Get Unanswered and Loop Guard (docs/sms-assistants.md), in
 * n8n-core's WorkflowExecute over HTTP: the emulator answers the conversation read with the records given (a queued
 * `200` fault with its body). Records without an ID that are alike but listed separately are separate messages;
 * a record dated in the future beyond a few minutes' clock skew stops the read, naming the record and the clocks.
 * Every number is used by one test only.
 */
import type { IDataObject } from 'n8n-workflow';

import { useEmulator } from '../support/emulator';
import { emulatorClient } from '../support/emulator-client';
import { runAction, type ActionSettings } from '../support/run';

const gateway = useEmulator();
const { control } = emulatorClient(() => gateway.emulator);

const run = (parameters: IDataObject, settings: ActionSettings = {}) =>
	runAction(parameters, [{}], gateway.credentials, settings);
const smsTo = (to: string) => gateway.emulator.messages.filter((message) => message.to === to);
/** The next read of the conversation with `phone` answers `records`, as the gateway's envelope. */
const answerReads = (phone: string, records: IDataObject[]) =>
	control('POST', '/emulator/faults', {
		status: 200,
		path: `/v1/conversation/${phone}`,
		body: { total: records.length, shown: records.length, page: 1, limit: 2000, conversation: records },
	});
const second = Math.floor(Date.now() / 1000) - 30;
const record = (direction: 'inbound' | 'outbound', phone: string, message: string, at = second): IDataObject => ({
	messageId: null,
	direction,
	sender: direction === 'inbound' ? phone : 'Shop',
	receiver: direction === 'inbound' ? '3197010000001' : phone,
	message,
	file: null,
	datetime: '',
	unixDatetime: at,
	deliveryStatus: null,
});
const unanswered = (phone: string, options: IDataObject = {}, receivedAt = '') => ({
	resource: 'conversation',
	operation: 'getUnanswered',
	phone,
	receivedAt,
	options,
});
const guarded = (to: string, maxMessages: number) => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to,
	message: 'Thanks, we will call you back',
	options: { loopGuard: { values: { maxMessages } } },
});

describe('records alike without an ID, listed separately', () => {
	test('Get Unanswered: three "Yes" of one second are three messages', async () => {
		const phone = '31610004701';
		await answerReads(phone, [
			record('outbound', phone, 'Shall we call you?', second - 5),
			...Array(3).fill(record('inbound', phone, 'Yes')),
		]);
		const { items, error } = await run(unanswered(phone));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ count: 3, text: 'Yes\nYes\nYes' });
	});

	test('Loop Guard: 5 outgoing records alike are 5 messages, so Max Messages 5 skips', async () => {
		const to = '31610004702';
		await answerReads(to, Array(5).fill(record('outbound', to, 'Thanks, we will call you back')));
		const { items, error } = await run(guarded(to, 5));
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ to, skipped: 'loopGuard', sentRecently: 5 });
		expect(smsTo(to)).toEqual([]);
	});
});

describe('a record dated in the future (a clock written as UTC): the read stops, naming the record and the clocks', () => {
	const hoursAhead = Math.floor(Date.now() / 1000) + 2 * 3600;
	const ahead =
		/^Record 1 of the conversation is dated 120 minutes after n8n's clock \(unixDatetime \d+, [\d-]+T[\d:.]+Z\): the gateway's clock or n8n's is wrong/;

	test('Get Unanswered fails (an error item with Continue On Fail); 4 minutes ahead is a clock drifting, taken as it is', async () => {
		const phone = '31610004711';
		const records = [record('outbound', phone, 'Shall we call you?'), record('inbound', phone, 'Yes', hoursAhead)];
		await answerReads(phone, records);
		const failed = await run(unanswered(phone, {}, new Date().toISOString()));
		expect(failed.error?.message).toBe(`The conversation with ${phone} cannot be read`);
		expect(failed.error?.description).toMatch(ahead);
		await answerReads(phone, records);
		const continued = await run(unanswered(phone), { continueOnFail: true });
		expect(continued.items[0].json.error).toMatch(/cannot be read/);
		const drifting = Math.floor(Date.now() / 1000) + 4 * 60;
		await answerReads(phone, [records[0], record('inbound', phone, 'Yes', drifting)]);
		const receivedAt = new Date(drifting * 1000).toISOString();
		expect((await run(unanswered(phone, {}, receivedAt))).items[0].json).toMatchObject({ count: 1, isLatest: true });
	});

	test('Loop Guard sends nothing and names the record; with Continue On Fail that item is the error', async () => {
		const to = '31610004712';
		await answerReads(to, [record('outbound', to, 'Thanks', second), record('outbound', to, 'Thanks', hoursAhead)]);
		const failed = await run(guarded(to, 5));
		expect(failed.error?.message).toBe(`Loop Guard: the conversation with ${to} cannot be read`);
		expect(failed.error?.description).toMatch(/^Record 1 of the conversation is dated 120 minutes after n8n's clock/);
		await answerReads(to, [record('outbound', to, 'Thanks', hoursAhead)]);
		const continued = await run(guarded(to, 5), { continueOnFail: true });
		expect(continued.items).toEqual([
			{ json: expect.objectContaining({ error: expect.stringMatching(/cannot be read/) }), pairedItem: { item: 0 } },
		]);
		expect(smsTo(to)).toEqual([]);
	});
});
