/**
 * The replies a Messaging Gateway Trigger before Get Unanswered handed on to a Send and Wait question that took them
 * (core/questions/answered-replies.ts): its item's `answeredReplies`, read through n8n's paired items as
 * `$('<trigger>').item` reads it, so they reach Get Unanswered through Filters and Waits, on a queue-mode worker too.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { ANSWERED_REPLIES_FIELD, answeredRepliesOf, type AnsweredReply } from '../../core/questions/answered-replies';

const TRIGGER_TYPE_SUFFIX = '.messagingGatewayTrigger';

export function answeredRepliesFor(ctx: IExecuteFunctions, itemIndex: number, phone: string): AnsweredReply[] {
	const triggers = ctx
		.getParentNodes(ctx.getNode().name)
		.filter(({ type, disabled }) => type.endsWith(TRIGGER_TYPE_SUFFIX) && !disabled);
	return triggers.flatMap(({ name }) => {
		try {
			const field = `$(${JSON.stringify(name)}).item.json.${ANSWERED_REPLIES_FIELD}`;
			return answeredRepliesOf(ctx.evaluateExpression(`{{ ${field} }}`, itemIndex), phone);
		} catch {
			// No item of the trigger pairs with this one (a Code node made it anew): nothing is known to be answered.
			return [];
		}
	});
}
