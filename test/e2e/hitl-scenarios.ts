/**
 * The HITL tool's scenarios, declared by ai-agents.test.ts (and ready for a queue-mode file: the
 * webhooks' base URL is a setting): an agent's Send SMS gated by the Messaging Gateway HITL tool,
 * driven by the scripted model, the approver's SMS reply going through the Messaging Gateway Trigger.
 */
import { nodeOutput, type Execution, type N8nClient } from '../../tools/n8n-client';
import { waitFor, waitForWebhooks } from '../../tools/waits';
import type { ChatRequest, ScriptedModel } from '../helpers/scripted-model';
import { gatedAgentWorkflow, gatedSendCall, SENDER, type Credentials } from './ai-agent-workflows';
import type { EmulatorControl } from './scenarios';

export interface HitlSetting {
	client: N8nClient;
	control: EmulatorControl;
	model: ScriptedModel;
	credentials: Credentials;
	/** Where production webhooks are served: the n8n itself, or in queue mode the webhook processor. */
	webhookBaseUrl: string;
	logTail(): string;
}

interface Sms {
	messageid: string;
	to: string;
	sender: string;
	content: string;
	reference: string;
}

const REFUSAL = 'User rejected the tool call';

/** Declares the tests; `setting()` is read in their beforeAll. */
export function hitlScenarios(setting: () => HitlSetting) {
	let s: HitlSetting;
	let client: N8nClient;
	let control: EmulatorControl;
	let model: ScriptedModel;
	let credentials: Credentials;
	let seed = 0;
	const newNumber = () => `31650${String(++seed).padStart(6, '0')}`;
	const smsTo = async (to: string) => ((await control('GET', '/emulator/messages')) as unknown as Sms[]).filter((sms) => sms.to === to);
	const logTail = () => s.logTail();

	const TRIGGER_WEBHOOK_ID = '3f1e2d3c-4b5a-4e3b-9c8d-7e4b1c2d5a6f';

	beforeAll(async () => {
		s = setting();
		({ client, control, model, credentials } = s);
		const trigger = {
			name: 'Replies',
			type: 'n8n-nodes-messaging-gateway.messagingGatewayTrigger',
			typeVersion: 2,
			webhookId: TRIGGER_WEBHOOK_ID,
			position: [0, 0],
			parameters: { events: ['inbox_message'], options: {} },
			credentials: { messagingGatewayApi: { id: credentials.gateway, name: 'Messaging Gateway account' } },
		};
		const { id } = await client.api<{ id: string }>('POST', '/workflows', { name: 'Replies', nodes: [trigger], connections: {}, settings: {} });
		await client.api('POST', `/workflows/${id}/activate`);
		const url = `${s.webhookBaseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
		// Only this trigger gets the account's webhooks from here on (another file's scenarios may have registered theirs).
		await control('DELETE', '/emulator/webhooks');
		await control('POST', '/emulator/webhooks', { url, types: ['*'], method: 'POST' });
		await waitForWebhooks([url]);
	}, 120_000);

	interface Run {
		prompt: string;
		approver: string;
		executionId: string;
	}

	/** Creates, activates and starts a gated agent whose model calls Send SMS once per `calls` entry. */
	async function startAgent(calls: Array<[string, string]>, approval: Record<string, unknown>): Promise<Omit<Run, 'executionId'> & { workflowId: string }> {
		const path = `agent-${++seed}`;
		const approver = newNumber();
		const workflow = gatedAgentWorkflow(path, approver, approval, credentials);
		const { id } = await client.api<{ id: string }>('POST', '/workflows', workflow);
		await client.api('POST', `/workflows/${id}/activate`);
		const prompt = calls.map(([to, message]) => gatedSendCall(to, message)).join('\n');
		await waitFor(
			async () => {
				const answer = await fetch(`${s.webhookBaseUrl}/webhook/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ prompt }) });
				return answer.status !== 404 && answer;
			},
			{ what: `the webhook of ${path}` },
		);
		return { prompt, approver, workflowId: id };
	}

	/** Starts a gated agent whose model calls Send SMS once per `calls` entry; returns once the first question is out. */
	async function runAgent(calls: Array<[string, string]>, approvalOptions: Record<string, unknown> = {}): Promise<Run & { question: Sms }> {
		const { prompt, approver } = await startAgent(calls, { options: approvalOptions });
		const question = await nextQuestion(approver, 0);
		return { prompt, approver, executionId: question.reference.split(':')[1], question };
	}

	/** The approver's `index`-th SMS (0: the first question), once sent and the execution waits. */
	async function nextQuestion(approver: string, index: number): Promise<Sms> {
		const sms = await waitFor(async () => (await smsTo(approver))[index], {
			what: `SMS ${index} to the approver ${approver}`,
			timeoutMs: 60_000,
			onTimeout: () => {
				throw new Error(`no SMS ${index} to ${approver}\n${logTail()}`);
			},
		});
		await waitFor(async () => (await execution(sms.reference.split(':')[1])).status === 'waiting', { what: 'the execution to wait' });
		return sms;
	}

	const execution = (id: string) => client.api<Execution>('GET', `/executions/${id}?includeData=true`);
	const reply = (sms: Sms, content: string, from = sms.to) => control('POST', '/emulator/inbound?wait=true', { from, content, replyTo: sms.messageid });

	async function finished(run: Run, timeoutMs = 60_000): Promise<Execution> {
		const done = await waitFor(async () => {
			const entry = await execution(run.executionId);
			return !['waiting', 'running', 'new'].includes(entry.status) && entry;
		}, { what: `execution ${run.executionId} to finish`, timeoutMs, onTimeout: () => { throw new Error(`execution ${run.executionId} did not finish\n${logTail()}`); } });
		expect(done.status).toBe('success');
		return done;
	}

	/** The tool results the agent gave the model after the approver decided: the last request of the run. */
	function toolResults(run: Run): string[] {
		const requests: ChatRequest[] = model.requestsWith(run.prompt);
		const last = requests.at(-1)!;
		return last.messages.filter((message) => message.role === 'tool').map((message) => String(message.content));
	}

	/** Nothing the model was sent holds the question's signed link. */
	const expectNoLinkSent = (question: Sms) => expect(JSON.stringify(model.requests)).not.toContain(question.reference.split(':').pop()!);

	let timeoutRun: Run & { question: Sms };

	test('approve: the question reads well as one SMS; "yes" runs the tool (the SMS goes out) and the model gets its result', async () => {
		// Started first, so that n8n's wait tracker has run it out by the last test.
		timeoutRun = await runAgent([[newNumber(), 'Checking in']], { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' } } });
		const recipient = newNumber();
		const run = await runAgent([[recipient, 'Your parcel is on its way']]);
		expect(run.question).toMatchObject({ sender: SENDER, content: `Allow Send SMS (to: ${recipient}; message: Your parcel is on its way)? Reply YES or NO` });
		expect(await smsTo(recipient)).toEqual([]);
		await reply(run.question, 'Yes');
		await finished(run);
		const [sent] = await smsTo(recipient);
		expect(sent).toMatchObject({ sender: SENDER, content: 'Your parcel is on its way' });
		const results = toolResults(run);
		expect(results).toHaveLength(1);
		expect(results[0]).toContain(sent.messageid);
		expectNoLinkSent(run.question);
	});

	test('decline: "no" sends nothing and the model gets n8n\'s refusal', async () => {
		const recipient = newNumber();
		const run = await runAgent([[recipient, 'Refund approved']]);
		await reply(run.question, 'no');
		const done = await finished(run);
		expect(await smsTo(recipient)).toEqual([]);
		expect(toolResults(run)).toEqual([expect.stringContaining(REFUSAL)]);
		expect(String(nodeOutput(done, 'Agent')[0].output)).toContain(REFUSAL);
		expectNoLinkSent(run.question);
	});

	test('a question that cannot be sent (a sender name nobody can reply to) is a refusal: nothing is sent', async () => {
		const recipient = newNumber();
		const { prompt, approver, workflowId } = await startAgent([[recipient, 'Hello']], { sender: { __rl: true, mode: 'id', value: 'MyShop' } });
		const [done] = await client.finishedExecutions(workflowId, 1, 60_000);
		expect(done.status).toBe('success');
		expect(await smsTo(approver)).toEqual([]);
		expect(await smsTo(recipient)).toEqual([]);
		expect(toolResults({ prompt, approver, executionId: done.id })).toEqual([expect.stringContaining(REFUSAL)]);
	});

	test('an unclear reply gets the reminder and the question still waits; then a clear reply decides', async () => {
		const recipient = newNumber();
		const run = await runAgent([[recipient, 'Meeting moved to 3pm']], { unclearReplyReminder: 'Please reply YES or NO' });
		await reply(run.question, 'what is this?');
		const reminder = await nextQuestion(run.approver, 1);
		expect(reminder.content).toBe('Please reply YES or NO');
		expect((await execution(run.executionId)).status).toBe('waiting');
		expect(model.requestsWith(run.prompt)).toHaveLength(1);
		await reply(reminder, 'yes');
		await finished(run);
		expect(await smsTo(recipient)).toHaveLength(1);
	});

	test('a reply from another number decides nothing', async () => {
		const recipient = newNumber();
		const run = await runAgent([[recipient, 'Door code 4711']]);
		await reply(run.question, 'yes', newNumber());
		expect((await execution(run.executionId)).status).toBe('waiting');
		await reply(run.question, 'no');
		await finished(run);
		expect(await smsTo(recipient)).toEqual([]);
		expect(toolResults(run)).toEqual([expect.stringContaining(REFUSAL)]);
	});

	// Measured on n8n 2.41.1: when the first question resumes, n8n marks the HITL node disabled for the
	// rest of the run (handleWaitingState), so its second run passes its input on unasked and the agent
	// drops that call: no question, no SMS, no result for the model. docs/ai-agents.md names the limit.
	test('two gated calls in one turn: the first is asked and decided; n8n drops the second unasked and unsent', async () => {
		const [first, second] = [newNumber(), newNumber()];
		const run = await runAgent([[first, 'First message'], [second, 'Second message']]);
		expect(run.question.content).toBe(`Allow Send SMS (to: ${first}; message: First message)? Reply YES or NO`);
		await reply(run.question, 'yes');
		await finished(run);
		expect(await smsTo(first)).toHaveLength(1);
		expect(await smsTo(second)).toEqual([]);
		expect(await smsTo(run.approver)).toHaveLength(1);
		const last = model.requestsWith(run.prompt).at(-1)!;
		expect(last.messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id)).toEqual([expect.stringMatching(/_0$/)]);
	});

	test('timeout: a wait limit that runs out is a refusal; nothing is sent', async () => {
		await finished(timeoutRun, 150_000);
		expect(toolResults(timeoutRun)).toEqual([expect.stringContaining(REFUSAL)]);
		const to = JSON.parse(timeoutRun.prompt.slice(timeoutRun.prompt.indexOf('{'))).toolParameters.to as string;
		expect(await smsTo(to)).toEqual([]);
	}, 180_000);
}
