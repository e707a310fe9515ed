/**
 * Send SMS's guards through n8n-core's WorkflowExecute against the emulator over HTTP: Max Segments per
 * Message and Stop if Funds Are Short check every item before the first request; a stopped run makes no
 * send request at all. Segment counts from TS 23.038/23.040 (400 GSM-7 characters: 3 segments).
 */
import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();
const { control } = emulatorClient(() => gateway.emulator);
const requests = () => gateway.emulator.requests.map((request) => `${request.method} ${request.path}`);

const send = (options: Record<string, unknown>) => ({
	resource: 'message',
	operation: 'send',
	sender: { __rl: true, mode: 'id', value: 'Shop' },
	to: '={{ $json.to }}',
	message: '={{ $json.text }}',
	options,
});
/** `count` items to distinct Dutch numbers, one short GSM-7 text each. */
const broadcast = (count: number) =>
	Array.from({ length: count }, (_, i) => ({ to: `+316${String(10_000_000 + i)}`, text: `Hello ${i}` }));

beforeEach(async () => {
	await control('POST', '/emulator/reset');
	await control('PATCH', '/emulator/account', { balance: 1e6 });
	await control('DELETE', '/emulator/requests');
});

describe('Max Segments per Message', () => {
	test('one item of 500 over the limit stops the run before any request, naming the item and its count', async () => {
		const items = broadcast(500);
		items[317].text = 'a'.repeat(400);
		const run = await runAction(send({ maxSegments: 2 }), items, gateway.credentials);
		expect(run.error?.message).toBe('Max Segments per Message: item 317 takes 3 segments (GSM-7); the limit is 2');
		expect(run.error?.description).toBe(
			'1 of 500 items takes more segments than allowed: shorten the message or raise the limit. Nothing was sent.',
		);
		expect(requests()).toEqual([]);
	});

	test('a UCS-2 item counts in UCS-2 segments: 71 characters with an emoji are 2', async () => {
		const items = broadcast(3);
		items[1].text = '😀' + 'a'.repeat(70);
		const run = await runAction(send({ maxSegments: 1 }), items, gateway.credentials);
		expect(run.error?.message).toBe('Max Segments per Message: item 1 takes 2 segments (UCS-2); the limit is 1');
		expect(requests()).toEqual([]);
	});

	test('within the limit the run sends as before', async () => {
		const run = await runAction(
			send({ maxSegments: 3 }),
			broadcast(3).map((item) => ({ ...item, text: 'a'.repeat(400) })),
			gateway.credentials,
		);
		expect(run.error).toBeUndefined();
		expect(gateway.emulator.messages.map((message) => message.segments)).toEqual([3, 3, 3]);
	});

	test('Continue On Fail: every item is an error item, nothing is sent', async () => {
		const items = broadcast(3);
		items[2].text = 'a'.repeat(200);
		const run = await runAction(send({ maxSegments: 1 }), items, gateway.credentials, { continueOnFail: true });
		expect(run.items.map((item) => item.json.error)).toEqual(
			Array(3).fill('Max Segments per Message: item 2 takes 2 segments (GSM-7); the limit is 1'),
		);
		expect(requests()).toEqual([]);
	});
});

