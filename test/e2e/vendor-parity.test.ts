/**
 * What the gateway's own node offers, in a real n8n with the package installed as a community
 * package and the emulator as the gateway: the Sender list of a Send SMS node filled through n8n's
 * own REST endpoint for resource-locator searches, and a voice message's delivery reports reaching
 * a trigger workflow.
 */
import type { Emulator } from '../../emulator/server';
import { setUpDemo, type Demo } from '../../tools/demo';
import { N8nClient, type Execution } from '../../tools/n8n-client';
import { stopN8nOnExit } from '../../tools/n8n-process';
import { withLogOf, type EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { waitFor } from '../../tools/waits';
import { specViolations } from '../fixtures/spec-events';
import { actionNode, webhookRunner } from './vendor-parity-workflows';

stopN8nOnExit();

let emulator: Emulator;
let n8n: EmulatorOnN8n['n8n'];
let client: N8nClient;
let demo: Demo;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await sharedN8nWithEmulator({
		settings: { deliveryDelayMs: 500, retryBaseMs: 200 },
	}));
	demo = await withLogOf(n8n, setUpDemo(emulator, client));
}, 900_000);

afterAll(async () => {
	await stop?.();
});

/** The request n8n's editor makes when the user opens (and types into) the Sender list. */
async function senderList(filter?: string, credentialId = demo.credentialId) {
	const parameters = {
		resource: 'message',
		operation: 'send',
		sender: { __rl: true, mode: 'list', value: '' },
		to: '',
		message: '',
	};
	return await client.resourceLocatorResults({
		path: 'parameters.sender',
		methodName: 'searchSenderIds',
		version: 2,
		parameters,
		credentialId,
		filter,
	});
}

test("the Sender list of a Send SMS node shows the demo account's two senders, and filters", async () => {
	const before = emulator.requests.length;
	const all = await senderList();
	expect(all.status).toBe(200);
	expect(all.body.data!.results).toEqual([
		{ name: 'Shop', value: 'Shop', description: 'approved' },
		{ name: '3197010000001', value: '3197010000001', description: 'approved' },
	]);
	const requests = emulator.requests.slice(before);
	expect(
		requests.map((request) => [
			request.method,
			request.path,
			request.headers['x-client-id'],
			request.headers['x-client-secret'],
		]),
	).toEqual([['GET', '/v1/senderids', emulator.account.apiKey, emulator.account.apiSecret]]);
	const filtered = await senderList('sho');
	expect(filtered.body.data!.results.map((entry) => entry.value)).toEqual(['Shop']);
});

test('a list the gateway refuses reaches the editor as an error, not as an empty list', async () => {
	const credentialId = await client.createCredential('Wrong secret', {
		baseUrl: emulator.url,
		apiKey: emulator.account.apiKey,
		apiSecret: 'wrong',
	});
	const refused = await senderList(undefined, credentialId);
	expect(refused.status).toBeGreaterThanOrEqual(400);
	expect(refused.body.message).toContain('Invalid credentials (gateway code 104)');
});

const runThroughWebhook = webhookRunner(() => ({ client, n8nUrl: n8n.url, credentialId: demo.credentialId }));

test('a workflow formats a number with the gateway, then sends to it from a sender picked in the list (node version 2)', async () => {
	const before = emulator.requests.length;
	const response = await runThroughWebhook(
		'vendor-parity',
		'5d0c2a7e-3333-4a5b-9c8d-000000000003',
		[
			actionNode(
				'Format Number',
				{
					resource: 'number',
					operation: 'format',
					number: '={{ $json.body.phone }}',
					countryCode: '={{ $json.body.country }}',
				},
				260,
			),
			actionNode(
				'Send SMS',
				{
					resource: 'message',
					operation: 'send',
					sender: { __rl: true, mode: 'list', value: 'Shop', cachedResultName: 'Shop' },
					to: '={{ $json.number }}',
					message: 'Your order has shipped',
					additionalFields: {},
					options: {},
				},
				520,
			),
		],
		{ phone: '06 1234 5678', country: 'nl' },
	);
	expect(response.status).toBe(200);
	const requests = emulator.requests
		.slice(before)
		.map((request) => [request.method, request.path, JSON.parse(request.body)]);
	expect(requests).toEqual([
		['POST', '/v1/format/number', { number: '06 1234 5678', countrycode: 'NL' }],
		['POST', '/v1/message/send', { message: 'Your order has shipped', to: '31612345678', sender: 'Shop' }],
	]);
	expect(await response.json()).toMatchObject({
		to: '31612345678',
		sender: 'Shop',
		messageid: expect.stringMatching(/^[a-z0-9]{30}$/),
	});
});

