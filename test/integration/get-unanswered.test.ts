/**
 * Conversation → Get Unanswered in n8n-core's WorkflowExecute against the emulator over HTTP: the thread is built
 * as it happens (incoming SMS through the control API, our answer through the send API), whole seconds apart as
 * the conversation list counts them. Expected: the incoming texts after our last answer, in the order they were
 * written (docs/sms-assistants.md#get-unanswered), read with one request of the list's largest page.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();
const PHONE = '31612000043';
const { control, api } = emulatorClient(() => gateway.emulator);

/** An incoming SMS from PHONE; its webhook's UTC dates, as a workflow's trigger gives them. */
async function writeIn(content: string): Promise<{ date_utc_iso8601: string; date_utc: string }> {
	const { event } = await control<{ event: { message: { date_utc_iso8601: string; date_utc: string } } }>(
		'POST',
		'/emulator/inbound',
		{ from: PHONE, content },
	);
	return event.message;
}
/** On to the next whole second: the conversation list counts seconds. */
const nextSecond = () => sleep(1000 - (Date.now() % 1000) + 20);

const run = (parameters: Record<string, unknown>, settings: { continueOnFail?: boolean } = {}) => {
	gateway.emulator.requests.length = 0;
	return runAction(
		{ resource: 'conversation', operation: 'getUnanswered', ...parameters },
		[{}],
		gateway.credentials,
		settings,
	);
};

/** The trigger's date_utc_iso8601 of each incoming SMS after our answer, and its date_utc. */
const received: string[] = [];
const receivedUtc: string[] = [];
beforeAll(async () => {
	await writeIn('Hi');
	await nextSecond();
	await api('POST', '/v1/message/send', { message: 'Hello, how can I help?', sender: 'Shop', to: PHONE });
	for (const text of ['I ordered', 'a blue lamp', 'where is it?']) {
		await nextSecond();
		const { date_utc_iso8601, date_utc } = await writeIn(text);
		received.push(date_utc_iso8601);
		receivedUtc.push(date_utc);
	}
});

test('the messages since our answer, oldest first; the last one is the latest, the first is not', async () => {
	const latest = await run({ phone: `+${PHONE}`, receivedAt: received[2] });
	expect(latest.error).toBeUndefined();
	expect(latest.items).toHaveLength(1);
	const { json } = latest.items[0];
	expect(json).toMatchObject({
		phone: PHONE,
		text: 'I ordered\na blue lamp\nwhere is it?',
		count: 3,
		isLatest: true,
		senderKind: 'number',
	});
	expect((json.messages as Record<string, unknown>[]).map((message) => [message.direction, message.message])).toEqual([
		['inbound', 'I ordered'],
		['inbound', 'a blue lamp'],
		['inbound', 'where is it?'],
	]);
	expect(json.messages).toEqual(
		Array.from({ length: 3 }, () => expect.objectContaining({ messageId: null, sender: PHONE, senderKind: 'number' })),
	);
	expect(latest.items[0].pairedItem).toEqual({ item: 0 });
	expect(gateway.emulator.requests.map((request) => `${request.path}?${request.query}`)).toEqual([
		`/v1/conversation/${PHONE}?limit=2000&page=1`,
	]);
	const first = await run({ phone: PHONE, receivedAt: received[0] });
	expect(first.items[0].json).toMatchObject({ count: 3, isLatest: false });
});

test('Received At empty: isLatest is true; a date in another offset names the same second', async () => {
	expect((await run({ phone: PHONE })).items[0].json).toMatchObject({ count: 3, isLatest: true });
	const sameInstant = new Date(Date.parse(received[1]) + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
	expect((await run({ phone: PHONE, receivedAt: sameInstant })).items[0].json).toMatchObject({ isLatest: false });
});

/** Received At in each form it takes (docs/sms-assistants.md#get-unanswered), for the SMS `index` after our answer. */
const receivedForms = (index: number): Array<[string, string | number]> => {
	const seconds = Date.parse(received[index]) / 1000;
	return [
		['ISO 8601 with its offset', received[index]],
		['epoch seconds', seconds],
		['epoch seconds as text', String(seconds)],
		['epoch milliseconds', seconds * 1000],
		['epoch milliseconds as text', String(seconds * 1000)],
		["the gateway's date_utc, read as UTC", receivedUtc[index]],
	];
};

test.each([0, 1, 2])("Received At in every form names the same second (the burst's message %i)", async (index) => {
	const isLatest = index === 2;
	for (const [form, receivedAt] of receivedForms(index)) {
		const { items } = await run({ phone: PHONE, receivedAt });
		expect({ form, isLatest: items[0].json.isLatest }).toEqual({ form, isLatest });
	}
});

test('refused before any request: a phone that is no number, a Received At that is no date or has no zone', async () => {
	const phone = await run({ phone: 'Vodafone' });
	expect(phone.error?.message).toMatch(/^Phone Number: "Vodafone" contains "V"/);
	const yesterday = await run({ phone: PHONE, receivedAt: 'yesterday' });
	expect(yesterday.error?.message).toBe('Received At: "yesterday" is not a date with a time zone');
	expect(yesterday.error?.description).toMatch(/^Give ISO 8601 with Z or an offset .*, epoch seconds or milliseconds/);
	// The gateway's date_utc form, or ISO 8601, without a zone: which zone was meant is not known.
	for (const text of [receivedUtc[0].slice(0, 16), received[0].slice(0, 19), '1732800000.5', '28-11-2024 13:45:10']) {
		const { items } = await run({ phone: PHONE, receivedAt: text }, { continueOnFail: true });
		expect(items[0].json.error).toMatch(new RegExp(`^Received At: "${text}" (is not a date|has no time zone)`));
	}
	expect(gateway.emulator.requests).toEqual([]);
});

test('after our next answer nothing is unanswered', async () => {
	await nextSecond();
	await api('POST', '/v1/message/send', { message: 'It comes today', sender: 'Shop', to: PHONE });
	expect((await run({ phone: PHONE, receivedAt: received[2] })).items[0].json).toEqual({
		phone: PHONE,
		messages: [],
		text: '',
		count: 0,
		isLatest: true,
		senderKind: 'number',
	});
});
