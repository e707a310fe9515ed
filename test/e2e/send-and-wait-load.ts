/**
 * Send and Wait for Response under load, run against a single n8n (send-and-wait-load.test.ts) and in
 * queue mode (send-and-wait-load-queue.test.ts), with the emulator behaving as an at-least-once gateway
 * does under load: 100 questions that wait for their delivery report, whose final report comes 0–500 ms
 * after the send (mostly before n8n has saved the execution as waiting), and 100 approval questions
 * answered "yes", every webhook delivered twice (`duplicateDeliveries`). Every question must resume
 * exactly once with its own answer, none may wait past its report, the redelivered answers start no
 * execution of the trigger's workflow, and no resume signature may appear in any saved execution or in
 * n8n's debug log.
 */
import type { Emulator, EmulatorOptions } from '../../emulator/server';
import { nodeOutput, type Execution, type N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { waitFor, waitForWebhooks } from '../../tools/waits';
import { load } from '../../tools/webhook-load';
import { emulatorClient } from '../support/emulator-client';

const QUESTIONS_PER_GROUP = 100;
const SENDER = '3197010000001';
const TRIGGER_WEBHOOK_ID = '3a7c9e1b-0d2f-4a6b-8c1e-5f7a9b3d2c10';

/** The emulator as an at-least-once gateway under load; the balance pays for every question. */
export const LOAD_EMULATOR: EmulatorOptions = {
	account: { balance: 10_000 },
	settings: { deliveryDelayMs: 0, deliveryJitterMs: 500, duplicateDeliveries: true, retryBaseMs: 250, maxAttempts: 8, webhookTimeoutMs: 10_000 },
};

/**
 * n8n's debug log (what the signature search reads), and the expression isolates n8n creates only when an
 * expression is evaluated, as docs/send-and-wait.md advises for an n8n that handles many replies: on n8n
 * 2.x's default each webhook request costs n8n an isolate, too slow for this load on a 2-core CI machine.
 */
export const LOAD_N8N_ENV = { N8N_LOG_LEVEL: 'debug', N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' };

const say = (line: string) => process.stderr.write(`[load] ${new Date().toISOString().slice(11, 19)} ${line}\n`);

export interface LoadSetting {
	emulator: Emulator;
	client: N8nClient;
	/** Where production webhooks are served: the n8n itself, or in queue mode the webhook processor. */
	webhookBaseUrl: string;
	/** The text of every n8n process's log so far. */
	logs(): string[];
	logTail(): string;
}

interface Group {
	name: 'report' | 'approval';
	workflowId: string;
	numbers: string[];
	/** By the question's number, once sent: the execution id (from the SMS's reference) and the message id. */
	sent: Map<string, { executionId: string; messageid: string }>;
}

/** Numbers of a group: the report group's are delivered (final report code 1), the approval group's end in 9990 (no final report). */
const numbersOf = (name: Group['name']) =>
	Array.from({ length: QUESTIONS_PER_GROUP }, (_, i) => (name === 'report' ? `3164${String(i).padStart(7, '0')}` : `3165${String(i).padStart(3, '0')}9990`));

/** Webhook → Ask (Send and Wait for Response, `responseType`) → Done, one question per POST `{to}`. */
function questionWorkflow(name: Group['name'], credentialId: string) {
	const credentials = { messagingGatewayApi: { id: credentialId, name: 'Messaging Gateway account' } };
	const ask = { resource: 'message', operation: 'sendAndWait', sender: { __rl: true, mode: 'id', value: SENDER }, to: '={{ $json.body.to }}', message: 'Approve?', responseType: name === 'report' ? 'deliveryReport' : 'approval' };
	return {
		name: `Load: ${name}`,
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, webhookId: `load-${name}-id`, position: [0, 0], parameters: { httpMethod: 'POST', path: `load-${name}`, responseMode: 'onReceived' } },
			{ name: 'Ask', type: `${PACKAGE_NAME}.messagingGateway`, typeVersion: 3, position: [220, 0], parameters: ask, credentials },
			{ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
		],
		connections: { Start: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] }, Ask: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** Every 64-hex value in a text: a resume signature, wherever it appears. */
const hex64 = (text: string) => new Set(text.match(/[0-9a-f]{64}/g) ?? []);

export function sendAndWaitLoadScenarios(setting: () => LoadSetting) {
	let emulator: Emulator;
	let client: N8nClient;
	let webhookBaseUrl: string;
	let triggerWorkflowId: string;
	const groups = {} as Record<Group['name'], Group>;
	const { control } = emulatorClient(() => emulator);

	async function createActive(workflow: ReturnType<typeof questionWorkflow> | { name: string; nodes: unknown[]; connections: object; settings: object }): Promise<string> {
		const { id } = await client.api<{ id: string }>('POST', '/workflows', workflow);
		await client.api('POST', `/workflows/${id}/activate`);
		return id;
	}

	beforeAll(async () => {
		({ emulator, client, webhookBaseUrl } = setting());
		const { account } = emulator;
		const credentialId = await client.createCredential('Messaging Gateway account', { baseUrl: emulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret, signingSecret: account.signingSecret });
		const trigger = { name: 'Replies', type: `${PACKAGE_NAME}.messagingGatewayTrigger`, typeVersion: 2, webhookId: TRIGGER_WEBHOOK_ID, position: [0, 0], parameters: { events: ['inbox_message'], options: {} }, credentials: { messagingGatewayApi: { id: credentialId, name: 'Messaging Gateway account' } } };
		triggerWorkflowId = await createActive({ name: 'Load: replies', nodes: [trigger], connections: {}, settings: { executionOrder: 'v1' } });
		const triggerUrl = `${webhookBaseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
		await control('POST', '/emulator/webhooks', { url: triggerUrl, types: ['*'], method: 'POST' });
		for (const name of ['report', 'approval'] as const) {
			groups[name] = { name, workflowId: await createActive(questionWorkflow(name, credentialId)), numbers: numbersOf(name), sent: new Map() };
		}
		await waitForWebhooks([triggerUrl]);
		await waitForWebhooks([`${webhookBaseUrl}/webhook/load-report`], { method: 'POST', body: '{"to":"not a number"}' });
	}, 120_000);

	/** Every SMS of the group once sent, by number: its execution (from the reference) and message id. */
	const sentQuestions = (group: Group) =>
		waitFor(
			() => {
				for (const sms of emulator.messages) {
					if (group.numbers.includes(sms.to) && sms.reference.startsWith('n8n-wait:')) group.sent.set(sms.to, { executionId: sms.reference.split(':')[1], messageid: sms.messageid });
				}
				return group.sent.size === group.numbers.length;
			},
			{
				what: `the ${group.name} questions sent`,
				timeoutMs: 240_000,
				intervalMs: 1000,
				onTimeout: () => {
					throw new Error(`${group.sent.size} of the ${group.name} questions sent\n${setting().logTail()}`);
				},
			},
		);

	/** The group's executions by id, without their data. */
	const statuses = async (group: Group) => new Map((await client.executions(group.workflowId, { includeData: false })).map((execution) => [execution.id, execution.status]));

	test('every question resumes exactly once with its own answer; no report is lost; a redelivered answer starts nothing', async () => {
		// Both groups at once: 200 questions, 10 in flight each.
		const asked = await Promise.all(
			(['report', 'approval'] as const).map((name) => load(`${webhookBaseUrl}/webhook/load-${name}`, QUESTIONS_PER_GROUP, 10, (i) => ({ body: JSON.stringify({ to: groups[name].numbers[i] }), headers: {} }))),
		);
		expect(asked.map((result) => result.statuses)).toEqual([{ 200: QUESTIONS_PER_GROUP }, { 200: QUESTIONS_PER_GROUP }]);
		say('200 questions asked');
		await sentQuestions(groups.report);
		await sentQuestions(groups.approval);
		say('200 questions sent');
		const approvalIds = [...groups.approval.sent.values()].map((question) => question.executionId);
		await waitFor(async () => {
			const now = await statuses(groups.approval);
			return approvalIds.every((id) => now.get(id) === 'waiting');
		}, { what: 'every approval question waiting', timeoutMs: 240_000, intervalMs: 1000 });
		say('the approval questions wait');
		// The recipients answer "yes"; the emulator delivers each answer twice.
		const replies = [...groups.approval.sent.values()];
		const answered = await load(`${emulator.url}/emulator/inbound?wait=true`, replies.length, 10, (i) => ({ body: JSON.stringify({ replyTo: replies[i].messageid, content: 'yes' }), headers: {} }));
		expect(answered.statuses).toEqual({ 201: replies.length });
		say('answered');
		// Every delivery (repeats and the gateway's redeliveries included) has ended.
		await emulator.settle();
		say('every delivery ended');

		for (const group of [groups.report, groups.approval]) {
			const ids = new Set([...group.sent.values()].map((question) => question.executionId));
			const unfinished = async () => [...(await statuses(group))].filter(([id, status]) => ids.has(id) && ['waiting', 'running', 'new'].includes(status)).map(([id]) => id);
			// Bounded: n8n may still be running the last resumed executions.
			const left = await waitFor(async () => (await unfinished()).length === 0 && [], { what: `${group.name} questions finished`, timeoutMs: 90_000, intervalMs: 1000, onTimeout: () => ['timed out'] });
			expect({ group: group.name, stillWaitingOrRunning: left.length === 0 ? [] : await unfinished() }).toEqual({ group: group.name, stillWaitingOrRunning: [] });
			// Besides the questions' executions, only the probe that waited for the webhook to be live (no number: an error).
			const executions = await client.executions(group.workflowId);
			const others = executions.filter((execution) => !ids.has(execution.id));
			expect(others.map((execution) => execution.status)).toEqual(group.name === 'report' ? ['error'] : []);
			expect(executions.length - others.length).toBe(QUESTIONS_PER_GROUP);
			for (const execution of executions) if (ids.has(execution.id)) expectResumedOnce(group, execution);
		}
		// Resume Only: neither the answers nor their second deliveries started the trigger's workflow.
		expect(await client.executions(triggerWorkflowId, { includeData: false })).toEqual([]);
	}, 600_000);

	function expectResumedOnce(group: Group, execution: Execution) {
		const question = [...group.sent].find(([, sent]) => sent.executionId === execution.id);
		expect({ id: execution.id, status: execution.status, question: question !== undefined }).toEqual({ id: execution.id, status: 'success', question: true });
		const [to, { messageid }] = question!;
		expect(execution.data!.resultData.runData.Done).toHaveLength(1);
		const answer = nodeOutput(execution, 'Ask');
		const expected = group.name === 'report' ? { delivered: true, delivery_code: '1', messageid, to } : { approved: true, reply: 'yes', from: to, messageid, to };
		expect(answer).toEqual([expect.objectContaining(expected)]);
	}

	test('no resume signature the emulator saw is in any saved execution or in n8n’s debug log', async () => {
		const seen = `${JSON.stringify(await control('GET', '/emulator/requests'))}\n${JSON.stringify(await control('GET', '/emulator/messages'))}`;
		const signatures = hex64(seen);
		expect(signatures.size).toBeGreaterThanOrEqual(2 * QUESTIONS_PER_GROUP);
		const { data: workflows } = await client.api<{ data: Array<{ id: string }> }>('GET', '/workflows?limit=250');
		const saved = await Promise.all(workflows.map(async ({ id }) => JSON.stringify(await client.executions(id))));
		const found = (text: string) => [...hex64(text)].filter((value) => signatures.has(value));
		expect(saved.flatMap(found)).toEqual([]);
		expect(saved.join('').length).toBeGreaterThan(0);
		const logs = setting().logs();
		expect(logs.join('\n')).toMatch(/debug/);
		expect(logs.flatMap(found)).toEqual([]);
	}, 120_000);
}
