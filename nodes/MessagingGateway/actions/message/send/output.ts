/**
 * The output items of a send run: one per recipient (its message id, that it was skipped and why, or its error), or
 * in node version 1 of an SMS one per input item; what the request sent comes back under the node's parameter names.
 */
import type { IDataObject } from 'n8n-workflow';

import { errorItemJson } from '../../../transport';
import { UNKNOWN_OUTCOME_HINT } from './errors';
import type { RecipientResult } from './execute';
import type { LoopSkipped } from './loop-guard';
import type { AcceptedSend } from './memory';
import type { QuietSkipped } from './quiet-hours';
import type { Planned } from './requests';
import type { SendOperation } from './operation';
import { fallbackFields, sentFields } from './sent-fields';

export type Result = RecipientResult<Planned> | QuietSkipped<Planned> | LoopSkipped<Planned>;

/** One output item for one recipient: its message id, that it is skipped (opted out, quiet hours, loop guard), or its error (with the outcome when it is unknown). */
function recipientOutput(operation: SendOperation, result: Result): IDataObject {
	if (result.kind === 'optedOut' || result.kind === 'quietHours') return { to: result.to, skipped: result.kind };
	if (result.kind === 'loopGuard') return { to: result.to, skipped: result.kind, sentRecently: result.sentRecently };
	// Refused on WhatsApp for a reason SMS Fallback handles, before its SMS was made (send/fallback.ts replaces it).
	if (result.kind === 'fallback') return { to: result.to, fallbackReason: result.reason };
	if (result.kind === 'accepted' && result.messageids)
		return { messageids: result.messageids, groupId: result.plan.body.to, ...sentFields(operation, result.plan) };
	if (result.kind === 'accepted') {
		const merged = result.plan.merged[result.to];
		// WhatsApp's answers are not documented field by field: what the gateway said besides the ids comes along (ours win).
		const answer = operation.channel === 'whatsapp' ? result.answer : undefined;
		return {
			...answer,
			messageid: result.messageid,
			to: result.to,
			...sentFields(operation, result.plan),
			...(merged ? { merged } : {}),
		};
	}
	const failed = { ...errorItemJson(result.error), ...fallbackFields(result.plan) };
	if (result.untried) return { ...failed, outcome: 'notSent', to: result.to };
	if (!result.unknown) return { ...failed, to: result.to };
	const { reference } = result.plan.body;
	return {
		...failed,
		outcome: 'unknown',
		to: result.to,
		...(reference ? { reference } : {}),
		hint: UNKNOWN_OUTCOME_HINT,
	};
}

/**
 * The output items of an item: one per recipient, or (version 1 of an SMS) one for the item. An item
 * none of whose recipients went out, for a reason other than an unknown outcome or a search stopped
 * around an opted-out number, is one error item.
 */
export function outputOf(operation: SendOperation, version: number, plan: Planned, results: Result[]): IDataObject[] {
	const accepted = results.filter((result): result is AcceptedSend<Planned> => result.kind === 'accepted');
	const failed = results.find((result) => result.kind === 'failed');
	// A recipient whose outcome is unknown, or that was never tried around an opted-out number, is an item of its own.
	const unknown = results.some((result) => result.kind === 'failed' && (result.unknown || result.untried));
	const reached =
		accepted.length > 0 || results.some((result) => ['optedOut', 'quietHours', 'loopGuard'].includes(result.kind));
	if (failed?.kind === 'failed' && (!reached || version < 2) && !unknown)
		return [{ ...errorItemJson(failed.error), ...fallbackFields(failed.plan) }];
	if (version < 2 && operation.oneItemPerInputInVersion1 && !failed && plan.body.type !== 'group') {
		const sent = accepted[0].plan;
		const messageids = accepted.map((result) => result.messageid);
		const ids =
			messageids.length === 1 && typeof sent.body.to === 'string' ? { messageid: messageids[0] } : { messageids };
		const merged = Object.keys(plan.merged).length > 0 ? { merged: plan.merged } : {};
		return [{ ...ids, to: sent.body.to, ...sentFields(operation, sent), ...merged }];
	}
	return results.map((result) => recipientOutput(operation, result));
}
