/**
 * Contacts, groups and opt-outs in a real n8n (the package installed as a community package, the
 * emulator as the gateway): the example "Welcome a new contact" adds a contact to a group and texts
 * it; a workflow sends one SMS to that group, puts a number on the opt-out list, renames the group and
 * lists groups and contacts; the Group list comes through n8n's own REST endpoint for resource-locator searches.
 */
import type { Emulator } from '../../emulator/server';
import { loadExample, type ExampleWorkflow, type N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { stopN8nOnExit } from '../../tools/n8n-process';
import { withLogOf, type EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { waitFor } from '../../tools/waits';
import { emulatorClient } from '../support/emulator-client';

stopN8nOnExit();

let emulator: Emulator;
let n8n: EmulatorOnN8n['n8n'];
let client: N8nClient;
let credentialId: string;
let stop: (() => Promise<void>) | undefined;
/** The Header Auth the example's Webhook node demands (as `npm run dev` creates it). */
const webhookHeader = { name: 'X-Webhook-Secret', value: 'e2e-contacts-secret' };

const node = (
	name: string,
	parameters: Record<string, unknown>,
	x: number,
	settings: Record<string, unknown> = {},
) => ({
	name,
	parameters,
	type: `${PACKAGE_NAME}.messagingGateway`,
	typeVersion: 3,
	position: [x, 0],
	credentials: { messagingGatewayApi: { id: '__CREDENTIAL_ID__', name: 'Messaging Gateway account' } },
	...settings,
});
const customers = { __rl: true, mode: 'list', value: '4821', cachedResultName: 'Customers' };
const groupNodes = [
	{
		name: 'Start',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: '7a1f3c5e-2d4b-4e6f-8a9c-0b1d2e3f4a5b',
		parameters: {
			httpMethod: 'POST',
			path: 'group-send',
			responseMode: 'lastNode',
			responseData: 'allEntries',
			options: {},
		},
	},
	node(
		'Send to Customers',
		{
			resource: 'message',
			operation: 'send',
			sender: { __rl: true, mode: 'list', value: 'Shop' },
			sendTo: 'group',
			groupId: customers,
			message: 'Doors open at 9',
			additionalFields: {},
			options: {},
		},
		260,
	),
	node('Opt Out', { resource: 'optOut', operation: 'create', number: "={{ $('Start').item.json.body.optOut }}" }, 520),
	node('Rename', { resource: 'group', operation: 'rename', groupId: customers, name: 'Customers 2026' }, 780),
	node('Groups', { resource: 'group', operation: 'getAll', returnAll: true }, 1040),
	node(
		'Contacts',
		{ resource: 'contact', operation: 'getAll', returnAll: true, filters: { groupId: customers } },
		1300,
		{ executeOnce: true },
	),
];
const names = groupNodes.map((entry) => entry.name);
const groupWorkflow = {
	name: 'Group send, opt-out, rename, lists',
	nodes: groupNodes,
	connections: Object.fromEntries(
		names.slice(0, -1).map((name, index) => [name, { main: [[{ node: names[index + 1], type: 'main', index: 0 }]] }]),
	),
	settings: { executionOrder: 'v1' },
};

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await sharedN8nWithEmulator({ settings: { deliveryDelayMs: 200 } }));
	const { account } = emulator;
	credentialId = await client.createCredential('Messaging Gateway account', {
		baseUrl: emulator.url,
		apiKey: account.apiKey,
		apiSecret: account.apiSecret,
	});
	const headerCredentialId = await client.createCredential('Webhook header', webhookHeader, 'httpHeaderAuth');
	await withLogOf(
		n8n,
		client.importWorkflow(loadExample('welcome-new-contact.json'), credentialId, {
			__WEBHOOK_CREDENTIAL_ID__: headerCredentialId,
		}),
	);
	await withLogOf(n8n, client.importWorkflow(groupWorkflow as unknown as ExampleWorkflow, credentialId));
}, 900_000);

afterAll(async () => {
	await stop?.();
});

