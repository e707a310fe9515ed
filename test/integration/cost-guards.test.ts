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
		expect(run.error?.message).toBe(
			'Max Segments per Message: item 317 takes 3 segments (GSM-7); the limit is 2 (1 of 500 items take more)',
		);
		expect(run.error?.description).toBe('Nothing was sent.');
		expect(requests()).toEqual([]);
	});

	test('a UCS-2 item counts in UCS-2 segments: 71 characters with an emoji are 2', async () => {
		const items = broadcast(3);
		items[1].text = '😀' + 'a'.repeat(70);
		const run = await runAction(send({ maxSegments: 1 }), items, gateway.credentials);
		expect(run.error?.message).toBe(
			'Max Segments per Message: item 1 takes 2 segments (UCS-2); the limit is 1 (1 of 3 items take more)',
		);
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
			Array(3).fill(
				'Max Segments per Message: item 2 takes 2 segments (GSM-7); the limit is 1 (1 of 3 items take more)',
			),
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
			'Stop if Funds Are Short: the run needs an estimated 500 credits; the balance is 300, short from item 300',
		);
		expect(run.error?.description).toBe('Nothing was sent.');
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
			'Stop if Funds Are Short: the run needs an estimated 4.5 credits; the balance is 4, short from item 1',
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

	test('without Credits per Segment it stops and says what is missing, before any request', async () => {
		const run = await runAction(send({ stopIfFundsShort: true }), broadcast(2), gateway.credentials);
		expect(run.error?.message).toBe('Stop if Funds Are Short needs Credits per Segment');
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
