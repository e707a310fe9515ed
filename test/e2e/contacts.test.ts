/**
 * Contacts, groups and opt-outs in a real n8n (the package installed as a community package, the
 * emulator as the gateway): the example "Welcome a new contact" adds a contact to a group and texts
 * it; a workflow sends one SMS to that group and puts a number on the opt-out list; the Group list
 * comes through n8n's own REST endpoint for resource-locator searches.
 */
import type { Emulator } from '../../emulator/server';
import { setUpDemo, type Demo } from '../../tools/demo';
import type { ExampleWorkflow, N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { stopN8nOnExit, type N8nServer } from '../../tools/n8n-process';
import { startN8nWithEmulator, withLogOf } from '../../tools/n8n-with-emulator';
import { waitFor } from '../../tools/waits';

stopN8nOnExit();

let emulator: Emulator;
let n8n: N8nServer;
let client: N8nClient;
let demo: Demo;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await startN8nWithEmulator({ settings: { deliveryDelayMs: 200 } }));
	demo = await withLogOf(n8n, setUpDemo(emulator, client));
}, 900_000);

afterAll(async () => {
	await stop?.();
});

/** POSTs `body` to a production webhook, again while n8n still answers 404 right after activation. */
async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
	let response: Response | undefined;
	const answered = async () => {
		response = await fetch(`${n8n.url}/webhook/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
		return response.status !== 404 && response;
	};
	return await waitFor(answered, { what: `POST ${path} answered other than 404`, timeoutMs: 30_000, onTimeout: () => response! });
}

const apiCalls = (from: number) => emulator.requests.slice(from).map((request) => [request.method, request.path, request.body === '' ? undefined : JSON.parse(request.body)]);

test('the example "Welcome a new contact": the contact goes into Customers (add_contact), then gets the welcome SMS', async () => {
	const before = emulator.requests.length;
	const response = await post('new-contact', { phone: '+31 6 1234 5601', firstname: 'Ada' }, { [demo.webhookHeader.name]: demo.webhookHeader.value });
	expect(response.status).toBe(200);
	expect(apiCalls(before)).toEqual([
		['POST', '/v1/contact', { phone: '31612345601', groupid: '4821', firstname: 'Ada' }],
		['POST', '/v1/message/send', expect.objectContaining({ to: '31612345601', sender: 'Shop', reference: 'welcome', message: expect.stringMatching(/^Welcome, Ada! /) })],
	]);
	expect(emulator.events.filter((entry) => entry.event.webhook_type === 'add_contact').map((entry) => entry.event.contact)).toEqual([
		expect.objectContaining({ action: 'add', groupid: '4821', groupname: 'Customers', receiver: '31612345601', firstname: 'Ada' }),
	]);
});

test('a workflow sends one SMS to the group (a message and delivery report per contact) and adds a number to the opt-out list', async () => {
	const add = await fetch(`${emulator.url}/v1/contact`, {
		method: 'POST',
		headers: { 'X-Client-Id': emulator.account.apiKey, 'X-Client-Secret': emulator.account.apiSecret },
		body: JSON.stringify([{ phone: '32470123472', groupid: '4821' }, { phone: '447700900173', groupid: '4821' }]),
	});
	expect(add.status).toBe(200);
	const node = (name: string, parameters: Record<string, unknown>, x: number) => ({
		name,
		parameters,
		type: `${PACKAGE_NAME}.messagingGateway`,
		typeVersion: 3,
		position: [x, 0],
		credentials: { messagingGatewayApi: { id: '__CREDENTIAL_ID__', name: 'Messaging Gateway account' } },
	});
	const workflow = {
		name: 'Group send and opt-out',
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], webhookId: '7a1f3c5e-2d4b-4e6f-8a9c-0b1d2e3f4a5b', parameters: { httpMethod: 'POST', path: 'group-send', responseMode: 'lastNode', options: {} } },
			node('Send to Customers', { resource: 'message', operation: 'send', sender: { __rl: true, mode: 'list', value: 'Shop' }, sendTo: 'group', groupId: { __rl: true, mode: 'list', value: '4821', cachedResultName: 'Customers' }, message: 'Doors open at 9', additionalFields: {}, options: {} }, 260),
			node('Opt Out', { resource: 'optOut', operation: 'create', number: "={{ $('Start').item.json.body.optOut }}" }, 520),
		],
		connections: { Start: { main: [[{ node: 'Send to Customers', type: 'main', index: 0 }]] }, 'Send to Customers': { main: [[{ node: 'Opt Out', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
	await client.importWorkflow(workflow as unknown as ExampleWorkflow, demo.credentialId);
	const before = emulator.requests.length;
	const sentBefore = emulator.messages.length;
	const response = await post('group-send', { optOut: '+44 7700 900173' });
	expect(response.status).toBe(200);
	expect(apiCalls(before)).toEqual([
		['POST', '/v1/message/send', { message: 'Doors open at 9', to: '4821', type: 'group', sender: 'Shop' }],
		['POST', '/v1/optouts', { number: '447700900173' }],
	]);
	const sent = emulator.messages.slice(sentBefore);
	expect(sent.map((message) => message.to)).toEqual(['31612345601', '32470123472', '447700900173']);
	expect(await response.json()).toEqual({ ID: expect.any(String) });
	expect(await (await fetch(`${emulator.url}/emulator/optouts`)).json()).toContain('447700900173');
	await emulator.settle();
	const finals = emulator.events.filter((entry) => entry.event.webhook_type === 'delivery_report' && sent.some((message) => message.messageid === (entry.event.message as { messageid: string }).messageid) && (entry.event.message as { delivery_code: string }).delivery_code !== '0');
	expect(finals).toHaveLength(3);
});