/** POSTs `body` to a production webhook, again while n8n still answers 404 right after activation. */
async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
	let response: Response | undefined;
	const answered = async () => {
		response = await fetch(`${n8n.url}/webhook/${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...headers },
			body: JSON.stringify(body),
		});
		return response.status !== 404 && response;
	};
	return await waitFor(answered, {
		what: `POST ${path} answered other than 404`,
		timeoutMs: 30_000,
		onTimeout: () => response!,
	});
}

const apiCalls = (from: number) =>
	emulator.requests
		.slice(from)
		.map((request) => [request.method, request.path, request.body === '' ? undefined : JSON.parse(request.body)]);

test('the example "Welcome a new contact": the contact goes into Customers (add_contact), then gets the welcome SMS', async () => {
	const before = emulator.requests.length;
	const response = await post(
		'new-contact',
		{ phone: '+31 6 1234 5601', firstname: 'Ada' },
		{ [webhookHeader.name]: webhookHeader.value },
	);
	expect(response.status).toBe(200);
	expect(apiCalls(before)).toEqual([
		['POST', '/v1/contact', { phone: '31612345601', groupid: '4821', firstname: 'Ada' }],
		[
			'POST',
			'/v1/message/send',
			expect.objectContaining({
				to: '31612345601',
				sender: 'Shop',
				reference: 'welcome',
				message: expect.stringMatching(/^Welcome, Ada! /),
			}),
		],
	]);
	expect(
		emulator.events.filter((entry) => entry.event.webhook_type === 'add_contact').map((entry) => entry.event.contact),
	).toEqual([
		expect.objectContaining({
			action: 'add',
			groupid: '4821',
			groupname: 'Customers',
			receiver: '31612345601',
			firstname: 'Ada',
		}),
	]);
});

test('a workflow sends one SMS to the group (a message and delivery report per contact), adds an opt-out, renames the group and lists groups and contacts', async () => {
	const { api, control } = emulatorClient(() => emulator);
	const add = await api('POST', '/v1/contact', [
		{ phone: '32470123472', groupid: '4821' },
		{ phone: '447700100173', groupid: '4821' },
	]);
	expect(add.status).toBe(200);
	const before = emulator.requests.length;
	const sentBefore = emulator.messages.length;
	const response = await post('group-send', { optOut: '+44 7700 100173' });
	expect(response.status).toBe(200);
	expect(apiCalls(before)).toEqual([
		['POST', '/v1/message/send', { message: 'Doors open at 9', to: '4821', type: 'group', sender: 'Shop' }],
		['POST', '/v1/optouts', { number: '447700100173' }],
		['PATCH', '/v1/groups/', { ID: '4821', name: 'Customers 2026' }],
		['GET', '/v1/groups', undefined],
		// A short bare array may be a page the gateway cut: a second read, as short, confirms the end (docs/inbox-and-history.md#paging).
		['GET', '/v1/groups', undefined],
		['GET', '/v1/contact', undefined],
	]);
	const sent = emulator.messages.slice(sentBefore);
	expect(sent.map((message) => message.to)).toEqual(['31612345601', '32470123472', '447700100173']);
	expect(
		((await response.json()) as Array<{ phone: string; groupid: string }>).map((contact) => [
			contact.phone,
			contact.groupid,
		]),
	).toEqual([
		['31612345601', '4821'],
		['32470123472', '4821'],
		['447700100173', '4821'],
	]);
	expect(await control('GET', '/emulator/optouts')).toContain('447700100173');
	await emulator.settle();
	const finals = emulator.events.filter(
		(entry) =>
			entry.event.webhook_type === 'delivery_report' &&
			sent.some((message) => message.messageid === (entry.event.message as { messageid: string }).messageid) &&
			(entry.event.message as { delivery_code: string }).delivery_code !== '0',
	);
	expect(finals).toHaveLength(3);
});

test("the Group list of a Contact → Create node, through n8n's resource-locator endpoint", async () => {
	const parameters = {
		resource: 'contact',
		operation: 'create',
		phone: '',
		groupId: { __rl: true, mode: 'list', value: '' },
	};
	const list = await client.resourceLocatorResults({
		path: 'parameters.groupId',
		methodName: 'searchGroups',
		version: 3,
		parameters,
		credentialId,
		filter: 'staff',
	});
	expect(list.status).toBe(200);
	expect(list.body.data!.results).toEqual([{ name: 'Staff', value: '4822', description: 'ID 4822' }]);
});
