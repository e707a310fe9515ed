/**
 * The package inside a real n8n server, installed as a community package, with the emulator as the
 * gateway: nodes load and example workflows run end to end on real webhooks (the editor: editor.test.ts).
 */
import type { Emulator } from '../../emulator/server';
import { SCHEDULE_AT, setUpDemo, type Demo } from '../../tools/demo';
import { isFinished, N8nClient, nodeOutput, type Execution } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { stopN8nOnExit, tailOf, type N8nServer } from '../../tools/n8n-process';
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import { startN8nWithEmulator, withLogOf } from '../../tools/n8n-with-emulator';
import { waitFor, waitForWebhooks } from '../../tools/waits';
import { emulatorControl, n8nExecutions, type EmulatorControl } from '../support/emulator-client';
import { sharedScenarios } from './scenarios';

stopN8nOnExit();

let emulator: Emulator;
let n8n: N8nServer;
let client: N8nClient;
let demo: Demo;
let stop: (() => Promise<void>) | undefined;
let control: EmulatorControl;

/** Finished executions of a workflow, oldest first (n8n saves them after the run). */
const { executionsOf } = n8nExecutions(() => client);

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await startN8nWithEmulator({
		settings: { deliveryDelayMs: 500, retryBaseMs: 200 },
	}));
	control = emulatorControl(emulator);
	demo = await withLogOf(n8n, setUpDemo(emulator, client));
}, 900_000);

afterAll(async () => {
	await stop?.();
});

test('the node types load from the community package, with their icons', async () => {
	const types =
		await client.rest<Array<{ name: string; iconUrl?: { light: string; dark: string } }>>('/types/nodes.json');
	const ours = types.filter((type) => type.name.startsWith(`${PACKAGE_NAME}.`));
	// n8n 2.x adds a human-review tool for AI agents to every node with a Send and Wait operation.
	const hitl =
		Number((process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).split('.')[0]) >= 2
			? [`${PACKAGE_NAME}.messagingGatewayHitlTool`]
			: [];
	expect(ours.map((type) => type.name).sort()).toEqual([
		`${PACKAGE_NAME}.messagingGateway`,
		...hitl,
		`${PACKAGE_NAME}.messagingGatewayInboxTrigger`,
		`${PACKAGE_NAME}.messagingGatewayTool`,
		`${PACKAGE_NAME}.messagingGatewayTrigger`,
	]);
	for (const type of ours) {
		for (const url of [type.iconUrl!.light, type.iconUrl!.dark]) {
			const icon = await fetch(`${n8n.url}/${url}`, { headers: { cookie: client.cookie } });
			expect(icon.status).toBe(200);
			expect(await icon.text()).toMatch(/^<svg/);
		}
	}
	const credentials = await client.rest<Array<{ name: string }>>('/types/credentials.json');
	expect(credentials.map((credential) => credential.name)).toContain('messagingGatewayApi');
});

sharedScenarios(() => ({ emulator, control, client, demo, webhookBaseUrl: n8n.url, executionsOf }));

test('Retry On Fail in a real n8n: a 500 mid-batch, the node retried, every SMS sent once', async () => {
	const path = 'retry-send-test';
	const nodes = [
		{
			name: 'Numbers',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: 'retry-send-test-id',
			position: [0, 0],
			parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' },
		},
		{
			name: 'One Item Each',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [220, 0],
			parameters: { fieldToSplitOut: 'body.numbers' },
		},
		{
			name: 'Send SMS',
			type: `${PACKAGE_NAME}.messagingGateway`,
			typeVersion: 2,
			position: [440, 0],
			retryOnFail: true,
			maxTries: 3,
			waitBetweenTries: 0,
			parameters: {
				resource: 'message',
				operation: 'send',
				sender: 'Shop',
				to: '={{ $json.to }}',
				message: '={{ "Order " + $json.order }}',
				additionalFields: {},
				options: { concurrency: 5 },
			},
			credentials: { messagingGatewayApi: { id: demo.credentialId, name: 'Messaging Gateway account' } },
		},
	];
	const connections = {
		Numbers: { main: [[{ node: 'One Item Each', type: 'main', index: 0 }]] },
		'One Item Each': { main: [[{ node: 'Send SMS', type: 'main', index: 0 }]] },
	};
	const { id } = await client.api<{ id: string }>('POST', '/workflows', {
		name: 'Retry On Fail',
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	});
	await client.api('POST', `/workflows/${id}/activate`);
	const url = `${n8n.url}/webhook/${path}`;
	const post = (numbers: unknown[]) =>
		fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ numbers }) });
	// An empty list sends nothing.
	await waitForWebhooks([url], {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ numbers: [] }),
	});

	// Funds for 50 SMS (an earlier test may have emptied the account), and one 500 after 20 sends.
	await control('PUT', '/emulator/account', { balance: 1000 });
	const before = (await control('GET', '/emulator/messages')).length;
	await control('POST', '/emulator/faults', { status: 500, after: 20 });
	const numbers = Array.from({ length: 50 }, (_, order) => ({ order, to: `3162${String(order).padStart(7, '0')}` }));
	expect((await post(numbers)).status).toBe(200);
	// The execution that ran Send SMS (the warm-up calls stop at the empty split).
	// n8n can answer 503 "Database is not ready" for a moment while it saves executions under load.
	const ranSendSms = async () =>
		(await client.executions(id).catch((): Execution[] => [])).find(
			(execution) => isFinished(execution) && execution.data?.resultData.runData['Send SMS'],
		);
	const run = await waitFor<Execution | undefined>(ranSendSms, {
		what: 'an execution that ran Send SMS',
		timeoutMs: 120_000,
		intervalMs: 300,
		onTimeout: () => undefined,
	});
	if (!run) {
		const seen = (await client.executions(id)).map((execution) => [
			execution.status,
			Object.keys(execution.data?.resultData.runData ?? {}),
		]);
		throw new Error(`no finished execution ran Send SMS: ${JSON.stringify(seen)}\n${tailOf(n8n.logFile)}`);
	}
	expect(run.status).toBe('success');

	const sent = (await control('GET', '/emulator/messages')).slice(before);
	const requests = await control('GET', '/emulator/requests');
	expect(requests.filter((request) => request.status === 500)).toHaveLength(1);
	expect(sent).toHaveLength(50);
	expect(new Set(sent.map((message) => message.to)).size).toBe(50);
	const output = nodeOutput(run, 'Send SMS');
	expect(output.map((item) => item.to)).toEqual(numbers.map((number) => number.to));
	expect(new Set(output.map((item) => item.messageid))).toEqual(new Set(sent.map((message) => message.messageid)));
}, 240_000);

