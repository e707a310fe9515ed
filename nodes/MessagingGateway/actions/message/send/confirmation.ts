/**
 * Whether the gateway's answer confirms a send: a message id for each recipient (or at least one for
 * a group send); otherwise the send's outcome is unknown.
 */
import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { apiError } from '../../../nodeErrors';
import type { Channel } from '../../../core/sending/send';
import { mayBeDone } from '../../../transportErrors';

/** The send answers 200 with `messageid`, or `messageids` in the order of `to` (docs/gateway-api.md#send-sms). */
const SEND_ANSWER_STATUS = 200;

/** The message ids of a 2xx answer, one per recipient; a NodeApiError (naming the send's `channel`) when the answer does not confirm the send. */
export function confirmedIds(
	ctx: IExecuteFunctions,
	body: IDataObject,
	count: number | 'group',
	itemIndex: number,
	channel?: Channel,
): string[] {
	const ids = Array.isArray(body.messageids) ? body.messageids : body.messageid !== undefined ? [body.messageid] : [];
	const valid = ids.filter((id): id is string => typeof id === 'string' && id !== '');
	// A group send reaches contacts the node does not know: at least one id, all valid.
	if ((count === 'group' ? valid.length > 0 : valid.length === count) && valid.length === ids.length) return valid;
	const missing =
		count === 'group' ? 'the group send' : count === 1 ? 'the recipient' : `each of the ${count} recipients`;
	// Only the ids go into the error: an answer from something that is not the gateway may echo the request's headers.
	const error = apiError(
		ctx.getNode(),
		{ messageid: body.messageid ?? null, messageids: body.messageids ?? null } as JsonObject,
		{
			message: `The gateway did not confirm the send: ${mayBeDone(channel)}`,
			description: `Not retried. It answered HTTP ${SEND_ANSWER_STATUS} without a message id for ${missing}. A success answer means the send may well have gone out: check the gateway's message log before sending again, and that the Base URL points at the gateway's API.`,
			httpCode: String(SEND_ANSWER_STATUS),
			itemIndex,
		},
	);
	// Its outcome is unknown, as after a 5xx: On Unknown Outcome decides whether Retry On Fail sends it again.
	Object.assign(error.context, { code: null, httpCode: SEND_ANSWER_STATUS, outcome: 'unknown' });
	throw error;
}
