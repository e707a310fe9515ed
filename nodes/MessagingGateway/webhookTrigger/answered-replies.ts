/**
 * The replies this request handed on to a waiting question that took them (outcome `resumed`), kept in the
 * workflow's static data (core/questions/answered-replies.ts): Conversation → Get Unanswered in the same workflow
 * counts the conversation as answered up to them. n8n saves a live webhook's static data after the request, in
 * queue mode too; a manual (test) request's is not saved.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import {
	ANSWERED_REPLIES_KEY,
	answeredReplyOf,
	withAnsweredReplies,
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
	staticData[ANSWERED_REPLIES_KEY] = withAnsweredReplies(
		staticData[ANSWERED_REPLIES_KEY],
		added,
	) as unknown as IDataObject[];
}
