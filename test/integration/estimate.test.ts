/**
 * Message → Estimate Cost through n8n-core's WorkflowExecute against the emulator over HTTP: nothing is
 * sent, the only request is one balance read when Credits per Segment is given, and an item Send
 * would refuse is refused with Send's own words. Expected segment counts come from TS 23.038/23.040
 * (160 / 153 GSM-7, 70 / 67 UCS-2), not from the node.
 */
import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator({ settings: { deliveryDelayMs: 60_000 }, account: { balance: 100 } });
const { control, api } = emulatorClient(() => gateway.emulator);
const requests = () => gateway.emulator.requests.map((request) => `${request.method} ${request.path}`);

const estimate = (fields: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'estimate',
	sender: { __rl: true, mode: 'id', value: 'Shop' },
	to: '={{ $json.to }}',
	message: '={{ $json.text }}',
	...fields,
});
const send = (fields: Record<string, unknown> = {}) => ({ ...estimate(fields), operation: 'send' });

beforeEach(async () => {
	await control('POST', '/emulator/reset');
	await control('PATCH', '/emulator/account', { balance: 100 });
	await control('DELETE', '/emulator/requests');
});

test('per item: encoding, characters, segments per recipient, recipients, total segments, the characters forcing UCS-2; no request at all', async () => {
	const items = [
		{ to: '+31 6 1234 5678, +44 7700 100123', text: 'a'.repeat(161) },
		{ to: '+31 6 1234 5678', text: '“Hi” – 😀' },
		{ to: '+31612345678, +32470123456, +33612345678', text: 'Ж'.repeat(135) },
	];
	const run = await runAction(estimate(), items, gateway.credentials, { typeVersion: 3 });
	expect(run.error).toBeUndefined();
	expect(run.items.map((item) => item.json)).toEqual([
		{ encoding: 'GSM-7', characters: 161, segments: 2, recipients: 2, totalSegments: 4, nonGsmCharacters: [] },
		{
			encoding: 'UCS-2',
			characters: 8,
			segments: 1,
			recipients: 1,
			totalSegments: 1,
			nonGsmCharacters: [
				{ character: '“', index: 0, replacement: '"' },
				{ character: '”', index: 3, replacement: '"' },
				{ character: '–', index: 5, replacement: '-' },
				{ character: '😀', index: 7, replacement: null },
			],
		},
		{
			encoding: 'UCS-2',
			characters: 135,
			segments: 3,
			recipients: 3,
			totalSegments: 9,
			nonGsmCharacters: items[2].text.split('').map((character, index) => ({ character, index, replacement: null })),
		},
	]);
	expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	expect(requests()).toEqual([]);
	expect(gateway.emulator.messages).toEqual([]);
});

test('with Credits per Segment (and a value for +44): credits per item, one balance read, and whether the balance covers the run so far', async () => {
	await control('PATCH', '/emulator/account', { balance: 10 });
	const options = {
		creditsPerSegment: 0.5,
		creditsPerCountry: { rates: [{ callingCode: '44', creditsPerSegment: 2 }] },
	};
	const items = [
		{ to: '+31612345678, +447700100123', text: 'a'.repeat(161) }, // 2 segments: 2 × 0.5 + 2 × 2 = 5
		{ to: '+31612345679', text: 'Hello' }, // 0.5: 5.5 so far
		{ to: '+447700100124, +447700100125', text: 'a'.repeat(161) }, // 2 × 2 × 2 = 8: 13.5 so far
	];
	const run = await runAction(estimate({ options }), items, gateway.credentials, { typeVersion: 3 });
	expect(run.error).toBeUndefined();
	expect(run.items.map(({ json }) => [json.estimatedCredits, json.balance, json.sufficient])).toEqual([
		[5, 10, true],
		[0.5, 10, true],
		[8, 10, false],
	]);
	expect(requests()).toEqual(['GET /v1/balance']);
	expect(gateway.emulator.account.balance).toBe(10);
});

test('a group: its size is unknown (the group list gives ID and name only), so are its credits; nothing is sent', async () => {
	await api('POST', '/v1/contact', [{ phone: '31612345671', groupid: '4821' }]);
	await control('DELETE', '/emulator/requests');
	const fields = {
		sendTo: 'group',
		groupId: { __rl: true, mode: 'id', value: '4821' },
		message: 'Doors open at 9',
		options: { creditsPerSegment: 1 },
	};
	const run = await runAction(estimate(fields), [{}], gateway.credentials, { typeVersion: 3 });
	expect(run.error).toBeUndefined();
	expect(run.items[0].json).toEqual({
		encoding: 'GSM-7',
		characters: 15,
		segments: 1,
		recipients: null,
		totalSegments: null,
		nonGsmCharacters: [],
		estimatedCredits: null,
		balance: 100,
		sufficient: null,
	});
	expect(requests()).toEqual(['GET /v1/balance']);
});

