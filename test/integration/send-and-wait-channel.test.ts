/**
 * Send and Wait for Response says the channel of its answer (docs/send-and-wait.md#response-types-and-output): the
 * resumed item's `channel` is `whatsapp` for a tap or a typed WhatsApp reply and for a WhatsApp question's delivery
 * report, `sms` for an SMS reply and an SMS's report; the item n8n passes on when Limit Wait Time runs out says the
 * channel the question went by. The question is asked through n8n-core's WorkflowExecute, the answers come from the
 * emulator over HTTP and are judged by the node's waiting webhook in n8n-core's real WebhookContext.
 */
import type { IDataObject } from 'n8n-workflow';

import { runAction, runWaitingWebhook, type WaitingExecution } from '../support/run';
import { client, credentials, emulator, write } from '../support/whatsapp-setup';

const ASKED = '31610001001';
/** A number whose messages the emulator reports not delivered (code 2). */
const UNREACHABLE = '31610009992';
/** A number WhatsApp refuses as having no account (140). */
const NO_WHATSAPP = '31610009140';

async function ask(channel: string, to = ASKED) {
	const parameters = {
		resource: 'message',
		operation: 'sendAndWait',
		sender: '31610000001',
		to,
		message: 'Refund €120?',
		options: {
			channel,
			limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'hours' } },
		},
	};
	const run = await runAction(parameters, [{}], credentials, { executionId: '81', nodeId: 'ask-1' });
	expect(run.error).toBeUndefined();
	return { waiting: run.waiting!, question: emulator.messages.at(-1)! };
}

/** The item n8n passes on when the wait limit runs out: the waiting node's input in the saved execution. */
function timedOutItem(waiting: WaitingExecution): IDataObject {
	const stack = waiting.runExecutionData.executionData!.nodeExecutionStack;
	return stack.find((entry) => entry.node.name === waiting.node.name)!.data.main[0]![0].json;
}

async function reply(messageid: string, content: string, type: string): Promise<IDataObject> {
	const { event } = await client.control<{ event: IDataObject }>('POST', '/emulator/inbound', {
		replyTo: messageid,
		content,
		type,
	});
	return event;
}

/** The final delivery report the emulator sent of `messageid`. */
async function finalReport(messageid: string): Promise<IDataObject> {
	await emulator.settle();
	const reports = emulator.events
		.map((emitted) => emitted.event as unknown as IDataObject & { message: IDataObject })
		.filter((event) => event.webhook_type === 'delivery_report' && event.message.messageid === messageid);
	return reports.at(-1)!;
}

async function answer(waiting: WaitingExecution, event: IDataObject): Promise<IDataObject | undefined> {
	const response = await runWaitingWebhook(
		{ node: waiting.node, runExecutionData: waiting.runExecutionData },
		event,
		credentials,
	);
	return response.workflowData?.[0][0].json;
}

test.each([
	['Channel SMS, an SMS reply', 'sms', 'sms', ASKED, 'sms'],
	['WhatsApp Buttons, a tap', 'whatsapp', 'whatsappButtons', ASKED, 'whatsapp'],
	['WhatsApp Buttons refused (140), an SMS reply to the SMS question', 'sms', 'whatsappButtons', NO_WHATSAPP, 'sms'],
])('%s: the question and its answer say channel %s', async (_, expected, channel, to, replyType) => {
	await write([ASKED]);
	const { waiting, question } = await ask(channel, to);
	expect(timedOutItem(waiting)).toEqual({ timedOut: true, messageid: question.messageid, to, channel: expected });
	const resumed = await answer(waiting, await reply(question.messageid, 'YES', replyType));
	expect(resumed).toMatchObject({ approved: true, messageid: question.messageid, to, channel: expected });
});

test.each([
	['an SMS question', 'sms', 'sms'],
	['a WhatsApp question', 'whatsapp', 'whatsappButtons'],
])('a report that %s was not delivered resumes it with its channel, %s', async (_, expected, channel) => {
	await write([UNREACHABLE]);
	const { waiting, question } = await ask(channel, UNREACHABLE);
	const report = await finalReport(question.messageid);
	expect(report.message).toMatchObject({ delivery_code: '2' });
	const resumed = await answer(waiting, report);
	expect(resumed).toEqual({
		delivered: false,
		delivery_code: '2',
		delivery_status: (report.message as IDataObject).delivery_status,
		messageid: question.messageid,
		to: UNREACHABLE,
		channel: expected,
		webhook_id: report.webhook_id,
	});
});
