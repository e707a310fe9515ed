/**
 * The replies this request handed on to a waiting question that took them (outcome `resumed`), kept in the
 * workflow's static data (core/questions/answered-replies.ts), and handed to the workflow: an incoming message
 * whose sender has replies kept starts it with them under `answeredReplies`, which Conversation → Get Unanswered
 * reads from the trigger's item. n8n saves a live webhook's static data after the request and loads it for the
 * next one; a worker's new execution does not get it (queue mode), the trigger's item it does. A manual (test)
 * request keeps nothing.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import {
	ANSWERED_REPLIES_FIELD,
	ANSWERED_REPLIES_KEY,
	answeredRepliesOf,
	answeredReplyOf,
	keptWith,
	repliesFrom,
	type AnsweredReply,
} from '../core/questions/answered-replies';
import type { ForwardedEvents } from './forward';

export function keepAnsweredReplies(ctx: IWebhookFunctions, forwarded: ForwardedEvents): void {
	const added = [...forwarded.entries()]
		.filter(([, { outcome }]) => outcome.kind === 'resumed')
		.map(([event]) => answeredReplyOf(event))
		.filter((reply): reply is AnsweredReply => reply !== undefined);
	if (added.length === 0) return;
	const staticData = ctx.getWorkflowStaticData('global');
	staticData[ANSWERED_REPLIES_KEY] = keptWith(staticData[ANSWERED_REPLIES_KEY], added) as unknown as IDataObject[];
}

/** The event, with the replies kept for its sender under `answeredReplies` when it is an incoming message and there are any. */
export function withAnsweredRepliesOfSender(ctx: IWebhookFunctions): (event: IDataObject) => IDataObject {
	// Read and checked once per request: most requests have none kept, and a body can hold many events.
	const kept = answeredRepliesOf(ctx.getWorkflowStaticData('global')[ANSWERED_REPLIES_KEY]);
	return (event) => {
		const message = event.message as IDataObject | undefined;
		if (event.webhook_type !== 'inbox_message' || kept.length === 0 || typeof message?.sender !== 'string')
			return event;
		const replies = repliesFrom(kept, message.sender);
		return replies.length === 0 ? event : { ...event, [ANSWERED_REPLIES_FIELD]: replies as unknown as IDataObject[] };
	};
}
