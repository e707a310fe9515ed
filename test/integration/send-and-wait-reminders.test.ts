/**
 * The Unclear Reply Reminder has a bound: an auto-responder's burst, the gateway delivering one
 * event again, and an opt-out reply (STOP). The question is asked through n8n-core's WorkflowExecute,
 * every reply comes from the emulator (`POST /emulator/inbound`) and is judged by the node's waiting
 * webhook in n8n-core's real WebhookContext; the reminders counted are the SMS the emulator received
 * (`GET /emulator/messages`).
 */
import type { IDataObject } from 'n8n-workflow';

import { KEPT_WAITING_REASONS } from '../../nodes/MessagingGateway/core/questions/answers';
import type { SentMessage } from '../../emulator/server';
import { useEmulator } from '../support/emulator';
import { runWaitingWebhook, type WaitingExecution } from '../support/run';
import { questions, REMINDER } from '../support/send-and-wait-questions';

const gateway = useEmulator();
const { replyTo, controlAnswer, ...asking } = questions(gateway);
let executions = 100;
/** Asks one question in a new execution. */
const ask = (options: IDataObject = {}) => asking.ask(String(++executions), options);

const forward = (waiting: WaitingExecution, event: IDataObject) =>
	runWaitingWebhook(waiting, event, gateway.credentials);

/** The reminders the emulator received for the question `question` (by the reference they carry). */
async function remindersOf(question: SentMessage): Promise<SentMessage[]> {
	const { status, body } = await controlAnswer('GET', '/emulator/messages');
	expect(status).toBe(200);
	const messages = body as unknown as SentMessage[];
	return messages.filter(
		(message) =>
			message.content === REMINDER && message.reference?.startsWith(`${question.reference}:${question.messageid}`),
	);
}

test('an auto-responder answering 15 times at once gets one reminder by default, and Max Reminders at most', async () => {
	for (const [options, expected] of [
		[{}, 1],
		[{ maxReminders: 3 }, 3],
	] as const) {
		const { waiting, question } = await ask(options);
		const replies = await Promise.all(
			Array.from({ length: 15 }, (_, index) => replyTo(question.messageid, `I am out of office (${index})`)),
		);
		const responses = await Promise.all(replies.map((event) => forward(waiting, event)));
		expect(responses.every((response) => response.workflowData === undefined)).toBe(true);
		expect(responses.filter((response) => response.webhookResponse.reminded === true)).toHaveLength(expected);
		expect(await remindersOf(question)).toHaveLength(expected);
	}
});

test('a reply to the last allowed reminder gets none; the rounds go into the references', async () => {
	const { waiting, question } = await ask({ maxReminders: 2 });
	await forward(waiting, await replyTo(question.messageid, 'maybe'));
	const [first] = await remindersOf(question);
	expect(first.reference).toBe(`${question.reference}:${question.messageid}:1`);
	await forward(waiting, await replyTo(first.messageid, 'hmm'));
	const second = (await remindersOf(question))[1];
	expect(second.reference).toBe(`${question.reference}:${question.messageid}:2`);
	const third = await forward(waiting, await replyTo(second.messageid, 'what?'));
	expect(third.webhookResponse).toMatchObject({
		resumed: false,
		reminded: false,
		reminderSkipped: expect.stringContaining('2 reminders'),
	});
	expect(await remindersOf(question)).toHaveLength(2);
});

test('the same event delivered 4 times (same webhook_id) gets one reminder at most', async () => {
	const { waiting, question } = await ask({ maxReminders: 5 });
	const event = await replyTo(question.messageid, 'maybe later');
	const responses = await Promise.all([1, 2, 3, 4].map(() => forward(waiting, event)));
	expect(responses.filter((response) => response.webhookResponse.reminded === true)).toHaveLength(1);
	expect(
		responses.filter((response) => String(response.webhookResponse.reminderSkipped).includes('webhook_id')),
	).toHaveLength(3);
	expect(await remindersOf(question)).toHaveLength(1);
});

test.each(['STOP', 'stop', 'Stop.', 'Unsubscribe', 'STOPALL', 'opt out', 'quit'])(
	'the opt-out reply %j gets no reminder and the question keeps waiting',
	async (content) => {
		const { waiting, question } = await ask({ maxReminders: 5 });
		const response = await forward(waiting, await replyTo(question.messageid, content));
		expect(response).toEqual({ webhookResponse: { resumed: false, reason: KEPT_WAITING_REASONS.optOutReply } });
		expect(await remindersOf(question)).toHaveLength(0);
		// Still waiting: a clear answer afterwards resumes it.
		const answer = await forward(waiting, await replyTo(question.messageid, 'no'));
		expect(answer.workflowData?.[0][0].json).toMatchObject({ approved: false, reply: 'no' });
	},
);

describe('the reminder goes out by the Smart Encoding rule of the question', () => {
	// 98 characters with curly quotes and a dash: 2 UCS-2 segments as written (more than 70), 1 GSM-7 segment replaced (at most 160).
	const written = 'We could not read your answer – please reply “YES” to approve the refund or “NO” to decline it now';
	const plain = 'We could not read your answer - please reply "YES" to approve the refund or "NO" to decline it now';
	const reminderOf = (question: SentMessage) =>
		gateway.emulator.messages.filter((message) => message.reference?.startsWith(`${question.reference}:`));

	test('on (node version 4 by default): GSM-7, one segment', async () => {
		const { waiting, question } = await ask({ unclearReplyReminder: written });
		const response = await forward(waiting, await replyTo(question.messageid, 'maybe'));
		expect(response.webhookResponse.reminded).toBe(true);
		expect(reminderOf(question).map((message) => [message.content, message.segments])).toEqual([[plain, 1]]);
	});

	test('off: as written, two UCS-2 segments', async () => {
		const { waiting, question } = await ask({ unclearReplyReminder: written, smartEncoding: false });
		await forward(waiting, await replyTo(question.messageid, 'maybe'));
		expect(reminderOf(question).map((message) => [message.content, message.segments])).toEqual([[written, 2]]);
	});
});
