/**
 * The Send and Wait for Response scenarios, run against a single n8n (send-and-wait.test.ts) and in
 * queue mode (send-and-wait-queue.test.ts): a question waits, the recipient's reply (or the delivery
 * report) reaches the Messaging Gateway Trigger, which hands it to the waiting execution on its own
 * instance; the execution goes on with the answer.
 */
import type { Emulator } from '../../emulator/server';
import { nodeOutput, type Execution, type N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { waitFor, waitForWebhooks } from '../../tools/waits';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { emulatorControl, type EmulatorControl } from './scenarios';

export interface ConversationSetting {
	emulator: Emulator;
	/** Signed in to the n8n that serves the API. */
	client: N8nClient;
	/** Where production webhooks are served: the n8n itself, or in queue mode the webhook processor. */
	webhookBaseUrl: string;
	/** The last lines of n8n's log(s), for a failure. */
	logTail(): string;
}

/** Declares the tests; `setting()` is read in their beforeAll, after the calling file's. */
export function sendAndWaitScenarios(setting: () => ConversationSetting) {
	const SENDER = '3197010000001';
	const TRIGGER_WEBHOOK_ID = '7e4b1c2d-5a6f-4e3b-9c8d-0f1e2d3c4b5a';

	let emulator: Emulator;
	let webhookBaseUrl: string;
	let logTail: () => string;
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

	/** POSTs to a workflow's webhook; right after activation n8n can answer 404 for a moment. */
	async function postWhenLive(url: string, body: unknown): Promise<Response> {
		return await waitFor(
			async () => {
				const answer = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
				return answer.status === 404 ? undefined : answer;
			},
			{ what: `${url} to answer other than 404`, timeoutMs: 20_000 },
		);
	}

	interface SentSms {
		messageid: string;
		to: string;
		sender: string;
		content: string;
		reference: string;
	}

	const credentials = () => ({ messagingGatewayApi: { id: credentialId, name: 'Messaging Gateway account' } });

	async function createActiveWorkflow(name: string, nodes: unknown[], connections: Record<string, unknown>): Promise<string> {
		const { id } = await client.api<{ id: string }>('POST', '/workflows', { name, nodes, connections, settings: { executionOrder: 'v1' } });
		await client.api('POST', `/workflows/${id}/activate`);
		return id;
	}

	interface Question {
		workflowId: string;
		execution: Execution;
		sms: SentSms;
	}

	/** Creates and starts a workflow Webhook → Ask (Send and Wait) → Done for one recipient. */
	async function startQuestion(parameters: Record<string, unknown>, to: string): Promise<{ workflowId: string; path: string }> {
		const path = `ask-${++numberSeed}`;
		const nodes = [
			{ name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2, webhookId: `${path}-id`, position: [0, 0], parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' } },
			{
				name: 'Ask',
				type: `${PACKAGE_NAME}.messagingGateway`,
				typeVersion: 2,
				position: [220, 0],
				parameters: { resource: 'message', operation: 'sendAndWait', sender: { __rl: true, mode: 'id', value: SENDER }, to: '={{ $json.body.to }}', message: 'Approve the refund of €120?', ...parameters },
				credentials: credentials(),
			},
			{ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
		];
		const connections = { Start: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] }, Ask: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } };
		const workflowId = await createActiveWorkflow(`Question ${path}`, nodes, connections);
		const started = await postWhenLive(`${webhookBaseUrl}/webhook/${path}`, { to });
		expect(started.status).toBe(200);
		return { workflowId, path };
	}

	/** One execution by id (n8n 1.x's list leaves out executions that are waiting; reading one by id does not). */
	async function executionById(id: string): Promise<Execution> {
		return await client.api<Execution>('GET', `/executions/${id}?includeData=true`);
	}

	/** Starts a question and returns once it waits, with the SMS it sent. */
	async function ask(parameters: Record<string, unknown>, to = newNumber()): Promise<Question> {
		const { workflowId, path } = await startQuestion(parameters, to);
		const sms = await waitFor(async () => ((await control('GET', '/emulator/messages')) as unknown as SentSms[]).find((message) => message.to === to), {
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
			{ what: `execution ${executionId} to wait` },
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
		const finished = await waitFor(async () => {
			const execution = await executionById(question.execution.id);
			// n8n 1.x can show the status before the run data of the nodes after the resume.
			const saved = execution.status !== 'success' || execution.data?.resultData.runData.Done !== undefined;
			return !['waiting', 'running', 'new'].includes(execution.status) && saved && execution;
		}, {
			what: 'the question to finish',
			timeoutMs,
			onTimeout: () => {
				throw new Error(`the question did not finish\n${logTail()}`);
			},
		});
		expect(finished.status).toBe('success');
		expect(nodeOutput(finished, 'Done')).toHaveLength(1);
		return nodeOutput(finished, 'Ask')[0];
	}

	const triggerItems = async () => (await client.executions(triggerWorkflowId)).map((execution) => nodeOutput(execution, 'Replies')[0]);

	beforeAll(async () => {
		({ emulator, client, webhookBaseUrl, logTail } = setting());
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
		triggerWorkflowId = await createActiveWorkflow('Replies', [trigger], {});
		const triggerUrl = `${webhookBaseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
		// The account's one webhook URL gets every event: replies and delivery reports reach the trigger.
		await control('POST', '/emulator/webhooks', { url: triggerUrl, types: ['*'], method: 'POST' });
		await waitForWebhooks([triggerUrl]);
	}, 120_000);

	afterAll(async () => {
		await receiver?.close();
	});

	describe('approval', () => {
		test('"Yes" resumes with approved: true; the SMS asked with the hint and carried the link, which no output shows', async () => {
			const question = await ask({ responseType: 'approval' });
			expect(question.sms.content).toBe('Approve the refund of €120? Reply YES or NO');
			expect(question.sms.sender).toBe(SENDER);
			expect(question.sms.reference).toMatch(new RegExp(`^n8n-wait:${question.execution.id}:[\\w-]+:[0-9a-f]{64}$`));
			const before = (await triggerItems()).length;
			await reply(question.sms, 'Yes!');
			const answer = await answerOf(question);
			expect(answer).toEqual({
				approved: true,
				reply: 'Yes!',
				from: question.sms.to,
				repliedAt: expect.any(String),
				messageid: question.sms.messageid,
				to: question.sms.to,
				webhook_id: expect.stringMatching(/^wh_/),
			});
			// Reply Handling "resume only": the reply resumed the question and started nothing else.
			expect((await triggerItems()).length).toBe(before);
			const signature = question.sms.reference.split(':').pop()!;
			expect(JSON.stringify(await client.executions(question.workflowId))).not.toContain(signature);
		});

		test('"no" resumes with approved: false', async () => {
			const question = await ask({ responseType: 'approval' });
			await reply(question.sms, 'no');
			expect(await answerOf(question)).toMatchObject({ approved: false, reply: 'no' });
		});

		test('an unclear reply keeps it waiting and gets the reminder once; the next clear reply resumes it', async () => {
			const question = await ask({ responseType: 'approval', options: { unclearReplyReminder: 'Sorry, please reply YES or NO' } });
			await reply(question.sms, 'maybe tomorrow');
			expect(await isWaiting(question)).toBe(true);
			const reminders = ((await control('GET', '/emulator/messages')) as unknown as SentSms[]).filter((message) => message.to === question.sms.to && message !== question.sms && message.messageid !== question.sms.messageid);
			expect(reminders).toHaveLength(1);
			expect(reminders[0]).toMatchObject({ content: 'Sorry, please reply YES or NO', sender: SENDER, reference: `${question.sms.reference}:${question.sms.messageid}` });
			// The trigger's own workflow shows the unclear reply, its link redacted.
			const items = await waitFor(async () => (await triggerItems()).find((item) => (item?.message as Record<string, unknown>)?.content === 'maybe tomorrow'), {
				what: "the unclear reply in the trigger's workflow",
			});
			expect(items).toMatchObject({ waitingQuestion: { executionId: question.execution.id, outcome: 'keptWaiting' } });
			expect(JSON.stringify(items)).not.toContain(question.sms.reference.split(':').pop()!);
			// A reply to the reminder answers the question too.
			await reply(reminders[0], 'OK');
			expect(await answerOf(question)).toMatchObject({ approved: true, reply: 'OK' });
		});

		test('a reply from another number never resumes it', async () => {
			const question = await ask({ responseType: 'approval' });
			await reply(question.sms, 'yes', newNumber());
			expect(await isWaiting(question)).toBe(true);
			await reply(question.sms, 'yes');
			expect(await answerOf(question)).toMatchObject({ approved: true, from: question.sms.to });
		});

		test('a second reply after it resumed changes nothing', async () => {
			const question = await ask({ responseType: 'approval' });
			await reply(question.sms, 'yes');
			const first = await answerOf(question);
			await reply(question.sms, 'no');
			const executions = await client.executions(question.workflowId);
			expect(executions).toHaveLength(1);
			expect(nodeOutput(executions[0], 'Ask')[0]).toEqual(first);
		});

		test('an SMS that was not delivered resumes it with delivered: false', async () => {
			const question = await ask({ responseType: 'approval' }, newNumber('9992'));
			expect(await answerOf(question)).toEqual({
				delivered: false,
				delivery_code: '2',
				delivery_status: expect.any(String),
				messageid: question.sms.messageid,
				to: question.sms.to,
				webhook_id: expect.stringMatching(/^wh_/),
			});
		});

		test('a final report that reaches the trigger before n8n saved the execution as waiting still resumes it with delivered: false', async () => {
			// Reports at once: the rejection arrives while n8n still runs the execution that asked ("is running already").
			const { deliveryDelayMs } = await control('GET', '/emulator/settings');
			await control('PATCH', '/emulator/settings', { deliveryDelayMs: 0 });
			try {
				const to = newNumber('9992');
				const { workflowId } = await startQuestion({ responseType: 'approval' }, to);
				const sms = await waitFor(async () => ((await control('GET', '/emulator/messages')) as unknown as SentSms[]).find((message) => message.to === to), { what: `the SMS to ${to}` });
				const execution = { id: sms.reference.split(':')[1] } as Execution;
				expect(await answerOf({ workflowId, execution, sms })).toMatchObject({ delivered: false, delivery_code: '2', messageid: sms.messageid, to });
			} finally {
				await control('PATCH', '/emulator/settings', { deliveryDelayMs });
			}
		});

		test('an alphanumeric sender is refused before anything is sent', async () => {
			const to = newNumber();
			const { workflowId } = await startQuestion({ sender: { __rl: true, mode: 'id', value: 'MyShop' }, message: 'Approve?' }, to);
			const [failed] = await client.finishedExecutions(workflowId, 1);
			expect(failed.status).toBe('error');
			expect(JSON.stringify(failed)).toContain('nobody can reply to a name');
			expect(((await control('GET', '/emulator/messages')) as unknown as SentSms[]).some((message) => message.to === to)).toBe(false);
		});
	});

	test('free text: any reply from the number asked resumes it, as sent', async () => {
		const question = await ask({ responseType: 'freeText', message: 'What is the code on the parcel?' });
		expect(question.sms.content).toBe('What is the code on the parcel?');
		await reply(question.sms, ' Code 4711 ');
		const answer = await answerOf(question);
		expect(answer).toMatchObject({ reply: ' Code 4711 ', from: question.sms.to, messageid: question.sms.messageid });
		expect(answer).not.toHaveProperty('approved');
	});

	test('delivery report: resumes on the final report only (0 submitted comes first)', async () => {
		const question = await ask({ responseType: 'deliveryReport', message: 'Your parcel is on its way' });
		const answer = await answerOf(question);
		expect(answer).toEqual({
			delivered: true,
			delivery_code: '1',
			delivery_status: expect.any(String),
			messageid: question.sms.messageid,
			to: question.sms.to,
			webhook_id: expect.stringMatching(/^wh_/),
		});
		const reports = (await control('GET', `/emulator/events?type=delivery_report&messageid=${question.sms.messageid}`)) as unknown as Array<{ event: { message: { delivery_code: string } } }>;
		expect(reports.map((entry) => entry.event.message.delivery_code)).toEqual(['0', '1']);
	});

	test('a forged reply (a reference with a wrong signature) resumes nothing', async () => {
		const question = await ask({ responseType: 'approval' });
		const forged = question.sms.reference.replace(/[0-9a-f]{64}$/, '0'.repeat(64));
		const decoy = await sendPlainSms(forged, question.sms.to);
		await reply(decoy, 'yes');
		expect(await isWaiting(question)).toBe(true);
		await reply(question.sms, 'no');
		expect(await answerOf(question)).toMatchObject({ approved: false });
	});

	test('the trigger never forwards to another host, whatever a reference says', async () => {
		const port = new URL(receiver.url).port;
		const references = [
			`n8n-wait:1:x@127.0.0.1:${port}:${'a'.repeat(64)}`,
			`http://127.0.0.1:${port}/webhook-waiting/1/node?signature=${'a'.repeat(64)}`,
			`n8n-wait:1:..%2f..%2fhook:${'a'.repeat(64)}`,
			`n8n-wait:999999:node-1:${'a'.repeat(64)}`,
		];
		for (const reference of references) {
			const sms = await sendPlainSms(reference, newNumber());
			const response = (await reply(sms, 'yes')) as unknown as { deliveries: Array<{ state: string; attempts: Array<{ status: number }> }> };
			// The trigger acknowledged it (2xx): nothing to forward, or n8n refused (unknown execution).
			expect(response.deliveries.map((delivery) => [delivery.state, delivery.attempts.at(-1)?.status])).toEqual([['delivered', 200]]);
		}
		expect(receiver.requests).toHaveLength(0);
	});

	test('timeout: a limit that runs out gives timedOut: true', async () => {
		const question = await ask({ responseType: 'approval', options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' } } } });
		expect(await answerOf(question, 150_000)).toEqual({ timedOut: true, messageid: question.sms.messageid, to: question.sms.to });
	}, 180_000);

	/** An SMS with any reference, sent with the Send operation's HTTP API call as anyone on the account could. */
	async function sendPlainSms(reference: string, to: string): Promise<SentSms> {
		const { account } = emulator;
		const response = await fetch(`${emulator.url}/v1/message/send`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-Client-Id': account.apiKey, 'X-Client-Secret': account.apiSecret },
			body: JSON.stringify({ sender: SENDER, to, message: 'Anything', reference }),
		});
		const { messageid } = (await response.json()) as { messageid: string };
		return { messageid, to, sender: SENDER, content: 'Anything', reference };
	}
}
