/**
 * The setting of the Send and Wait for Response scenarios (send-and-wait-scenarios.ts): the credential,
 * the Messaging Gateway Trigger's workflow on the account's one webhook URL, and the helpers that ask a
 * question, reply to it and read its answer.
 */
import type { Emulator } from '../../emulator/server';
import { nodeOutput, type Execution, type N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { waitFor, waitForWebhooks } from '../../tools/waits';
import { startReceiver, type Receiver } from '../support/receiver';
import { emulatorClient, emulatorControl, type EmulatorControl } from '../support/emulator-client';
import { postWhenLive, questionWorkflow, SENDER } from './send-and-wait-workflows';

export interface ConversationSetting {
	emulator: Emulator;
	/** Signed in to the n8n that serves the API. */
	client: N8nClient;
	/** Where production webhooks are served: the n8n itself, or in queue mode the webhook processor. */
	webhookBaseUrl: string;
	/** The last lines of n8n's log(s), for a failure. */
	logTail(): string;
	/** Everything n8n wrote (every process in queue mode), at N8N_LOG_LEVEL=debug. */
	wholeLog(): string;
}

export { SENDER };

export interface SentSms {
	messageid: string;
	to: string;
	sender: string;
	content: string;
	reference: string;
}

export interface Question {
	workflowId: string;
	execution: Execution;
	sms: SentSms;
}

/** Declares the beforeAll and afterAll of the scenarios; `setting()` is read in the beforeAll, after the calling file's. */
export function conversationWorld(setting: () => ConversationSetting) {
	const TRIGGER_WEBHOOK_ID = '7e4b1c2d-5a6f-4e3b-9c8d-0f1e2d3c4b5a';

	let emulator: Emulator;
	let webhookBaseUrl: string;
	let logTail: () => string;
	let wholeLog: () => string;
	let client: N8nClient;
	let control: EmulatorControl;
	let credentialId: string;
	let triggerWorkflowId: string;
	let receiver: Receiver;
	let numberSeed = 0;

	/** A fresh recipient per question, so every test finds its own SMS; `suffix` picks an emulator delivery outcome. */
	function newNumber(suffix = ''): string {
		const base = `31620${String(++numberSeed).padStart(6, '0')}`;
		return base.slice(0, base.length - suffix.length) + suffix;
	}

	const credentials = () => ({ messagingGatewayApi: { id: credentialId, name: 'Messaging Gateway account' } });

	/** Creates and starts a workflow Webhook → Ask (Send and Wait) → Done for one recipient. */
	async function startQuestion(
		parameters: Record<string, unknown>,
		to: string,
	): Promise<{ workflowId: string; path: string }> {
		const path = `ask-${++numberSeed}`;
		const { nodes, connections } = questionWorkflow(path, parameters, credentials());
		const workflowId = await client.createActiveWorkflow(`Question ${path}`, nodes, connections);
		const started = await postWhenLive(`${webhookBaseUrl}/webhook/${path}`, { to });
		expect(started.status).toBe(200);
		return { workflowId, path };
	}

	/** One execution by id (n8n 1.x's list leaves out executions that are waiting; reading one by id does not). */
	async function executionById(id: string): Promise<Execution> {
		return await client.api<Execution>('GET', `/executions/${id}?includeData=true`);
	}

	/** Starts a question and returns once it waits, with the message it sent (the first to `to` since it started). */
	async function ask(parameters: Record<string, unknown>, to = newNumber()): Promise<Question> {
		const messagesTo = async () =>
			((await control('GET', '/emulator/messages')) as unknown as SentSms[]).filter((message) => message.to === to);
		const earlier = new Set((await messagesTo()).map((message) => message.messageid));
		const { workflowId, path } = await startQuestion(parameters, to);
		const sms = await waitFor(async () => (await messagesTo()).find((message) => !earlier.has(message.messageid)), {
			what: `the SMS of ${path} to ${to}`,
			onTimeout: () => {
				throw new Error(`no SMS of ${path} to ${to}\n${logTail()}`);
			},
		});
		// The execution's id is in the question's reference; the execution waits once the SMS is out.
		const executionId = sms.reference.split(':')[1];
		const execution = await waitFor(
			async () => {
				const entry = await executionById(executionId);
				return entry.status === 'waiting' && entry;
			},
			// A hang guard: in queue mode on a busy machine, a worker took more than 30 s to save it as waiting.
			{ what: `execution ${executionId} to wait`, timeoutMs: 120_000 },
		);
		return { workflowId, execution, sms };
	}

	/** The recipient (or `from`) replies to the question's SMS; answers once the trigger has taken it. */
	async function reply(sms: SentSms, content: string, from = sms.to) {
		return await control('POST', '/emulator/inbound?wait=true', { from, content, replyTo: sms.messageid });
	}

	async function isWaiting(question: Question): Promise<boolean> {
		return (await executionById(question.execution.id)).status === 'waiting';
	}

	/** The question's output once its execution has gone on and finished (a waiting one has not). */
	async function answerOf(question: Question, timeoutMs = 30_000): Promise<Record<string, unknown>> {
		const finished = await waitFor(
			async () => {
				const execution = await executionById(question.execution.id);
				// n8n 1.x can show the status before the run data of the nodes after the resume.
				const saved = execution.status !== 'success' || execution.data?.resultData.runData.Done !== undefined;
				return !['waiting', 'running', 'new'].includes(execution.status) && saved && execution;
			},
			{
				what: 'the question to finish',
				timeoutMs,
				onTimeout: () => {
					throw new Error(`the question did not finish\n${logTail()}`);
				},
			},
		);
		expect(finished.status).toBe('success');
		expect(nodeOutput(finished, 'Done')).toHaveLength(1);
		return nodeOutput(finished, 'Ask')[0];
	}

	// An execution still running (queue mode: on a worker) has no output of the node yet: it is read on a later try.
	const triggerItems = async () =>
		(await client.executions(triggerWorkflowId))
			.filter((execution) => execution.data?.resultData.runData.Replies !== undefined)
			.map((execution) => nodeOutput(execution, 'Replies')[0]);

	/** Get Unanswered's item after the trigger's run started by an SMS from `from` that says `content`. */
	const unansweredAfter = async (from: string, content: string) =>
		await waitFor(
			async () =>
				(await client.executions(triggerWorkflowId))
					.filter((execution) => execution.data?.resultData.runData.Unanswered !== undefined)
					.map((execution) => [nodeOutput(execution, 'Replies')[0], nodeOutput(execution, 'Unanswered')[0]])
					.find(([event]) => {
						const message = event.message as { sender?: string; content?: string } | undefined;
						return message?.sender === from && message.content === content;
					})?.[1],
			{ what: `Get Unanswered after "${content}" from ${from}` },
		);

	beforeAll(async () => {
		({ emulator, client, webhookBaseUrl, logTail, wholeLog } = setting());
		control = emulatorControl(emulator);
		receiver = await startReceiver();
		const { account } = emulator;
		credentialId = await client.createCredential('Messaging Gateway account', {
			baseUrl: emulator.url,
			apiKey: account.apiKey,
			apiSecret: account.apiSecret,
			signingSecret: account.signingSecret,
		});
		const trigger = {
			name: 'Replies',
			type: `${PACKAGE_NAME}.messagingGatewayTrigger`,
			typeVersion: 2,
			webhookId: TRIGGER_WEBHOOK_ID,
			position: [0, 0],
			parameters: { events: ['inbox_message'], options: {} },
			credentials: credentials(),
		};
		// What an assistant after the trigger reads: Get Unanswered of the sender (other events have none: an error item).
		const unanswered = {
			name: 'Unanswered',
			type: `${PACKAGE_NAME}.messagingGateway`,
			typeVersion: 2,
			position: [220, 0],
			onError: 'continueRegularOutput',
			parameters: { resource: 'conversation', operation: 'getUnanswered', phone: '={{ $json.message.sender }}' },
			credentials: credentials(),
		};
		const connections = { Replies: { main: [[{ node: 'Unanswered', type: 'main', index: 0 }]] } };
		triggerWorkflowId = await client.createActiveWorkflow('Replies', [trigger, unanswered], connections);
		const triggerUrl = `${webhookBaseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
		// The account's one webhook URL gets every event: replies and delivery reports reach the trigger.
		await control('POST', '/emulator/webhooks', { url: triggerUrl, types: ['*'], method: 'POST' });
		await waitForWebhooks([triggerUrl]);
	}, 120_000);

	afterAll(async () => {
		await receiver?.close();
	});

	/** An SMS with any reference, sent with the Send operation's HTTP API call as anyone on the account could. */
	async function sendPlainSms(reference: string, to: string): Promise<SentSms> {
		const { body } = await emulatorClient(() => emulator).api('POST', '/v1/message/send', {
			sender: SENDER,
			to,
			message: 'Anything',
			reference,
		});
		const { messageid } = body as { messageid: string };
		return { messageid, to, sender: SENDER, content: 'Anything', reference };
	}

	return {
		get client() {
			return client;
		},
		get receiver() {
			return receiver;
		},
		wholeLog: () => wholeLog(),
		control: (...args: Parameters<EmulatorControl>) => control(...args),
		newNumber,
		startQuestion,
		executionById,
		ask,
		reply,
		isWaiting,
		answerOf,
		triggerItems,
		unansweredAfter,
		sendPlainSms,
	};
}