test('the example webhooks that send SMS refuse a request without the Webhook header (403, no SMS, no execution); with it they run', async () => {
	const { scheduleSms, approveBySms } = demo.workflows;
	const { name, value } = demo.webhookHeader;
	const post = (path: string, body: unknown, headers: Record<string, string>) =>
		fetch(`${n8n.url}/webhook/${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', ...headers },
			body: JSON.stringify(body),
		});
	const requests = {
		'schedule-sms': { to: '+31 6 5555 0001', message: 'Your appointment is tomorrow', at: SCHEDULE_AT },
		// A caller naming an approver of its own: the example asks its fixed approver all the same.
		'approve-refund': { amount: '€80', order: '2002', approver: '+31 6 5555 0002' },
	};
	await control('PUT', '/emulator/account', { balance: 1000 }); // an earlier test may have emptied it
	const messageIds = async () => (await control('GET', '/emulator/messages')).map((message) => message.messageid);
	const before = await messageIds();
	for (const [path, body] of Object.entries(requests)) {
		await waitForWebhooks([`${n8n.url}/webhook/${path}`], {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		});
		for (const headers of [{}, { [name]: `${value}x` }, { [name]: '' }]) {
			const { status } = await post(path, body, headers);
			expect({ path, headers, status }).toEqual({ path, headers, status: 403 });
		}
	}
	expect(await messageIds()).toEqual(before);
	expect(await client.executions(scheduleSms.id)).toEqual([]);
	expect(await client.executions(approveBySms.id)).toEqual([]);

	const scheduled = await post('schedule-sms', requests['schedule-sms'], { [name]: value });
	expect(scheduled.status).toBe(200);
	const { messageid } = (await scheduled.json()) as { messageid: string };
	expect((await control('GET', '/emulator/messages')).find((message) => message.messageid === messageid)).toMatchObject(
		{ to: '31655550001', deliveryCode: 'scheduled' },
	);

	expect((await post('approve-refund', requests['approve-refund'], { [name]: value })).status).toBe(200);
	const asked = await waitFor(
		async () =>
			(await control('GET', '/emulator/messages')).find((message) => String(message.content).includes('order 2002')),
		{ what: 'the approval question' },
	);
	expect(asked).toMatchObject({
		to: '31612345678',
		content: expect.stringContaining('Approve the refund of €80 for order 2002?'),
	});
	expect((await control('GET', '/emulator/messages')).filter((message) => message.to === '31655550002')).toEqual([]);
	// The approver answers through the auto-reply example's trigger (the shared scenarios left other webhooks registered)
	// and the execution goes on down the approved branch.
	await control('DELETE', '/emulator/webhooks');
	await control('POST', '/emulator/webhooks', { url: demo.workflows.autoReply.webhookUrl, types: ['inbox_message'] });
	await control('POST', '/emulator/inbound?wait=true', {
		from: '31612345678',
		content: 'Yes',
		replyTo: asked.messageid,
	});
	// A waiting execution counts as finished in executionsOf: wait for the one that went on.
	let seen: Execution[] = [];
	const answered = await waitFor(
		async () => (seen = await client.executions(approveBySms.id)).find((execution) => execution.status === 'success'),
		{
			what: 'the answered approval',
			onTimeout: () => {
				throw new Error(
					`no successful execution: ${JSON.stringify(seen.map((execution) => execution.status))}\n${tailOf(n8n.logFile)}`,
				);
			},
		},
	);
	expect(nodeOutput(answered, 'Ask the manager')[0]).toMatchObject({ approved: true, from: '31612345678' });
	expect(answered.data!.resultData.runData).toHaveProperty(["Refund the order (replace with your shop's API)"]);
}, 120_000);
