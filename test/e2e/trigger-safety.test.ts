/**
 * The trigger's safety defaults inside a real n8n (the package installed as a community package):
 * without a signing secret nothing gets in unless the user says so, a repeated delivery runs the
 * downstream steps once with n8n's Remove Duplicates node, and the node panel's search finds the nodes.
 * Runs on n8n 2.41.1 and 1.123.81 (N8N_VERSION).
 */
import { readFileSync } from 'node:fs';

import type { Emulator } from '../../emulator/server';
import { loadExample, N8nClient, productionUrl, type ExampleWorkflow, type Execution } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { stopN8nOnExit, type N8nServer } from '../../tools/n8n-process';
import { startN8nWithEmulator, withLogOf } from '../../tools/n8n-with-emulator';
import { sleep, waitForWebhooks } from '../../tools/waits';
import { SPEC_EXAMPLES, itemOf } from '../fixtures/spec-events';
import { n8nExecutions } from '../support/emulator-client';
import { opensslHmacSha256 } from '../support/openssl';

stopN8nOnExit();

let emulator: Emulator;
let n8n: N8nServer;
let client: N8nClient;
let signedCredentialId: string;
let unsignedCredentialId: string;
let stop: (() => Promise<void>) | undefined;

const TRIGGER_TYPE = `${PACKAGE_NAME}.messagingGatewayTrigger`;

/** Finished executions of a workflow, oldest first, once there are at least `count`. */
const { executionsOf } = n8nExecutions(() => client);

/** A workflow with only the trigger, of the given node version and options. */
function triggerOnly(
	name: string,
	webhookId: string,
	typeVersion: number,
	options: Record<string, unknown> = {},
): ExampleWorkflow {
	return {
		name,
		nodes: [
			{
				parameters: { events: ['*'], options },
				name: 'Gateway Event',
				type: TRIGGER_TYPE,
				typeVersion,
				position: [0, 0],
				webhookId,
				credentials: { messagingGatewayApi: { id: '__CREDENTIAL_ID__', name: 'Gateway account' } },
			} as ExampleWorkflow['nodes'][number],
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

const urlOf = (webhookId: string) => `${n8n.url}/webhook/${webhookId}/webhook`;
const postJson = (url: string, body: string, headers: Record<string, string> = {}) =>
	fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await startN8nWithEmulator());
	const base = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
	signedCredentialId = await withLogOf(
		n8n,
		client.createCredential('Gateway account (signed)', { ...base, signingSecret: emulator.account.signingSecret }),
	);
	unsignedCredentialId = await withLogOf(n8n, client.createCredential('Gateway account (no signing secret)', base));
}, 900_000);

afterAll(async () => {
	await stop?.();
});

describe('without a signing secret in the credential', () => {
	const body = JSON.stringify(SPEC_EXAMPLES.inbox_message);
	const ids = {
		v2: '7d0c1e2f-0001-4a5b-9c8d-00000000a001',
		v1: '7d0c1e2f-0002-4a5b-9c8d-00000000a002',
		open: '7d0c1e2f-0003-4a5b-9c8d-00000000a003',
	};
	const workflows: Record<keyof typeof ids, string> = { v2: '', v1: '', open: '' };

	beforeAll(async () => {
		workflows.v2 = await client.importWorkflow(triggerOnly('No secret, version 2', ids.v2, 2), unsignedCredentialId);
		workflows.v1 = await client.importWorkflow(triggerOnly('No secret, version 1', ids.v1, 1), unsignedCredentialId);
		workflows.open = await client.importWorkflow(
			triggerOnly('No secret, unsigned accepted', ids.open, 2, { acceptUnsigned: true }),
			unsignedCredentialId,
		);
		await waitForWebhooks(Object.values(ids).map(urlOf));
	});

	test.each(['v2', 'v1'] as const)(
		'node %s: an unsigned request is refused with 401 no_signing_secret, no execution, a log line for the owner',
		async (version) => {
			const response = await postJson(urlOf(ids[version]), body);
			expect(response.status).toBe(401);
			expect(await response.json()).toEqual({ error: 'invalid_signature', check: 'no_signing_secret' });
			await sleep(1500);
			expect(await executionsOf(workflows[version], 1, 0)).toHaveLength(0);
			expect(readFileSync(n8n.logFile, 'utf8')).toMatch(
				/Messaging Gateway Trigger "Gateway Event": refused a webhook request \(401, no_signing_secret\)/,
			);
		},
	);

	test('with Accept Unsigned Requests on, the same request starts the workflow', async () => {
		const response = await postJson(urlOf(ids.open), body);
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ received: 1, accepted: 1 });
		const [execution] = await executionsOf(workflows.open, 1);
		expect(execution.data!.resultData.runData['Gateway Event'][0].data!.main[0].map((item) => item.json)).toEqual([
			itemOf(SPEC_EXAMPLES.inbox_message),
		]);
	});
});

