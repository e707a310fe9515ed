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
import type { Emulator } from '../../emulator/server';
import { nodeOutput, type Execution, type N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { sleep, waitFor, waitForWebhooks } from '../../tools/waits';
import { load } from '../../tools/webhook-load';
import { emulatorClient } from '../support/emulator-client';
import {
	QUESTIONS_PER_GROUP,
	TRIGGER_WEBHOOK_ID,
	say,
	type LoadSetting,
	type Group,
	numbersOf,
	questionWorkflow,
	hex64,
} from './send-and-wait-load-setup';

export function sendAndWaitLoadScenarios(setting: () => LoadSetting) {
	let emulator: Emulator;
	let client: N8nClient;
	let webhookBaseUrl: string;
	let triggerWorkflowId: string;
	const groups = {} as Record<Group['name'], Group>;
	const { control } = emulatorClient(() => emulator);

	async function createActive(
		workflow:
			| ReturnType<typeof questionWorkflow>
			| { name: string; nodes: unknown[]; connections: object; settings: object },
	): Promise<string> {
		const { id } = await client.api<{ id: string }>('POST', '/workflows', workflow);
		await client.api('POST', `/workflows/${id}/activate`);
		return id;
	}

	beforeAll(async () => {
		({ emulator, client, webhookBaseUrl } = setting());
		const { account } = emulator;
		const credentialId = await client.createCredential('Messaging Gateway account', {
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
			credentials: { messagingGatewayApi: { id: credentialId, name: 'Messaging Gateway account' } },
		};
		triggerWorkflowId = await createActive({
			name: 'Load: replies',
			nodes: [trigger],
			connections: {},
			settings: { executionOrder: 'v1' },
		});
		const triggerUrl = `${webhookBaseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
		await control('POST', '/emulator/webhooks', { url: triggerUrl, types: ['*'], method: 'POST' });
		for (const name of ['report', 'approval'] as const) {
			groups[name] = {
				name,
				workflowId: await createActive(questionWorkflow(name, credentialId)),
				numbers: numbersOf(name),
				sent: new Map(),
			};
		}
		await waitForWebhooks([triggerUrl]);
		await waitForWebhooks([`${webhookBaseUrl}/webhook/load-report`], { method: 'POST', body: '{"to":"not a number"}' });
	}, 120_000);

	/** Every SMS of the group (or of `numbers`) once sent, by number: its execution (from the reference) and message id. */
	const sentQuestions = (group: Group, numbers = group.numbers) =>
		waitFor(
			() => {
				for (const sms of emulator.messages) {
					if (group.numbers.includes(sms.to) && sms.reference.startsWith('n8n-wait:'))
						group.sent.set(sms.to, { executionId: sms.reference.split(':')[1], messageid: sms.messageid });
				}
				return numbers.every((number) => group.sent.has(number));
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
	const statuses = async (group: Group) =>
		new Map(
			(await client.executions(group.workflowId, { includeData: false })).map((execution) => [
				execution.id,
				execution.status,
			]),
		);

	test('every question resumes exactly once with its own answer; no report is lost; a redelivered answer starts nothing', async () => {
		// Both groups at once: 200 questions, 10 in flight each. n8n answers every request 503 "Database is not ready!"
		// while its last ping of the database failed (a ping every 2 s, 5 s to answer: on a busy machine, queue mode's
		// Postgres pool of 2 is taken by the requests in flight). Nothing ran then, so the caller asks again, as an HTTP
		// client does on a 503; any other answer is final (a 500 may have asked the question).
		const asked = await Promise.all(
			(['report', 'approval'] as const).map((name) =>
				load(
					`${webhookBaseUrl}/webhook/load-${name}`,
					QUESTIONS_PER_GROUP,
					10,
					(i) => ({ body: JSON.stringify({ to: groups[name].numbers[i] }), headers: {} }),
					(status) => status === 503,
				),
			),
		);
		say(`200 questions asked (${asked[0].retried + asked[1].retried} asked again after a 503)`);
		// On a loaded machine n8n's webhook also answered a few requests 500 (queue mode: its database). Such a question
		// was not asked when its SMS has not gone out once every question answered 200 has had its own: it is asked
		// again, once. Any other answer fails the test.
		for (const [index, name] of (['report', 'approval'] as const).entries()) {
			const group = groups[name];
			const answers = asked[index].answers;
			expect(answers.filter((status) => status !== 200 && status !== 500)).toEqual([]);
			const failed = group.numbers.filter((_, i) => answers[i] === 500);
			if (failed.length === 0) continue;
			await sentQuestions(
				group,
				group.numbers.filter((_, i) => answers[i] === 200),
			);
			await sleep(5_000);
			const unasked = failed.filter((number) => !emulator.messages.some((sms) => sms.to === number));
			const again = await load(
				`${webhookBaseUrl}/webhook/load-${name}`,
				unasked.length,
				10,
				(i) => ({ body: JSON.stringify({ to: unasked[i] }), headers: {} }),
				(status) => status === 503,
			);
			expect(again.statuses).toEqual(unasked.length === 0 ? {} : { 200: unasked.length });
			say(
				`${name}: n8n answered ${failed.length} questions 500; ${unasked.length} of them sent nothing and were asked again`,
			);
		}
		await sentQuestions(groups.report);
		await sentQuestions(groups.approval);
		say('200 questions sent');
		const approvalIds = [...groups.approval.sent.values()].map((question) => question.executionId);
		await waitFor(
			async () => {
				const now = await statuses(groups.approval);
				return approvalIds.every((id) => now.get(id) === 'waiting');
			},
			{ what: 'every approval question waiting', timeoutMs: 240_000, intervalMs: 1000 },
		);
		say('the approval questions wait');
		// The recipients answer "yes"; the emulator delivers each answer twice.
		const replies = [...groups.approval.sent.values()];
		const answered = await load(`${emulator.url}/emulator/inbound?wait=true`, replies.length, 10, (i) => ({
			body: JSON.stringify({ replyTo: replies[i].messageid, content: 'yes' }),
			headers: {},
		}));
		expect(answered.statuses).toEqual({ 201: replies.length });
		say('answered');
		// Every delivery (repeats and the gateway's redeliveries included) has ended: bounded by a delivery's attempts
		// and its repeat (LOAD_EMULATOR: about 2 minutes each at most); on running out, it names what is still pending.
		await emulator.settle(240_000);
		say('every delivery ended');

		for (const group of [groups.report, groups.approval]) {
			const ids = new Set([...group.sent.values()].map((question) => question.executionId));
			const unfinished = async () =>
				[...(await statuses(group))]
					.filter(([id, status]) => ids.has(id) && ['waiting', 'running', 'new'].includes(status))
					.map(([id]) => id);
			// Bounded: n8n may still be running the last resumed executions.
			const left = await waitFor(async () => (await unfinished()).length === 0 && [], {
				what: `${group.name} questions finished`,
				timeoutMs: 90_000,
				intervalMs: 1000,
				onTimeout: () => ['timed out'],
			});
			expect({ group: group.name, stillWaitingOrRunning: left.length === 0 ? [] : await unfinished() }).toEqual({
				group: group.name,
				stillWaitingOrRunning: [],
			});
			// Besides the questions' executions, only the probe that waited for the webhook to be live (no number: an error).
			const executions = await client.executions(group.workflowId);
			const others = executions.filter((execution) => !ids.has(execution.id));
			expect(others.map((execution) => execution.status)).toEqual(group.name === 'report' ? ['error'] : []);
			expect(executions.length - others.length).toBe(QUESTIONS_PER_GROUP);
			for (const execution of executions) if (ids.has(execution.id)) expectResumedOnce(group, execution);
		}
		// Resume Only: neither the answers nor their second deliveries started the trigger's workflow (on failure: what
		// became of each event that did).
		const started = (await client.executions(triggerWorkflowId)).map((execution) => ({
			id: execution.id,
			status: execution.status,
			items: execution.data?.resultData.runData.Replies?.[0]?.data?.main[0]?.map(({ json }) => json.waitingQuestion),
		}));
		expect(started).toEqual([]);
	}, 600_000);

	function expectResumedOnce(group: Group, execution: Execution) {
		const question = [...group.sent].find(([, sent]) => sent.executionId === execution.id);
		expect({ id: execution.id, status: execution.status, question: question !== undefined }).toEqual({
			id: execution.id,
			status: 'success',
			question: true,
		});
		const [to, { messageid }] = question!;
		expect(execution.data!.resultData.runData.Done).toHaveLength(1);
		const answer = nodeOutput(execution, 'Ask');
		const expected =
			group.name === 'report'
				? { delivered: true, delivery_code: '1', messageid, to }
				: { approved: true, reply: 'yes', from: to, messageid, to };
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
