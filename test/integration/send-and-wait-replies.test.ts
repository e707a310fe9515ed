/**
 * The waiting question's webhook (what n8n runs when the trigger forwards an event) inside n8n-core's
 * real WebhookContext, with replies a careless or hostile sender might write. The reminder goes to
 * the emulator over HTTP.
 */
import type { IDataObject, IWebhookResponseData } from 'n8n-workflow';

import { useEmulator } from '../support/emulator';
import { makeNode } from '../support/n8n-core';
import { ACTION_TYPE, runWaitingWebhook } from '../support/run';

const gateway = useEmulator();

const SIGNATURE = 'c'.repeat(64);
const ASKED = '31612345678';

/** Runs the action node's waiting webhook on `event` as n8n's waiting-webhook server does (nothing kept of the question). */
async function forward(
	event: IDataObject,
	options: IDataObject = {},
	responseType = 'approval',
): Promise<IWebhookResponseData> {
	const node = makeNode(ACTION_TYPE, 'Ask', {
		resource: 'message',
		operation: 'sendAndWait',
		sender: '3197010000001',
		to: ASKED,
		message: 'Refund?',
		responseType,
		options,
	});
	return await runWaitingWebhook({ node, runExecutionData: null }, event, gateway.credentials);
}

const reply = (content: unknown, reference = `n8n-wait:42:node-1:${SIGNATURE}`): IDataObject => ({
	webhook_id: 'wh_9',
	webhook_type: 'inbox_message',
	message: { sender: ASKED, receiver: '3197010000001', content, date_utc_iso8601: '2026-11-23T10:00:00Z' },
	isreply: {
		reply: true,
		orig_messageid: 'm1',
		orig_receiver: ASKED,
		orig_sender: '3197010000001',
		orig_reference: reference,
	},
});
const approved = (response: IWebhookResponseData) =>
	(response.workflowData?.[0][0].json as IDataObject | undefined)?.approved;

test.each([
	['👍 yes', true],
	['Yes 👍', true],
	['¡Sí!', true],
	['…yes', true],
	['"no"', false],
	['yes no', undefined],
	['NO, thanks', false],
	['ok followed by 5,000 characters ' + 'x'.repeat(5000), true],
	['', undefined],
])('a reply %#: approved %s (undefined: unclear, keeps waiting)', async (content, expected) => {
	const response = await forward(reply(content));
	expect(approved(response)).toBe(expected);
	expect(JSON.stringify(response)).not.toContain(SIGNATURE);
});

test('word lists that an expression made numbers judge replies by their digits, as the question was sent', async () => {
	const response = await forward(reply('1'), { approveWords: '={{ 1 }}', disapproveWords: '={{ 2 }}' });
	expect(approved(response)).toBe(true);
});

test('a reply whose content is not text is unclear, and the reminder goes out with no signature in the answer', async () => {
	const before = gateway.emulator.messages.length;
	const response = await forward(reply({ text: 'yes' }), { unclearReplyReminder: 'Please reply YES or NO' });
	expect(response.workflowData).toBeUndefined();
	expect(response.webhookResponse).toMatchObject({ resumed: false, reminded: true });
	expect(gateway.emulator.messages.slice(before)).toHaveLength(1);
	expect(JSON.stringify(response)).not.toContain(SIGNATURE);
});
