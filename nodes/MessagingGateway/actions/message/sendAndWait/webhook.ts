/**
 * The action node's waiting webhook for Send and Wait for Response. n8n serves it at
 * `/webhook-waiting/<executionId>/<nodeId>` while a question waits, checks the link's signature (for an
 * operation named exactly `sendAndWait`) and passes the trigger's forwarded event to `resumeWebhook`.
 */
import type { IWebhookDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { gatewayRequest } from '../../../transport';
import { answerForwardedEvent, type SendReminder } from './resume';
import { FAILOVER_LINK_WEBHOOKS, failoverStepOf, failoverStepWebhook } from '../sendWithFailover/step';

export const RESUME_WEBHOOKS: IWebhookDescription[] = [
	// An empty responseData makes n8n answer with the node's webhookResponse, which the trigger reads.
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ $nodeId }}',
		restartWebhook: true,
		isFullPath: true,
	},
	...FAILOVER_LINK_WEBHOOKS,
];

/** The reminder goes out like any send (docs/gateway-api.md#send-sms), never retried once it may have been sent. */
const sendReminder: SendReminder = async (ctx, sms) => {
	await gatewayRequest.call(ctx, {
		method: 'POST',
		path: '/v1/message/send',
		body: { ...sms },
		itemIndex: 0,
		channel: 'sms',
	});
};

export async function resumeWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	if (failoverStepOf(this.getNodeParameter('failoverStep', ''))) return failoverStepWebhook(this);
	return await answerForwardedEvent(this, sendReminder);
}
