/**
 * The replies a Messaging Gateway Trigger before Get Unanswered handed on to a Send and Wait question that took them
 * (core/questions/answered-replies.ts): the trigger's item's `answeredReplies`, which reaches Get Unanswered as its
 * input item through Filters and Waits, on a queue-mode worker too.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { ANSWERED_REPLIES_FIELD, answeredRepliesOf, type AnsweredReply } from '../../core/questions/answered-replies';

export function answeredRepliesFor(ctx: IExecuteFunctions, itemIndex: number, phone: string): AnsweredReply[] {
	return answeredRepliesOf(ctx.getInputData()[itemIndex]?.json[ANSWERED_REPLIES_FIELD], phone);
}