test('the same signed event delivered twice: two runs of the trigger, the step after Remove Duplicates runs once', async () => {
	const example = loadExample('handle-each-event-once.json');
	const workflowId = await client.importWorkflow(example, signedCredentialId);
	const url = productionUrl(n8n.url, example);
	await waitForWebhooks([url]);

	const body = JSON.stringify(SPEC_EXAMPLES.inbox_message);
	const t = Math.floor(Date.now() / 1000);
	const headers = {
		'X-Service-Timestamp': String(t),
		'X-Service-Signature': `t=${t},v1=${opensslHmacSha256(emulator.account.signingSecret, `${t}.${body}`)}`,
	};
	expect((await postJson(url, body, headers)).status).toBe(200);
	await executionsOf(workflowId, 1); // the gateway's retry comes after the first delivery was handled
	expect((await postJson(url, body, headers)).status).toBe(200);
	const executions = await executionsOf(workflowId, 2);

	expect(executions).toHaveLength(2);
	expect(executions.map((execution) => execution.status)).toEqual(['success', 'success']);
	const itemsOf = (execution: Execution, node: string) =>
		execution.data!.resultData.runData[node]?.[0]?.data?.main[0] ?? [];
	// The trigger does not drop the repeat: both deliveries start the workflow with the event.
	expect(executions.map((execution) => itemsOf(execution, 'Incoming SMS').map((item) => item.json.webhook_id))).toEqual(
		[[SPEC_EXAMPLES.inbox_message.webhook_id], [SPEC_EXAMPLES.inbox_message.webhook_id]],
	);
	// Remove Duplicates lets it through once; the step after it runs once in all.
	const handled = executions.flatMap((execution) => itemsOf(execution, 'Handle Once (replace with your steps)'));
	expect(handled.map((item) => item.json)).toEqual([
		{
			webhookId: SPEC_EXAMPLES.inbox_message.webhook_id,
			from: (SPEC_EXAMPLES.inbox_message.message as Record<string, unknown>).sender,
			text: (SPEC_EXAMPLES.inbox_message.message as Record<string, unknown>).content,
		},
	]);
});

test("the node panel's search finds both nodes by SMS and related words; the trigger explains test events", async () => {
	interface NodeType {
		name: string;
		version: number | number[];
		defaultVersion?: number;
		codex?: { alias?: string[] };
		triggerPanel?: { executionsHelp?: { inactive?: string } };
	}
	const types = await client.rest<NodeType[]>('/types/nodes.json');
	const byName = (name: string) => types.filter((type) => type.name === `${PACKAGE_NAME}.${name}`);
	// What the node creator matches a search against: the display name, and the codex aliases.
	const findsBy = (word: string, type: NodeType) =>
		(type.codex?.alias ?? []).some((alias) => alias.toLowerCase() === word.toLowerCase());
	for (const name of ['messagingGateway', 'messagingGatewayTrigger']) {
		const [type] = byName(name);
		for (const word of ['SMS', 'Text message', 'WhatsApp']) expect(findsBy(word, type)).toBe(true);
	}
	expect(findsBy('Delivery report', byName('messagingGatewayTrigger')[0])).toBe(true);

	const trigger = byName('messagingGatewayTrigger');
	expect(trigger.flatMap((type) => (Array.isArray(type.version) ? type.version : [type.version])).sort()).toEqual([
		1, 2, 3,
	]);
	expect(trigger[0].triggerPanel?.executionsHelp?.inactive).toMatch(/one URL per account.*listen for a test event/s);
});
