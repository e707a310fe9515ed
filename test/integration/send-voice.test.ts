/** Message → Send Voice Message: the send pipeline with the voice endpoint. */
import { startEmulator, type Emulator } from '../../emulator/server';
import { runAction, type GatewayCredentials } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

let emulator: Emulator;
let credentials: GatewayCredentials;

const voice = (fields: Record<string, unknown>) => ({
	resource: 'message',
	operation: 'sendVoice',
	to: '+31 6 1234 5678',
	message: 'Your code is 1 2 3 4',
	...fields,
});

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 5 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
});
afterEach(() => emulator.close());

test('POST /v1/voice/send with the voice fields and no sender; one item per recipient', async () => {
	const run = await runAction(
		voice({
			to: '+31 6 1234 5678, 020 794 60958',
			additionalFields: { language: 'nl', gender: 'Male', reference: 'call-1' },
			options: { defaultCountry: 'GB' },
		}),
		[{}],
		credentials,
	);
	expect(run.error).toBeUndefined();
	expect(emulator.requests.map((request) => [request.method, request.path])).toEqual([['POST', '/v1/voice/send']]);
	expect(JSON.parse(emulator.requests[0].body)).toEqual({
		message: 'Your code is 1 2 3 4',
		to: ['31612345678', '442079460958'],
		language: 'nl',
		gender: 'Male',
		reference: 'call-1',
	});
	expect(run.items).toEqual(
		emulator.messages.map((message) => ({
			json: { messageid: message.messageid, to: message.to, reference: 'call-1', language: 'nl', gender: 'Male' },
			pairedItem: { item: 0 },
		})),
	);
});

test('a language from an expression that is not offered is refused before any call', async () => {
	const run = await runAction(
		voice({ additionalFields: { language: '={{ $json.lang }}' } }),
		[{ lang: 'es' }],
		credentials,
	);
	expect(run.error?.message).toBe('Language: "es" is not one of en, nl, fr, de');
	expect(emulator.requests).toHaveLength(0);
});

test('the same type checks and Retry On Fail safety as Send SMS', async () => {
	const bad = await runAction(voice({ message: '={{ $json.text }}' }), [{ text: { a: 1 } }], credentials);
	expect(bad.error?.message).toBe('Message: expected text but got an object');
	await emulatorClient(() => emulator).control('POST', '/emulator/faults', { status: 500, after: 7 });
	const items = Array.from({ length: 20 }, (_, index) => ({ to: `3161${String(index).padStart(7, '0')}` }));
	const run = await runAction(voice({ to: '={{ $json.to }}' }), items, credentials, {
		retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
	});
	expect(run.error).toBeUndefined();
	expect(emulator.messages.map((message) => message.to).sort()).toEqual(items.map((item) => item.to));
});

test('an unknown outcome names the voice message, not an SMS: a 500, and a 200 without a message id', async () => {
	const { control } = emulatorClient(() => emulator);
	await control('POST', '/emulator/faults', { status: 500 });
	const failed = await runAction(voice({}), [{}], credentials);
	expect(failed.error?.message).toBe('The gateway answered HTTP 500: the voice message may already have been sent');
	await control('POST', '/emulator/faults', { status: 200 });
	const unconfirmed = await runAction(voice({}), [{}], credentials);
	expect(unconfirmed.error?.message).toBe(
		'The gateway did not confirm the send: the voice message may already have been sent',
	);
});
