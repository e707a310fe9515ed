/**
 * The Send and Wait for Response scenarios, run against a single n8n (send-and-wait.test.ts) and in
 * queue mode (send-and-wait-queue.test.ts): a question waits, the recipient's reply (or the delivery
 * report) reaches the Messaging Gateway Trigger, which hands it to the waiting execution on its own
 * instance; the execution goes on with the answer.
 */
import { nodeOutput, type Execution } from '../../tools/n8n-client';
import { waitFor } from '../../tools/waits';
import { SENDER, conversationWorld, type ConversationSetting, type SentSms } from './send-and-wait-world';

/** Declares the tests; `setting()` is read in their beforeAll, after the calling file's. */
export function sendAndWaitScenarios(setting: () => ConversationSetting) {
	const world = conversationWorld(setting);
	const { control, newNumber, startQuestion, executionById, ask, reply, isWaiting, answerOf, triggerItems, sendPlainSms } = world;

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
			expect(JSON.stringify(await world.client.executions(question.workflowId))).not.toContain(signature);
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
			expect(reminders[0]).toMatchObject({ content: 'Sorry, please reply YES or NO', sender: SENDER, reference: `${question.sms.reference}:${question.sms.messageid}:1` });
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
			const executions = await world.client.executions(question.workflowId);
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
			const [failed] = await world.client.finishedExecutions(workflowId, 1);
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
		const port = new URL(world.receiver.url).port;
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
		expect(world.receiver.requests).toHaveLength(0);
	});

	test.each([400, 502])("a gateway's HTTP %s echoing the request: the signature is nowhere in the saved execution or n8n's debug log", async (status) => {
		const to = newNumber();
		await control('POST', '/emulator/faults', { status, echo: true });
		const { workflowId } = await startQuestion({ responseType: 'approval' }, to);
		const [failed] = await world.client.finishedExecutions(workflowId, 1);
		expect(failed.status).toBe('error');
		// The signature the gateway received, taken from the request the emulator recorded.
		const requests = (await control('GET', '/emulator/requests')) as unknown as Array<{ path: string; body: string }>;
		const sent = requests.filter((request) => request.path === '/v1/message/send').map((request) => JSON.parse(request.body) as SentSms).find((body) => body.to === to);
		const signature = /^n8n-wait:\d+:[\w-]+:([0-9a-f]{64})$/.exec(sent?.reference ?? '')?.[1];
		expect(signature).toBeDefined();
		// The echo is in n8n's debug line of the failed run and in the saved error (the searches are not vacuous); the signature is in neither.
		const echoed = status === 400 ? /Invalid request/ : /The upstream did not answer this request/;
		const log = await waitFor(() => world.wholeLog().split('\n').some((line) => line.includes('Workflow execution finished with error') && line.includes(workflowId)) && world.wholeLog(), {
			what: "the failed run in n8n's debug log",
		});
		expect(log).toMatch(echoed);
		expect(log).not.toContain(signature);
		const saved = JSON.stringify(await executionById(failed.id));
		expect(saved).toMatch(echoed);
		expect(saved).not.toContain(signature);
	});

	test('timeout: a limit that runs out gives timedOut: true', async () => {
		const question = await ask({ responseType: 'approval', options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' } } } });
		expect(await answerOf(question, 150_000)).toEqual({ timedOut: true, messageid: question.sms.messageid, to: question.sms.to });
	}, 180_000);

	test('a wait limit n8n cannot store (Amount 1e9 days) fails before sending, and the executions API still answers', async () => {
		const to = newNumber();
		const limit = { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: '={{ 1e9 }}', resumeUnit: 'days' } } };
		const { workflowId } = await startQuestion({ responseType: 'approval', options: limit }, to);
		const [failed] = await world.client.finishedExecutions(workflowId, 1);
		expect(failed.status).toBe('error');
		expect(JSON.stringify(failed)).toContain('ends after the year 9999');
		expect(((await control('GET', '/emulator/messages')) as unknown as SentSms[]).some((message) => message.to === to)).toBe(false);
		// A wait n8n stored as no date made its public API answer 500 for every list of executions.
		const all = await world.client.api<{ data: Execution[] }>('GET', '/executions?limit=250');
		expect(all.data.some((execution) => execution.status === 'waiting' && execution.workflowId === workflowId)).toBe(false);
	});
}