describe('Stop if Funds Are Short', () => {
	test('500 items at 1 credit each against a balance of 300: one balance read, no send, the item where funds run out', async () => {
		await control('PATCH', '/emulator/account', { balance: 300 });
		const run = await runAction(
			send({ stopIfFundsShort: true, creditsPerSegment: 1 }),
			broadcast(500),
			gateway.credentials,
		);
		expect(run.error?.message).toBe(
			'Stop if Funds Are Short: the run needs an estimated 500 credits; the balance is 300',
		);
		expect(run.error?.description).toBe(
			'The balance runs short at item 300: top it up, or send fewer items. Nothing was sent.',
		);
		expect(requests()).toEqual(['GET /v1/balance']);
		expect(gateway.emulator.messages).toEqual([]);
	});

	test('the country rates count: 2 segments to a +44 number at 2 credits (4.5 in all, more than 4)', async () => {
		await control('PATCH', '/emulator/account', { balance: 4 });
		const options = {
			stopIfFundsShort: true,
			creditsPerSegment: 0.5,
			creditsPerCountry: { rates: [{ callingCode: '44', creditsPerSegment: 2 }] },
		};
		const items = [
			{ to: '+31612345678', text: 'Hi' },
			{ to: '+447700100123', text: 'a'.repeat(161) },
		];
		const run = await runAction(send(options), items, gateway.credentials);
		expect(run.error?.message).toBe(
			'Stop if Funds Are Short: the run needs an estimated 4.5 credits; the balance is 4',
		);
		expect(requests()).toEqual(['GET /v1/balance']);
	});

	test('enough funds: the balance is read once, then the run sends', async () => {
		await control('PATCH', '/emulator/account', { balance: 500 });
		const run = await runAction(
			send({ stopIfFundsShort: true, creditsPerSegment: 1 }),
			broadcast(500),
			gateway.credentials,
		);
		expect(run.error).toBeUndefined();
		expect(requests().filter((request) => request === 'GET /v1/balance')).toHaveLength(1);
		expect(requests()[0]).toBe('GET /v1/balance');
		expect(gateway.emulator.messages).toHaveLength(500);
	});

	test('without Credits per Segment it stops and says what is missing and where to add it, before any request', async () => {
		const run = await runAction(send({ stopIfFundsShort: true }), broadcast(2), gateway.credentials);
		expect(run.error?.message).toBe('Stop if Funds Are Short needs Credits per Segment');
		expect(run.error?.description).toBe(
			"Add it in this node: Options → Add Option → Credits per Segment (what one segment costs, in the balance's unit), or Credits per Segment by Country. Nothing was sent.",
		);
		expect(requests()).toEqual([]);
	});

	test('Retry On Fail: recipients accepted on the first try are not counted again against the lowered balance', async () => {
		// Balance 3 for 3 items of 1 credit; the second send fails (HTTP 400), n8n runs the node again: the balance is then
		// 2 for the 2 items still to send.
		await control('PATCH', '/emulator/account', { balance: 3 });
		await control('POST', '/emulator/faults', { status: 400, count: 1, after: 2 });
		const options = { stopIfFundsShort: true, creditsPerSegment: 1, batchRecipients: false, concurrency: 1 };
		const run = await runAction(send(options), broadcast(3), gateway.credentials, {
			retryOnFail: { maxTries: 2, waitBetweenTries: 1 },
		});
		expect(run.error).toBeUndefined();
		expect(requests()).toEqual([
			'GET /v1/balance',
			'POST /v1/message/send',
			'POST /v1/message/send',
			'GET /v1/balance',
			'POST /v1/message/send',
			'POST /v1/message/send',
		]);
		expect(gateway.emulator.messages).toHaveLength(3);
	});
});

describe("each item's own guards (an expression may give each item its own value)", () => {
	/** 200 GSM-7 characters: 2 segments (more than 160; 153 per part). */
	const long = 'a'.repeat(200);

	test('Max Segments from an expression, items 0–4 at 3 and 5–9 at 1: the run stops before its first request at item 5', async () => {
		const items = broadcast(10).map((item, index) => ({ ...item, text: long, max: index < 5 ? 3 : 1 }));
		const run = await runAction(send({ maxSegments: '={{ $json.max }}' }), items, gateway.credentials);
		expect(run.error?.message).toBe('Max Segments per Message: item 5 takes 2 segments (GSM-7); the limit is 1');
		expect(run.error?.description).toBe(
			'5 of 10 items take more segments than allowed: shorten the message or raise the limit. Nothing was sent.',
		);
		expect(requests()).toEqual([]);
	});

	test.each([
		[0, '0'],
		[-1, '-1'],
		[2.5, '2.5'],
		['two', '"two"'],
	])('Max Segments %j says what it got: %s', async (max, shown) => {
		const run = await runAction(
			send({ maxSegments: '={{ $json.max }}' }),
			[{ ...broadcast(1)[0], max }],
			gateway.credentials,
		);
		expect(run.error?.message).toBe(`Max Segments per Message: must be a whole number, 1 or more; got ${shown}`);
		expect(requests()).toEqual([]);
	});

	test('Credits per Segment from an expression: item 2 at 5 credits makes 7 of a balance of 6', async () => {
		await control('PATCH', '/emulator/account', { balance: 6 });
		const items = broadcast(3).map((item, index) => ({ ...item, rate: index < 2 ? 1 : 5 }));
		const run = await runAction(
			send({ stopIfFundsShort: true, creditsPerSegment: '={{ $json.rate }}' }),
			items,
			gateway.credentials,
		);
		expect(run.error?.message).toBe('Stop if Funds Are Short: the run needs an estimated 7 credits; the balance is 6');
		expect(run.error?.description).toBe(
			'The balance runs short at item 2: top it up, or send fewer items. Nothing was sent.',
		);
		expect(requests()).toEqual(['GET /v1/balance']);
	});

	test('Stop if Funds Are Short on for item 2 only: items 0–2 are counted (3 credits, balance 2)', async () => {
		await control('PATCH', '/emulator/account', { balance: 2 });
		const items = broadcast(3).map((item, index) => ({ ...item, guard: index === 2 }));
		const run = await runAction(
			send({ stopIfFundsShort: '={{ $json.guard }}', creditsPerSegment: 1 }),
			items,
			gateway.credentials,
		);
		expect(run.error?.message).toBe('Stop if Funds Are Short: the run needs an estimated 3 credits; the balance is 2');
		expect(requests()).toEqual(['GET /v1/balance']);
	});
});
