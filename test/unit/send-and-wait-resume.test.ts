import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { answerForwardedEvent, type ReminderSms } from '../../nodes/MessagingGateway/actions/message/sendAndWait/resume';

const SIGNATURE = 'c'.repeat(64);
const REFERENCE = `n8n-wait:42:node-1:${SIGNATURE}`;
const ASKED = '31612345678';
const MESSAGE_ID = 'm1';

interface Setup {
	responseType?: string;
	options?: IDataObject;
	/** What the waiting execution kept as the node's input. */
	kept?: unknown;
	body: IDataObject;
}

function context({ responseType = 'approval', options = {}, kept = { timedOut: true, messageid: MESSAGE_ID, to: ASKED }, body }: Setup) {
	const parameters: IDataObject = { responseType, options };
	return {
		getBodyData: () => body,
		getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
		evaluateExpression: (expression: string) => {
			if (expression !== '{{ $json }}') throw new Error(`unexpected expression ${expression}`);
			return kept;
		},
	} as unknown as IWebhookFunctions;
}

function replyEvent(content: string, sender = ASKED): IDataObject {
	return {
		webhook_id: 'wh_9',
		webhook_type: 'inbox_message',
		message: { sender, receiver: '3197010000001', content, date_utc_iso8601: '2026-11-23T10:00:00Z' },
		isreply: { reply: true, orig_messageid: MESSAGE_ID, orig_receiver: ASKED, orig_sender: '3197010000001', orig_reference: REFERENCE },
	};
}

const noReminder = async () => {
	throw new Error('no reminder expected');
};

describe("the waiting node's answer to a forwarded event", () => {
	test('an answer resumes: the output item, paired with the input, and {resumed: true} for the trigger', async () => {
		const response = await answerForwardedEvent(context({ body: replyEvent('Ja') }), noReminder);
		expect(response).toEqual({
			webhookResponse: { resumed: true },
			workflowData: [[{ json: { approved: true, reply: 'Ja', from: ASKED, repliedAt: '2026-11-23T10:00:00Z', messageid: MESSAGE_ID, to: ASKED, webhook_id: 'wh_9' }, pairedItem: { item: 0 } }]],
		});
	});

	test("the user's own words count", async () => {
		const response = await answerForwardedEvent(context({ options: { approveWords: 'go', disapproveWords: 'stop' }, body: replyEvent('STOP!') }), noReminder);
		expect(response.workflowData?.[0][0].json).toMatchObject({ approved: false });
	});

	test("an unclear reply keeps it waiting (no workflowData) and sends the reminder once, from the sender asked, with the question's link and message id", async () => {
		const sent: ReminderSms[] = [];
		const response = await answerForwardedEvent(
			context({ options: { unclearReplyReminder: 'Please reply YES or NO' }, body: replyEvent('hmm') }),
			async (_ctx, sms) => {
				sent.push(sms);
			},
		);
		expect(response).toEqual({ webhookResponse: { resumed: false, reason: expect.stringContaining('neither'), reminded: true } });
		expect(sent).toEqual([{ sender: '3197010000001', to: ASKED, message: 'Please reply YES or NO', reference: `${REFERENCE}:${MESSAGE_ID}` }]);
	});

	test("a reply to the reminder answers the question the reminder's reference names", async () => {
		const toReminder = replyEvent('yes');
		Object.assign(toReminder.isreply as IDataObject, { orig_messageid: 'reminder-1', orig_reference: `${REFERENCE}:${MESSAGE_ID}` });
		const response = await answerForwardedEvent(context({ body: toReminder }), noReminder);
		expect(response.workflowData?.[0][0].json).toMatchObject({ approved: true, messageid: MESSAGE_ID });
		Object.assign(toReminder.isreply as IDataObject, { orig_reference: `${REFERENCE}:m0` });
		expect((await answerForwardedEvent(context({ body: toReminder }), noReminder)).workflowData).toBeUndefined();
	});

	test('without a reminder text nothing is sent; a failed reminder is reported without the link', async () => {
		expect(await answerForwardedEvent(context({ body: replyEvent('hmm') }), noReminder)).toEqual({ webhookResponse: { resumed: false, reason: expect.any(String) } });
		const response = await answerForwardedEvent(context({ options: { unclearReplyReminder: 'Again?' }, body: replyEvent('hmm') }), async () => {
			throw new Error(`gateway refused reference ${REFERENCE}`);
		});
		expect(response.webhookResponse).toMatchObject({ resumed: false, reminded: false });
		expect(JSON.stringify(response)).not.toContain(SIGNATURE);
	});

	test('a reply from another number is no answer and gets no reminder', async () => {
		const response = await answerForwardedEvent(context({ options: { unclearReplyReminder: 'Again?' }, body: replyEvent('yes', '31699999999') }), noReminder);
		expect(response).toEqual({ webhookResponse: { resumed: false, reason: expect.stringContaining('another number') } });
	});

	test('a reply to an earlier SMS of the same node (a loop) is no answer to the current question', async () => {
		const response = await answerForwardedEvent(context({ kept: { timedOut: true, messageid: 'm2', to: ASKED }, body: replyEvent('yes') }), noReminder);
		expect(response.webhookResponse).toMatchObject({ resumed: false, reason: expect.stringContaining('another message') });
	});

	test("without the kept record (an input item of the user's), the gateway's own fields decide", async () => {
		const response = await answerForwardedEvent(context({ kept: { messageid: 'user data', to: '1' }, body: replyEvent('yes') }), noReminder);
		expect(response.workflowData?.[0][0].json).toMatchObject({ approved: true, messageid: MESSAGE_ID, to: ASKED });
	});

	test('delivery reports: final for a delivery-report question; undelivered for the others', async () => {
		const report = (code: string) => ({ webhook_id: 'wh_3', webhook_type: 'delivery_report', message: { messageid: MESSAGE_ID, receiver: ASKED, delivery_code: code, delivery_status: 'x', reference: REFERENCE } });
		expect((await answerForwardedEvent(context({ responseType: 'deliveryReport', body: report('1') }), noReminder)).workflowData?.[0][0].json).toMatchObject({ delivered: true });
		expect((await answerForwardedEvent(context({ responseType: 'freeText', body: report('1') }), noReminder)).workflowData).toBeUndefined();
		expect((await answerForwardedEvent(context({ responseType: 'freeText', body: report('4') }), noReminder)).workflowData?.[0][0].json).toMatchObject({ delivered: false });
	});
});
