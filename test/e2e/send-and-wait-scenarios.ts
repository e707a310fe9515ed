/**
 * The Send and Wait for Response scenarios, run against a single n8n (send-and-wait.test.ts) and in
 * queue mode (send-and-wait-queue.test.ts): a question waits, the recipient's reply (or the delivery
 * report) reaches the Messaging Gateway Trigger, which hands it to the waiting execution on its own
 * instance; the execution goes on with the answer.
 */
import { nodeOutput, type Execution } from '../../tools/n8n-client';
import { waitFor } from '../../tools/waits';
import {
	SENDER,
	conversationWorld,
	type ConversationSetting,
	type Question,
	type SentSms,
} from './send-and-wait-world';
import { sendAndWaitEdgeScenarios } from './send-and-wait-edge-scenarios';

/** Declares the tests; `setting()` is read in their beforeAll, after the calling file's. */
export function sendAndWaitScenarios(setting: () => ConversationSetting) {
	const world = conversationWorld(setting);
	const { control, newNumber, startQuestion, ask, reply, isWaiting, answerOf, triggerItems } = world;

	// n8n's wait tracker resumes a question whose wait limit ran out within about a minute: asked first, its answer is
	// checked last (send-and-wait-edge-scenarios.ts), so that minute passes while the other scenarios run.
	const timingOut: { question?: Question } = {};
	test('timeout: a question with a wait limit of 3 s is asked first and waits (its answer is checked last)', async () => {
		timingOut.question = await ask({
			responseType: 'approval',
			options: {
				limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' } },
			},
		});
		expect(timingOut.question.sms.content).toBe('Approve the refund of €120? Reply YES or NO');
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
				channel: 'sms',
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

		test('Channel WhatsApp Buttons: asked with the buttons YES and NO, a tap on YES resumes it', async () => {
			const to = newNumber();
			// The person wrote on WhatsApp: the 24-hour window is open.
			await control('POST', '/emulator/inbound?wait=true', { from: to, content: 'Hi', type: 'whatsapp' });
			const question = await ask({ responseType: 'approval', options: { channel: 'whatsappButtons' } }, to);
			const requests = (await control('GET', '/emulator/requests')) as unknown as Array<{ path: string; body: string }>;
			const asked = requests.filter((request) => JSON.parse(request.body || '{}').to === to);
			expect(asked.map((request) => [request.path, JSON.parse(request.body).buttons])).toEqual([
				[
					'/v1/whatsapp/send_action',
					[
						{ id: 'approve', title: 'YES' },
						{ id: 'disapprove', title: 'NO' },
					],
				],
			]);
			// A tap: the button's title as a WhatsApp reply to the question (docs/whatsapp.md#replies).
			await control('POST', '/emulator/inbound?wait=true', {
				replyTo: question.sms.messageid,
				content: 'YES',
				type: 'whatsapp',
			});
			expect(await answerOf(question)).toMatchObject({
				approved: true,
				reply: 'YES',
				from: to,
				messageid: question.sms.messageid,
				channel: 'whatsapp',
			});
		});

		test('Channel WhatsApp Buttons: a tap on an earlier question\'s button leaves the next one waiting; a typed "yes" resumes it', async () => {
			const to = newNumber();
			await control('POST', '/emulator/inbound?wait=true', { from: to, content: 'Hi', type: 'whatsapp' });
			const whatsappButtons = { responseType: 'approval', options: { channel: 'whatsappButtons' } };
			const first = await ask(whatsappButtons, to);
			await control('POST', '/emulator/inbound?wait=true', {
				replyTo: first.sms.messageid,
				content: 'NO',
				type: 'whatsapp',
			});
			expect(await answerOf(first)).toMatchObject({ approved: false, reply: 'NO' });
			const second = await ask(whatsappButtons, to);
			// The earlier question's NO button, tapped again: it answers the first question, not this one.
			await control('POST', '/emulator/inbound?wait=true', {
				replyTo: first.sms.messageid,
				content: 'NO',
				type: 'whatsapp',
			});
			expect(await isWaiting(second)).toBe(true);
			await control('POST', '/emulator/inbound?wait=true', {
				replyTo: second.sms.messageid,
				content: 'yes',
				type: 'whatsapp',
			});
			expect(await answerOf(second)).toMatchObject({ approved: true, reply: 'yes', messageid: second.sms.messageid });
		});

		test('an unclear reply keeps it waiting and gets the reminder once; the next clear reply resumes it', async () => {
			const question = await ask({
				responseType: 'approval',
				options: { unclearReplyReminder: 'Sorry, please reply YES or NO' },
			});
			await reply(question.sms, 'maybe tomorrow');
			expect(await isWaiting(question)).toBe(true);
			const reminders = ((await control('GET', '/emulator/messages')) as unknown as SentSms[]).filter(
				(message) =>
					message.to === question.sms.to && message !== question.sms && message.messageid !== question.sms.messageid,
			);
			expect(reminders).toHaveLength(1);
			expect(reminders[0]).toMatchObject({
				content: 'Sorry, please reply YES or NO',
				sender: SENDER,
				reference: `${question.sms.reference}:${question.sms.messageid}:1`,
			});
			// The trigger's own workflow shows the unclear reply, its link redacted.
			const items = await waitFor(
				async () =>
					(await triggerItems()).find(
						(item) => (item?.message as Record<string, unknown>)?.content === 'maybe tomorrow',
					),
				{
					what: "the unclear reply in the trigger's workflow",
				},
			);
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
				channel: 'sms',
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
				const sms = await waitFor(
					async () =>
						((await control('GET', '/emulator/messages')) as unknown as SentSms[]).find((message) => message.to === to),
					{ what: `the SMS to ${to}` },
				);
				const execution = { id: sms.reference.split(':')[1] } as Execution;
				expect(await answerOf({ workflowId, execution, sms })).toMatchObject({
					delivered: false,
					delivery_code: '2',
					messageid: sms.messageid,
					to,
				});
			} finally {
				await control('PATCH', '/emulator/settings', { deliveryDelayMs });
			}
		});

		test('an alphanumeric sender is refused before anything is sent', async () => {
			const to = newNumber();
			const { workflowId } = await startQuestion(
				{ sender: { __rl: true, mode: 'id', value: 'MyShop' }, message: 'Approve?' },
				to,
			);
			const [failed] = await world.client.finishedExecutions(workflowId, 1);
			expect(failed.status).toBe('error');
			expect(JSON.stringify(failed)).toContain('nobody can reply to a name');
			expect(
				((await control('GET', '/emulator/messages')) as unknown as SentSms[]).some((message) => message.to === to),
			).toBe(false);
		});
	});

	sendAndWaitEdgeScenarios(world, timingOut);
}
