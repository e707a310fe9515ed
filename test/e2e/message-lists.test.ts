/**
 * Inbox → Get Many, Conversation → Get and Message → Get Many in one workflow of a real n8n (the
 * package installed as a community package, the emulator as the gateway): Return All over 3 pages
 * of the documented maximum 2000, a Limit in one request, one output item per record unchanged.
 */
import type { Emulator } from '../../emulator/server';
import { N8nClient, nodeOutput, type ExampleWorkflow } from '../../tools/n8n-client';
import { stopN8nOnExit } from '../../tools/n8n-process';
import { withLogOf, type EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { waitFor } from '../../tools/waits';
import { INBOX_ITEM_FIELDS } from '../fixtures/spec-events';
import { emulatorClient } from '../support/emulator-client';
import { chainConnections, gatewayNode } from '../support/workflow-chain';

stopN8nOnExit();

let emulator: Emulator;
let n8n: EmulatorOnN8n['n8n'];
let client: N8nClient;
let stop: (() => Promise<void>) | undefined;
const PHONE = '31612000001';

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await sharedN8nWithEmulator({ settings: { deliveryDelayMs: 60_000 } }));
}, 900_000);
afterAll(async () => {
	await stop?.();
});

const { control, api } = emulatorClient(() => emulator);

const node = (name: string, parameters: Record<string, unknown>, x: number, executeOnce = false) =>
	gatewayNode(name, parameters, x, { typeVersion: 3, executeOnce });

test("one workflow reads the inbox (Return All, 3 pages), a sender's conversation (Limit 5) and the sent history", async () => {
	await control('POST', '/emulator/inbox', { count: 4100, from: PHONE, content: 'Inbound {n}' });
	expect(
		(await api('POST', '/v1/message/send', { message: 'Thanks for your message', sender: 'Shop', to: PHONE })).status,
	).toBe(200);
	const credentialId = await withLogOf(
		n8n,
		client.createCredential('Messaging Gateway account', {
			baseUrl: emulator.url,
			apiKey: emulator.account.apiKey,
			apiSecret: emulator.account.apiSecret,
		}),
	);
	const names = ['Start', 'Inbox', 'Conversation', 'History'];
	const workflow = {
		name: 'Inbox → Conversation → History',
		nodes: [
			{
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '5d0c2a7e-4444-4a5b-9c8d-000000000026',
				parameters: { httpMethod: 'POST', path: 'message-lists', responseMode: 'onReceived', options: {} },
			},
			node('Inbox', { resource: 'inbox', operation: 'getAll', returnAll: true, filters: { type: 'sms' } }, 260),
			node(
				'Conversation',
				{ resource: 'conversation', operation: 'get', phone: '={{ "+" + $json.sender }}', limit: 5 },
				520,
				true,
			),
			node('History', { resource: 'message', operation: 'getAll', returnAll: true }, 780, true),
		],
		connections: chainConnections(names),
		settings: { executionOrder: 'v1' },
	};
	const workflowId = await client.importWorkflow(workflow as unknown as ExampleWorkflow, credentialId);
	const before = emulator.requests.length;
	await waitFor(
		async () =>
			(
				await fetch(`${n8n.url}/webhook/message-lists`, {
					method: 'POST',
					body: '{}',
					headers: { 'Content-Type': 'application/json' },
				})
			).status === 200,
		{
			what: 'the webhook to answer 200',
			timeoutMs: 30_000,
		},
	);
	const [execution] = await client.finishedExecutions(workflowId, 1, 120_000);
	expect(execution.status).toBe('success');
	expect(emulator.requests.slice(before).map((request) => `${request.path}?${request.query}`)).toEqual([
		'/v1/message/inbox?type=sms&limit=2000&page=1',
		'/v1/message/inbox?type=sms&limit=2000&page=2',
		'/v1/message/inbox?type=sms&limit=2000&page=3',
		`/v1/conversation/${PHONE}?limit=5&page=1`,
		'/v1/message/history?limit=2000&page=1',
	]);
	const inbox = nodeOutput(execution, 'Inbox');
	expect(inbox.map((item) => item.message)).toEqual(Array.from({ length: 4100 }, (_, i) => `Inbound ${i + 1}`));
	expect(Object.keys(inbox[0]).sort()).toEqual(INBOX_ITEM_FIELDS);
	expect(nodeOutput(execution, 'Conversation').map((item) => [item.direction, item.message])).toEqual(
		Array.from({ length: 5 }, (_, i) => ['inbound', `Inbound ${i + 1}`]),
	);
	expect(nodeOutput(execution, 'History')).toEqual([
		expect.objectContaining({
			message: 'Thanks for your message',
			to: PHONE,
			sender: 'Shop',
			type: 'single',
			status: expect.any(String),
		}),
	]);
}, 300_000);