test('Format Number with Country empty from an expression: an international number goes without countrycode, read in the account country', async () => {
	const before = emulator.requests.length;
	const response = await runThroughWebhook(
		'vendor-parity-no-country',
		'5d0c2a7e-3333-4a5b-9c8d-000000000005',
		[
			actionNode(
				'Format Number',
				{
					resource: 'number',
					operation: 'format',
					number: '={{ $json.body.phone }}',
					countryCode: '={{ $json.body.country }}',
				},
				260,
			),
		],
		{ phone: '0031 6 1234 5678', country: '' },
	);
	expect(response.status).toBe(200);
	const requests = emulator.requests
		.slice(before)
		.map((request) => [request.method, request.path, JSON.parse(request.body)]);
	expect(requests).toEqual([['POST', '/v1/format/number', { number: '0031 6 1234 5678' }]]);
	// The demo account's virtual number is +31 97…: its country, NL, is the one a number without countrycode is read in.
	expect(await response.json()).toEqual({ number: '31612345678', countrycode: 'NL', e164: '+31612345678' });
});

test("a workflow's Send Voice Message reaches the gateway, and its delivery reports (message_type voice) reach the delivery log trigger", async () => {
	const before = emulator.requests.length;
	const response = await runThroughWebhook(
		'vendor-parity-voice',
		'5d0c2a7e-3333-4a5b-9c8d-000000000004',
		[
			actionNode(
				'Send Voice Message',
				{
					resource: 'message',
					operation: 'sendVoice',
					to: '={{ $json.body.phone }}',
					message: 'Your parcel arrives today',
					additionalFields: { language: 'nl', gender: 'Male', reference: 'voice-1' },
					options: {},
				},
				260,
			),
		],
		{ phone: '+31 6 8765 4321' },
	);
	expect(response.status).toBe(200);
	const requests = emulator.requests
		.slice(before)
		.map((request) => [request.method, request.path, JSON.parse(request.body)]);
	expect(requests).toEqual([
		[
			'POST',
			'/v1/voice/send',
			{ to: '31687654321', message: 'Your parcel arrives today', language: 'nl', gender: 'Male', reference: 'voice-1' },
		],
	]);
	const { messageid } = (await response.json()) as { messageid: string };
	expect(messageid).toMatch(/^[a-z0-9]{30}$/);
	let reports: Array<Record<string, unknown>> = [];
	const bothReports = async () => {
		const executions: Execution[] = await client.executions(demo.workflows.deliveryLog.id);
		reports = executions
			.filter((execution) => execution.status === 'success')
			.map((execution) => execution.data!.resultData.runData['Delivery Report'][0].data!.main[0][0].json)
			.filter((event) => (event.message as Record<string, unknown>).messageid === messageid);
		return reports.length >= 2 && reports;
	};
	await waitFor(bothReports, {
		what: 'both delivery reports of the voice call',
		timeoutMs: 30_000,
		intervalMs: 300,
		onTimeout: () => reports,
	});
	expect(reports.map((event) => (event.message as Record<string, unknown>).delivery_code).sort()).toEqual(['0', '1']);
	for (const event of reports) {
		expect(event.message).toMatchObject({
			message_type: 'voice',
			receiver: '31687654321',
			reference: 'voice-1',
			content: 'Your parcel arrives today',
		});
		expect(specViolations(event)).toEqual([]);
	}
});
