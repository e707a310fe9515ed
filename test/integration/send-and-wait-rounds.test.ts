/**
 * Send and Wait for Response across more than one message: a reply to the Unclear Reply
 * Reminder, a late reply to an earlier loop round's question, and a waiting execution that kept no
 * record of its question. The question is asked through n8n-core's WorkflowExecute, the answer is
 * judged by the node's waiting webhook in n8n-core's real WebhookContext with the execution data
 * WorkflowExecute left (what n8n saves and hands to its waiting webhook), and every SMS and reply
 * goes through the emulator over HTTP.
 */
import {
	createEmptyRunExecutionData,
	createRunExecutionData,
	type IDataObject,
	type IRunExecutionData,
} from 'n8n-workflow';

import { KEPT_WAITING_REASONS } from '../../nodes/MessagingGateway/core/questions/answers';
import { useEmulator } from '../support/emulator';
import { runWaitingWebhook, type WaitingExecution } from '../support/run';
import { ASKED, questions, REMINDER } from '../support/send-and-wait-questions';

const gateway = useEmulator();
const { replyTo, ...asking } = questions(gateway);
/** One loop round of the question, always as execution 77's node ask-1. */
const ask = () => asking.ask('77');

const forward = (
	waiting: WaitingExecution,
	event: IDataObject,
	runExecutionData: IRunExecutionData | null = waiting.runExecutionData,
) => runWaitingWebhook({ node: waiting.node, runExecutionData }, event, gateway.credentials);
const outputOf = (response: Awaited<ReturnType<typeof forward>>) => response.workflowData?.[0][0].json;

describe('a reply to the reminder answers the question it reminds of', () => {
	test.each([
		['the execution kept its question', false],
		['the execution kept nothing', true],
	])('%s', async (_, keptNothing) => {
		const { waiting, question } = await ask();
		const kept = keptNothing ? null : waiting.runExecutionData;
		const unclear = await forward(waiting, await replyTo(question.messageid, 'maybe'), kept);
		expect(unclear).toEqual({
			webhookResponse: { resumed: false, reason: KEPT_WAITING_REASONS.unclearReply, reminded: true },
		});
		const reminder = gateway.emulator.messages.at(-1)!;
		expect(reminder).toMatchObject({
			to: ASKED,
			sender: question.sender,
			content: REMINDER,
			reference: `${question.reference}:${question.messageid}:1`,
		});

		const answer = await replyTo(reminder.messageid, 'yes');
		expect(answer.isreply).toMatchObject({ orig_messageid: reminder.messageid, orig_reference: reminder.reference });
		const response = await forward(waiting, answer, kept);
		expect(response.webhookResponse).toEqual({ resumed: true });
		expect(outputOf(response)).toMatchObject({
			approved: true,
			reply: 'yes',
			from: ASKED,
			messageid: question.messageid,
			to: ASKED,
		});
	});
});

test("a late reply to an earlier loop round's question keeps this round waiting; a reply to this round's resumes it", async () => {
	const earlier = await ask();
	const current = await ask();
	expect(current.question.reference).toBe(earlier.question.reference);

	const late = await forward(current.waiting, await replyTo(earlier.question.messageid, 'no'));
	expect(late).toEqual({ webhookResponse: { resumed: false, reason: KEPT_WAITING_REASONS.otherMessage } });
	const response = await forward(current.waiting, await replyTo(current.question.messageid, 'no'));
	expect(outputOf(response)).toMatchObject({
		approved: false,
		reply: 'no',
		from: ASKED,
		messageid: current.question.messageid,
		to: ASKED,
	});
});

describe("with no record of the question kept, the gateway's orig_receiver stands for the number asked", () => {
	test.each([
		['no execution data', null],
		['execution data with no execution stack', createEmptyRunExecutionData()],
		['an empty execution stack', createRunExecutionData()],
	])('%s: a reply from that number resumes; without orig_receiver it keeps waiting', async (_, runExecutionData) => {
		const { waiting, question } = await ask();
		const event = await replyTo(question.messageid, 'ok');
		const response = await forward(waiting, event, runExecutionData);
		expect(outputOf(response)).toMatchObject({ approved: true, from: ASKED, messageid: question.messageid, to: ASKED });

		const isreply = { ...(event.isreply as IDataObject) };
		delete isreply.orig_receiver;
		const kept = await forward(waiting, { ...event, isreply }, runExecutionData);
		expect(kept).toEqual({ webhookResponse: { resumed: false, reason: KEPT_WAITING_REASONS.otherNumber } });
	});
});
