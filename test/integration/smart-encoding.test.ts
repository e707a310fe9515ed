/**
 * Smart Encoding through n8n-core's WorkflowExecute against the emulator over HTTP: what the emulator
 * receives and bills is the replaced text; node versions 1–3 send as written unless the option is on;
 * version 4 replaces unless it is off; Send and Wait and Estimate Cost follow the same rule. Segment
 * figures from TS 23.038/23.040: 150 GSM-7 characters are 1 segment, 150 UCS-2 characters 3.
 */
import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();
const { control } = emulatorClient(() => gateway.emulator);
const sentBodies = () =>
	gateway.emulator.requests
		.filter((request) => request.path === '/v1/message/send')
		.map((request) => JSON.parse(request.body).message);

// 150 characters with a “ … ” pair and an em dash.
const TEXT = '“Your order 1001” is ready — pick it up at the desk. '.padEnd(150, 'x');
const PLAIN = TEXT.replace(/[“”]/g, '"').replace('—', '-');
const send = (options: Record<string, unknown> = {}, message = TEXT) => ({
	resource: 'message',
	operation: 'send',
	sender: { __rl: true, mode: 'id', value: 'Shop' },
	to: '+31612345678',
	message,
	options,
});

beforeEach(async () => {
	await control('POST', '/emulator/reset');
	await control('DELETE', '/emulator/requests');
});

test('the text is 150 characters with 3 look-alikes', () => {
	expect([...TEXT]).toHaveLength(150);
	expect(PLAIN).not.toBe(TEXT);
});

test('version 4 (the default): the 150-character text with “ ” and — goes out as 1 GSM-7 segment, as the output says', async () => {
	const run = await runAction(send(), [{}], gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(sentBodies()).toEqual([PLAIN]);
	expect(gateway.emulator.messages.map(({ content, segments, encoding }) => ({ content, segments, encoding }))).toEqual(
		[{ content: PLAIN, segments: 1, encoding: 'GSM-7' }],
	);
	expect(run.items[0].json).toMatchObject({ segments: 1, encoding: 'GSM-7', replacedCharacters: 3 });
});

test.each([
	['version 3 without the option', {}, 3],
	['version 4 with Smart Encoding off', { smartEncoding: false }, 4],
])('%s: the same text goes out as written, 3 UCS-2 segments', async (_, options, typeVersion) => {
	const run = await runAction(send(options), [{}], gateway.credentials, { typeVersion });
	expect(run.error).toBeUndefined();
	expect(sentBodies()).toEqual([TEXT]);
	expect(gateway.emulator.messages.map(({ segments, encoding }) => ({ segments, encoding }))).toEqual([
		{ segments: 3, encoding: 'UCS-2' },
	]);
	expect(run.items[0].json).toMatchObject({ segments: 3, encoding: 'UCS-2' });
	expect(run.items[0].json).not.toHaveProperty('replacedCharacters');
});

test('version 3 with Smart Encoding on replaces too', async () => {
	const run = await runAction(send({ smartEncoding: true }), [{}], gateway.credentials, { typeVersion: 3 });
	expect(sentBodies()).toEqual([PLAIN]);
	expect(run.items[0].json).toMatchObject({ segments: 1, encoding: 'GSM-7', replacedCharacters: 3 });
});

test('a text with an emoji is left untouched: nothing has a GSM-7 form for it', async () => {
	const text = '“Your order” is ready — 😀';
	const run = await runAction(send({}, text), [{}], gateway.credentials);
	expect(sentBodies()).toEqual([text]);
	expect(run.items[0].json).toMatchObject({ encoding: 'UCS-2', replacedCharacters: 0 });
});

test('Retry On Fail: the replaced text is what was accepted, remembered and shown; an accepted item is not sent again', async () => {
	// The second request fails (HTTP 400 is not retried by the transport): n8n runs the node again.
	await control('POST', '/emulator/faults', { status: 400, count: 1, after: 1 });
	const items = [
		{ text: TEXT, to: '+31612345678' },
		{ text: '‘Hi’ – see you…', to: '+31612345679' },
	];
	const parameters = { ...send({ batchRecipients: false }), to: '={{ $json.to }}', message: '={{ $json.text }}' };
	const run = await runAction(parameters, items, gateway.credentials, {
		retryOnFail: { maxTries: 2, waitBetweenTries: 1 },
	});
	expect(run.error).toBeUndefined();
	expect(sentBodies()).toEqual([PLAIN, "'Hi' - see you...", "'Hi' - see you..."]);
	expect(gateway.emulator.messages.map((message) => [message.to, message.content])).toEqual([
		['31612345678', PLAIN],
		['31612345679', "'Hi' - see you..."],
	]);
	expect(run.items.map((item) => item.json.replacedCharacters)).toEqual([3, 4]);
});

test('Send and Wait for Response (version 4): the question goes out smart-encoded, and says so', async () => {
	const question = {
		resource: 'message',
		operation: 'sendAndWait',
		sender: '31610000001',
		to: '31612345678',
		message: 'Refund “1001” — approve?',
	};
	const run = await runAction(question, [{}], gateway.credentials, { executionId: '77', nodeId: 'ask-1' });
	expect(run.error).toBeUndefined();
	expect(sentBodies()).toEqual(['Refund "1001" - approve? Reply YES or NO']);
	expect(run.items[0].json).toMatchObject({ waitingFor: 'approval', encoding: 'GSM-7', replacedCharacters: 3 });
});

test('Estimate Cost counts the text Send would send, and lists what it replaced', async () => {
	const estimate = { ...send(), operation: 'estimate' };
	const [v4, v3] = [
		await runAction(estimate, [{}], gateway.credentials),
		await runAction(estimate, [{}], gateway.credentials, { typeVersion: 3 }),
	];
	expect(v4.items[0].json).toMatchObject({ encoding: 'GSM-7', segments: 1, characters: 150, replacedCharacters: 3 });
	expect(v3.items[0].json).toMatchObject({ encoding: 'UCS-2', segments: 3, characters: 150 });
	expect((v4.items[0].json.nonGsmCharacters as unknown[]).length).toBe(3);
	expect(gateway.emulator.requests).toEqual([]);
});
