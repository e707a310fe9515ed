/**
 * Resource WhatsApp in a real n8n (the package installed as a community package, the emulator as the gateway), one
 * workflow per case (whatsapp-scenarios.ts). The expected request fields are the gateway's documented ones
 * (docs/whatsapp.md#the-calls), the SMS Fallback's text the one docs/whatsapp.md#sms-fallback shows. Runs on n8n
 * 2.41.1 and 1.123.81 (N8N_VERSION).
 */
import { stopN8nOnExit } from '../../tools/n8n-process';
import { emulatorCredential, type EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { emulatorClient, n8nExecutions } from '../support/emulator-client';
import { buttons, errorOf, numbers, output, template, whatsappScenarios } from './whatsapp-scenarios';

stopN8nOnExit();

/** One n8n and one emulator for the whole file. */
let world: EmulatorOnN8n | undefined;
let credentialId: string;
const started = () => world!;
const { control } = emulatorClient(() => started().emulator);
const { executionsOf } = n8nExecutions(() => started().client, { timeoutMs: 60_000 });
const { workflowWith, write, templateToThree, buttonsToTwenty } = whatsappScenarios(() => ({
	client: started().client,
	control,
	credentialId,
	webhookBaseUrl: started().n8n.url,
	executionsOf,
}));

/** The SMS docs/whatsapp.md#sms-fallback shows for these buttons: the text, then the titles numbered. */
const FALLBACK_SMS = 'Is 10:00 fine?\nReply 1 for Yes, 2 for No';

beforeAll(async () => {
	world = await sharedN8nWithEmulator();
	credentialId = await emulatorCredential(world);
}, 900_000);
afterAll(async () => {
	await world?.stop();
});

/** The channels each of `to` was sent a message on, read from the emulator's sent messages. */
async function channelsOf(to: string[]) {
	const messages = await control('GET', '/emulator/messages');
	return Object.fromEntries(
		to.map((number) => [
			number,
			messages
				.filter((message) => message.to === number)
				.map((message) => (message.messageType === 'whatsapp' ? 'whatsapp' : `sms: ${String(message.content)}`)),
		]),
	);
}

test('a template with 2 variables and an image header to 3 numbers: 3 requests with template_name, variable1, variable2, image', async () => {
	await templateToThree(1);
});

test('Send Buttons to 20 numbers, one item each: one request holding the 20 numbers', async () => {
	await buttonsToTwenty(2);
});

describe('refused before any request, the error naming the item and the field', () => {
	const [fine, other] = numbers(3, 2);
	const https = 'https://example.com/receipt.png';
	test.each([
		[
			'4 buttons',
			buttons({ buttons: { values: ['a', 'b', 'c', 'd'].map((id) => ({ id, title: id.toUpperCase() })) } }),
			[{ to: fine }, { to: other }],
			0,
			/^Buttons: 4 buttons given; WhatsApp takes 1 to 3$/,
		],
		[
			'a 21-character title',
			buttons({ buttons: { values: [{ id: 'yes', title: '={{ $json.title }}' }] } }),
			[
				{ to: fine, title: 'Yes' },
				{ to: other, title: 'A title of twenty-one' },
			],
			1,
			/^Buttons: .*21/,
		],
		[
			'an http media URL',
			template(),
			[
				{ to: fine, name: 'Ada', order: '#1', url: https },
				{ to: other, name: 'Ben', order: '#2', url: 'http://example.com/receipt.png' },
			],
			1,
			/^Header Media URL: .*https/,
		],
		[
			'a missing variable',
			template(),
			[
				{ to: fine, name: 'Ada', order: '#1', url: https },
				{ to: other, name: 'Ben', url: https },
			],
			1,
			/^Body Variables: /,
		],
	])('%s', async (name, parameters, items, refused, message) => {
		await write([fine, other]);
		const run = await workflowWith(`refused-${name.replace(/\W+/g, '-')}`, parameters);
		const { execution, requests } = await run(items);
		expect(execution.status).toBe('error');
		expect(errorOf(execution)?.message).toMatch(message);
		// What is wrong and why come first; the description ends naming the item.
		expect(errorOf(execution)?.description).toMatch(
			new RegExp(`Item ${refused} was refused before anything was sent\\.$`),
		);
		expect(requests).toEqual([]);
	});
});

describe('SMS Fallback, the window closed for 2 of 5 recipients', () => {
	/** Five numbers, the windows of the 1st, 3rd and 5th open: the 2nd and the 4th must get the SMS. */
	const fiveWithTwoClosed = async (block: number) => {
		const to = numbers(block, 5);
		await write([to[0], to[2], to[4]]);
		return to;
	};
	const expectedChannels = (to: string[]) =>
		Object.fromEntries(to.map((number, n) => [number, n % 2 ? [`sms: ${FALLBACK_SMS}`] : ['whatsapp']]));
	const expectedOutput = (to: string[]) =>
		to.map((number, n) => (n % 2 ? [number, 'sms', 'windowClosed'] : [number, 'whatsapp', undefined]));

	test('3 on WhatsApp, 2 by SMS with numbered choices, nobody twice', async () => {
		const to = await fiveWithTwoClosed(4);
		const run = await workflowWith('fallback', buttons({ options: { smsFallback: true } }));
		const { execution } = await run(to.map((number) => ({ to: number })));
		expect(execution.status).toBe('success');
		expect(await channelsOf(to)).toEqual(expectedChannels(to));
		expect(output(execution).map((item) => [item.to, item.channel, item.fallbackReason])).toEqual(expectedOutput(to));
	});

	test('Retry On Fail with a 500 in the middle of the WhatsApp requests and on the first SMS: still one channel each, once', async () => {
		const to = await fiveWithTwoClosed(5);
		const run = await workflowWith(
			'fallback-retry',
			// On Unknown Outcome Resend: Retry On Fail sends what a 500 left unknown again.
			buttons({ options: { smsFallback: true, onUnknownOutcome: 'resend' } }),
			{ retryOnFail: true, maxTries: 3, waitBetweenTries: 100 },
		);
		// The request of all five is refused (137), then one per number: the 3rd of those (to the 3rd number) answers 500.
		await control('POST', '/emulator/faults', { status: 500, after: 3, path: '/v1/whatsapp/send_action' });
		await control('POST', '/emulator/faults', { status: 500, path: '/v1/message/send' });
		const { execution, requests } = await run(to.map((number) => ({ to: number })));
		expect(execution.status).toBe('success');
		expect(requests.filter((request) => request.status === 500).map((request) => request.path)).toEqual([
			'/v1/whatsapp/send_action',
			'/v1/message/send',
		]);
		expect(await channelsOf(to)).toEqual(expectedChannels(to));
		expect(output(execution).map((item) => [item.to, item.channel, item.fallbackReason])).toEqual(expectedOutput(to));
	});

	test('with the option off: the run fails with 137, saying to send a template or turn on SMS Fallback', async () => {
		const to = await fiveWithTwoClosed(6);
		const run = await workflowWith('no-fallback', buttons());
		const { execution, requests } = await run(to.map((number) => ({ to: number })));
		expect(execution.status).toBe('error');
		const error = JSON.stringify(errorOf(execution));
		expect(error).toContain('137');
		expect(error).toContain('Send a template message');
		expect(error).toContain('SMS Fallback');
		expect(requests.map((request) => request.path)).not.toContain('/v1/message/send');
		expect(Object.values(await channelsOf(to)).flat()).toEqual([]);
	});
});