test.each([
	['a national number without Default Country', { to: '06 1234 5678', text: 'Hi' }],
	['an empty message', { to: '+31612345678', text: '   ' }],
	['613 characters', { to: '+31612345678', text: 'a'.repeat(613) }],
])("Send's refusals: %s in item 1 is refused with Send's own error, before any request", async (_, bad) => {
	const items = [{ to: '+31612345678', text: 'Hi' }, bad];
	const sent = await runAction(send(), items, gateway.credentials, { typeVersion: 3 });
	const estimated = await runAction(estimate({ options: { creditsPerSegment: 1 } }), items, gateway.credentials, {
		typeVersion: 3,
	});
	expect(sent.error?.message).toBeDefined();
	expect(estimated.error?.message).toBe(sent.error?.message);
	expect(estimated.error?.description).toBe(sent.error?.description);
	expect(requests()).toEqual([]);
});

test('Continue On Fail: the refused item is an error item, the others are estimated', async () => {
	const items = [
		{ to: '+31612345678', text: 'Hi' },
		{ to: '06 1234 5678', text: 'Hi' },
	];
	const run = await runAction(estimate(), items, gateway.credentials, { typeVersion: 3, continueOnFail: true });
	expect(run.items[0].json).toMatchObject({ segments: 1, recipients: 1 });
	expect(run.items[1].json.error).toMatch(/^To: /);
});

test('a number whose country has no value and no Credits per Segment is refused, naming the number; nothing is read', async () => {
	const options = { creditsPerCountry: { rates: [{ callingCode: '31', creditsPerSegment: 1 }] } };
	const run = await runAction(
		estimate({ options }),
		[{ to: '+31612345678, +447700100123', text: 'Hi' }],
		gateway.credentials,
		{ typeVersion: 3 },
	);
	expect(run.error?.message).toBe('Credits per Segment: no value for 447700100123');
	expect(requests()).toEqual([]);
});

test('a calling code that is none is refused before anything', async () => {
	const options = { creditsPerCountry: { rates: [{ callingCode: '999', creditsPerSegment: 1 }] } };
	const run = await runAction(estimate({ options }), [{ to: '+31612345678', text: 'Hi' }], gateway.credentials, {
		typeVersion: 3,
	});
	expect(run.error?.message).toBe('Credits per Segment by Country: "999" is not a country calling code');
	expect(requests()).toEqual([]);
});

test("each item at its own Credits per Segment (from an expression), as Send's guard counts it", async () => {
	await control('PATCH', '/emulator/account', { balance: 5 });
	const items = [
		{ to: '+31612345678', text: 'Hi', rate: 1 },
		{ to: '+31612345679', text: 'Hi', rate: 3 },
		{ to: '+31612345670', text: 'Hi', rate: 2 },
	];
	const run = await runAction(
		estimate({ options: { creditsPerSegment: '={{ $json.rate }}' } }),
		items,
		gateway.credentials,
	);
	expect(run.items.map(({ json }) => [json.estimatedCredits, json.balance, json.sufficient])).toEqual([
		[1, 5, true],
		[3, 5, true],
		[2, 5, false],
	]);
	expect(requests()).toEqual(['GET /v1/balance']);
});

test('a bad Credits per Segment refuses its own item; with Continue On Fail the others are estimated', async () => {
	const items = [
		{ to: '+31612345678', text: 'Hi', rate: 1 },
		{ to: '+31612345679', text: 'Hi', rate: -1 },
	];
	const options = { creditsPerSegment: '={{ $json.rate }}' };
	const run = await runAction(estimate({ options }), items, gateway.credentials, { continueOnFail: true });
	expect(run.items[0].json).toMatchObject({ estimatedCredits: 1, balance: 100, sufficient: true });
	expect(run.items[1].json.error).toBe('Credits per Segment: must be a number, 0 or more; got -1');
});

test("a saved node's parameters Estimate Cost no longer shows (Sender, Additional Fields, Send's options) are not read: it estimates as without them", async () => {
	const items = [{ to: '+31612345678, +447700900123', text: 'Hi' }];
	const saved = {
		sender: { __rl: true, mode: 'id', value: 'A name far too long for a sender' },
		additionalFields: { date: 'not a date', reference: 'r'.repeat(300), test: 'maybe', subId: 'x' },
		options: {
			creditsPerSegment: 1,
			batchSize: 0,
			concurrency: 0,
			maxSegments: 0,
			stopIfFundsShort: true,
			timeout: -1,
			onUnknownOutcome: 'neither',
			quietHours: { values: { preset: 'custom', days: [], from: 'never', until: 'never', mode: 'error' } },
		},
	};
	for (const typeVersion of [1, 2, 3, 4]) {
		const run = await runAction(estimate(saved), items, gateway.credentials, { typeVersion });
		const plain = await runAction(
			{ ...estimate({ options: { creditsPerSegment: 1 } }), sender: undefined },
			items,
			gateway.credentials,
			{ typeVersion },
		);
		expect({ typeVersion, error: run.error?.message }).toEqual({ typeVersion, error: undefined });
		expect(run.items.map((item) => item.json)).toEqual(plain.items.map((item) => item.json));
		expect(run.items[0].json).toMatchObject({ recipients: 2, totalSegments: 2, estimatedCredits: 2 });
	}
	expect(gateway.emulator.messages).toEqual([]);
});
