/**
 * The errors of a send run beyond the gateway's own: the one that stops the run lists what was
 * already sent, and the one for a send not repeated because its outcome is unknown says how to
 * find out whether it went out.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { itemNumbers } from '../../../core/values';
import type { UnknownSend } from './memory';
import { operationError } from '../../../nodeErrors';

/** How many items' message ids an error's description lists; `sentItems` in its context holds them all. */
const IDS_LISTED = 20;

/** How to find out whether a send with an unknown outcome went out (docs/gateway-api.md#webhooks). */
export const UNKNOWN_OUTCOME_HINT =
	"The gateway may have sent it: if it did, its delivery report arrives at the Messaging Gateway Trigger (with the message's reference), and the gateway's message log shows it. It is not sent again (On Unknown Outcome: Do Not Resend).";

/**
 * Adds to `error` which items had already been sent when the run stopped, with their message ids, and the recipients
 * WhatsApp had refused whose SMS instead (SMS Fallback) the stop left unsent, each named with its item.
 */
export function withSentItems<E extends NodeApiError | NodeOperationError>(
	error: E,
	list: Array<{ item: number; to: string[]; messageids: string[] }>,
	total: number,
	refused: Array<{ item: number; to: string }> = [],
): E {
	error.context.sentItems = list;
	error.context.sentCount = list.length;
	if (refused.length > 0) error.context.refusedWithoutSms = refused;
	const summary =
		list.length === 0
			? 'No item had been sent when the run stopped.'
			: `${list.length} of ${total} items had been sent when the run stopped (items ${itemNumbers(list.map((entry) => entry.item))}); no further item was started.`;
	const more = list.length > IDS_LISTED ? `; and ${list.length - IDS_LISTED} more items` : '';
	const ids = `${list
		.slice(0, IDS_LISTED)
		.map((entry) => `item ${entry.item}: ${entry.messageids.join(', ')}`)
		.join('; ')}${more}`;
	error.description = [
		total > 1 ? summary : undefined,
		error.description,
		list.length > 0 ? `Sent, with message ids: ${ids}.` : undefined,
		refused.length > 0
			? `Refused on WhatsApp and sent no SMS instead, as the run stopped first: ${refused
					.slice(0, IDS_LISTED)
					.map(({ item, to }) => `${to} (item ${item})`)
					.join(', ')}${refused.length > IDS_LISTED ? ` and ${refused.length - IDS_LISTED} more` : ''}.`
			: undefined,
	]
		.filter(Boolean)
		.join(' ');
	return error;
}

/**
 * A retry (n8n's Retry On Fail) meets a recipient whose send ended with an unknown outcome in an
 * earlier try: not sent again, and the run stops before any request (`count` recipients are held).
 */
export function notResent(ctx: IExecuteFunctions, send: UnknownSend, count: number): NodeOperationError {
	const others = count > 1 ? ` (and ${count - 1} more recipient${count > 2 ? 's' : ''})` : '';
	const error = operationError(
		ctx.getNode(),
		`Not sent again to ${send.to}${others}: an earlier try may already have sent it`,
		{
			description: `That try ended with: ${send.message}. ${UNKNOWN_OUTCOME_HINT}`,
			itemIndex: send.item,
		},
	);
	Object.assign(error.context, { code: send.code, httpCode: send.httpCode, outcome: 'unknown' });
	return error;
}
