/**
 * Resource WhatsApp in a real n8n (the package installed as a community package, the emulator as the gateway), one
 * workflow per case: a webhook whose body's `items` become one item each, then the Messaging Gateway node. The
 * expected request fields are the gateway's documented ones (docs/whatsapp.md#the-calls), the SMS Fallback's text
 * the one docs/whatsapp.md#sms-fallback shows. Runs on n8n 2.41.1 and 1.123.81 (N8N_VERSION).
 */
import type { Emulator } from '../../emulator/server';
import type { Execution, N8nClient } from '../../tools/n8n-client';
import { stopN8nOnExit, type N8nServer } from '../../tools/n8n-process';
import { startN8nWithEmulator, withLogOf } from '../../tools/n8n-with-emulator';
import { waitForWebhooks } from '../../tools/waits';
import { emulatorClient, n8nExecutions } from '../support/emulator-client';
import { chainConnections, gatewayNode } from '../support/workflow-chain';

stopN8nOnExit();

let emulator: Emulator;
let n8n: N8nServer;
let client: N8nClient;
let credentialId: string;
let stop: (() => Promise<void>) | undefined;
const { control } = emulatorClient(() => emulator);
const { executionsOf } = n8nExecutions(() => client, { timeoutMs: 60_000 });

/** NL mobiles libphonenumber calls valid: 31 6 1000 <block><nn>, one block per test. */
const numbers = (block: number, count: number) =>
	Array.from({ length: count }, (_, n) => `3161000${block}${String(n + 1).padStart(3, '0')}`);
const sender = { __rl: true, mode: 'id', value: 'MyShop' };
const YES_NO = {
	values: [
		{ id: 'yes', title: 'Yes' },
		{ id: 'no', title: 'No' },
	],
};
const buttons = (fields: Record<string, unknown> = {}) => ({
	resource: 'whatsapp',
	operation: 'sendButtons',
	sender,
	to: '={{ $json.to }}',
	message: 'Is 10:00 fine?',
	buttons: YES_NO,
	...fields,
});
const template = (fields: Record<string, unknown> = {}) => ({
	resource: 'whatsapp',
	operation: 'sendTemplate',
	sender,
	to: '={{ $json.to }}',
	templateName: 'order_confirmation',
	variables: { values: [{ value: '={{ $json.name }}' }, { value: '={{ $json.order }}' }] },
	headerMedia: 'image',
	headerMediaUrl: '={{ $json.url }}',
	...fields,
});
/** The SMS docs/whatsapp.md#sms-fallback shows for these buttons: the text, then the titles numbered. */
const FALLBACK_SMS = 'Is 10:00 fine?\nReply 1 for Yes, 2 for No';

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await startN8nWithEmulator());
	credentialId = await withLogOf(
		n8n,
		client.createCredential('Messaging Gateway account', {
			baseUrl: emulator.url,
			apiKey: emulator.account.apiKey,
			apiSecret: emulator.account.apiSecret,
		}),
	);
	await control('PUT', '/emulator/whatsapp/templates', {
		templates: [{ name: 'order_confirmation', variables: 2, header: 'image' }],
	});
}, 900_000);
afterAll(async () => {
	await stop?.();
});

/**
 * An active workflow Webhook → Split Out → Messaging Gateway (node version 5, `node` added to it). Returns a function
 * that posts items, waits for the execution that ran the Gateway node, and gives it with the API requests it caused.
 */
async function workflowWith(path: string, parameters: Record<string, unknown>, node: Record<string, unknown> = {}) {
	const names = ['Items', 'One Item Each', 'Gateway'];
	const id = await withLogOf(
		n8n,
		client.importWorkflow(
			{
				name: path,
				nodes: [
					{
						name: names[0],
						type: 'n8n-nodes-base.webhook',
						typeVersion: 2,
						webhookId: `whatsapp-${path}`,
						parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' },
					},
					{
						name: names[1],
						type: 'n8n-nodes-base.splitOut',
						typeVersion: 1,
						parameters: { fieldToSplitOut: 'body.items' },
					},
					{ ...gatewayNode(names[2], parameters, 400, { typeVersion: 5 }), ...node },
				].map((entry, index) => ({ position: [index * 200, 0], ...entry })),
				connections: chainConnections(names),
				settings: { executionOrder: 'v1' },
			},
			credentialId,
		),
	);
	const url = `${n8n.url}/webhook/${path}`;
	const post = (items: unknown[]) =>
		fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ items }) });
	// The probe posts no items: its execution runs no Gateway node.
	const probe = { method: 'POST' as const, headers: { 'Content-Type': 'application/json' }, body: '{"items":[]}' };
	await waitForWebhooks([url], probe);
	return async (items: unknown[]) => {
		const before = (await control('GET', '/emulator/requests')).length;
		expect((await post(items)).status).toBe(200);
		const execution = (await executionsOf(id, 2)).find((run) => run.data?.resultData.runData[names[2]]);
		if (!execution) throw new Error(`no finished execution of ${path} ran the Gateway node`);
		const requests = (await control('GET', '/emulator/requests')).slice(before);
		return { execution, requests, bodies: requests.map((request) => JSON.parse(request.body as string)) };
	};
}

const output = (execution: Execution) =>
	execution.data!.resultData.runData.Gateway[0].data!.main[0].map((item) => item.json);
const errorOf = (execution: Execution) =>
	(execution.data!.resultData as { error?: { message: string; description?: string } }).error;

/** Opens the 24-hour window of each number: it writes a WhatsApp message. */
const write = async (from: string[]) => {
	for (const number of from)
		await control('POST', '/emulator/inbound', { from: number, content: 'Hi', type: 'whatsapp' });
};

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
	const to = numbers(1, 3);
	const run = await workflowWith('template', template());
	const items = to.map((number, n) => ({
		to: number,
		name: ['Ada', 'Ben', 'Cy'][n],
		order: `#100${n}`,
		url: `https://example.com/receipts/${n}.png`,
	}));
	const { execution, requests, bodies } = await run(items);
	expect(execution.status).toBe('success');
	expect(requests.map((request) => [request.path, request.status])).toEqual(
		Array(3).fill(['/v1/whatsapp/send_template', 200]),
	);
	expect(bodies).toEqual(
		items.map((item) => ({
			to: item.to,
			sender: 'MyShop',
			template_name: 'order_confirmation',
			variable1: item.name,
			variable2: item.order,
			image: item.url,
		})),
	);
	expect(output(execution).map((item) => [item.to, item.channel])).toEqual(to.map((number) => [number, 'whatsapp']));
});

test('Send Buttons to 20 numbers, one item each: one request holding the 20 numbers', async () => {
	const to = numbers(2, 20);
	await write(to);
	const run = await workflowWith('buttons-20', buttons());
	const { execution, requests, bodies } = await run(to.map((number) => ({ to: number })));
	expect(execution.status).toBe('success');
	expect(requests.map((request) => [request.path, request.status])).toEqual([['/v1/whatsapp/send_action', 200]]);
	expect(bodies).toEqual([{ to, sender: 'MyShop', message: 'Is 10:00 fine?', buttons: YES_NO.values }]);
	expect(output(execution).map((item) => [item.to, item.channel])).toEqual(to.map((number) => [number, 'whatsapp']));
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
		expect(errorOf(execution)?.description).toBe(`Item ${refused} was refused before anything was sent.`);
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
