/**
 * The requests of a send run: an item's recipients not yet sent in this run are split into requests
 * of at most Batch Size (or the gateway's limit), items that differ only in their recipients share a
 * request (Batch Recipients), requests run with bounded concurrency, the first failure stops new
 * requests, an answer counts only with a message id per recipient, n8n's Retry On Fail never sends an
 * accepted recipient twice (nor, with On Unknown Outcome "Do Not Resend", one whose outcome is
 * unknown), and an error that stops the run lists what was already sent. From node version 4 a
 * request refused because a recipient is opted out (131) is sent again without it (opted-out.ts).
 * Splitting into requests: requests.ts; one request and what its refusal leads to: batch-send.ts;
 * confirming an answer's message ids: confirmation.ts.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { mapWithConcurrency } from '../../../concurrency';
import { MAX_RECIPIENTS_PER_REQUEST } from '../../../core/sending/batch';
import type { Channel } from '../../../core/sending/send';
import { asNodeError } from '../../../transport';
import { sendOrRecover, type BatchRun, type SendError, type SendSettings } from './batch-send';
import { notResent, withSentItems } from './errors';
import {
	refusedRecipients,
	runMemory,
	sendKey,
	sentItems,
	type AcceptedSend,
	type FallbackSend,
	type OptedOutSend,
	type UnknownSend,
} from './memory';
import { partsOf, planBatches, type PlannedSend } from './requests';

/**
 * What happened to one recipient of an item: accepted (now or on an earlier try of this run), opted out, or
 * failed (`untried`: never tried, as sending around an opted-out number stopped at another request's error).
 */
export type RecipientResult<P> =
	| AcceptedSend<P>
	| OptedOutSend<P>
	| FallbackSend<P>
	| { kind: 'failed'; to: string; plan: P; error: SendError; unknown?: UnknownSend; untried?: true };

export interface SendResults<P> {
	/** Per planned item: its recipients' results, in the item's order. */
	byItem: Map<number, Array<RecipientResult<P>>>;
}

/** Where a run's sends go: the call, and the channel its errors name when a send may have gone out. */
export interface SendTarget {
	endpoint: string;
	channel: Channel;
}

/** What an earlier try of this run (n8n's Retry On Fail) did for a recipient of `plan`, if anything. */
const remembered = <P extends PlannedSend>({ memory, endpoint }: BatchRun<P>, plan: P, to: string) =>
	memory.get(sendKey(endpoint, plan.index, to));

/** The sends of an earlier try whose outcome is unknown: with Do Not Resend they are not sent again. */
const heldSends = <P extends PlannedSend>(run: BatchRun<P>, planned: readonly P[]) =>
	planned.flatMap((plan) =>
		plan.recipients
			.map((to) => remembered(run, plan, to))
			.filter((send): send is UnknownSend => send?.kind === 'unknown'),
	);

/**
 * The recipients still to send, in parts of at most Batch Size: a recipient accepted in an earlier try of this run
 * is not sent again, nor (Do Not Resend) one whose outcome is unknown.
 */
function pendingParts<P extends PlannedSend>(run: BatchRun<P>, planned: readonly P[]) {
	const isPending = (plan: P, to: string) => {
		const send = remembered(run, plan, to);
		return send === undefined || (send.kind === 'unknown' && !run.doNotResend);
	};
	const size = run.settings.batchSize || MAX_RECIPIENTS_PER_REQUEST;
	return planned.flatMap((plan) =>
		partsOf(
			plan,
			plan.recipients.filter((to) => isPending(plan, to)),
			size,
		),
	);
}

/** A recipient's result once the requests are done: what the run remembers of it, or its failure. */
function resultOf<P extends PlannedSend>(run: BatchRun<P>, plan: P, to: string): RecipientResult<P> {
	const send = remembered(run, plan, to);
	if (send?.kind === 'accepted' || send?.kind === 'optedOut' || send?.kind === 'fallback') return send;
	const failure = run.failures.get(sendKey(run.endpoint, plan.index, to));
	if (send?.kind === 'unknown' && run.doNotResend)
		return { kind: 'failed', to, plan, error: failure ?? notResent(run.ctx, send, 1), unknown: send };
	return { kind: 'failed', to, plan, error: failure!, ...(run.untriedErrors.has(failure!) ? { untried: true } : {}) };
}

/**
 * Sends the planned items to `target`'s endpoint; `itemCount` is the number of input items (for the error
 * that stops the run). With Continue On Fail a failed request fails every recipient in it.
 */
export async function sendPlanned<P extends PlannedSend>(
	ctx: IExecuteFunctions,
	{ endpoint, channel }: SendTarget,
	planned: readonly P[],
	settings: SendSettings,
	itemCount: number,
): Promise<SendResults<P>> {
	const run: BatchRun<P> = {
		ctx,
		endpoint,
		channel,
		settings,
		memory: runMemory<P>(ctx),
		doNotResend: settings.onUnknownOutcome === 'doNotResend',
		failures: new Map(),
		untriedErrors: new Set(),
	};
	const stop = (error: SendError) =>
		withSentItems(error, sentItems(run.memory, endpoint), itemCount, refusedRecipients(run.memory, endpoint));
	const held = heldSends(run, planned);
	if (run.doNotResend && held.length > 0 && !ctx.continueOnFail()) throw stop(notResent(ctx, held[0], held.length));
	const parts = pendingParts(run, planned);
	try {
		await mapWithConcurrency(planBatches(parts, settings.batchSize), settings.concurrency, (batch) =>
			sendOrRecover(run, batch),
		);
	} catch (error) {
		throw stop(asNodeError(ctx, error, 0));
	}
	// An item planned in several parts (Quiet Hours: one per date) gets all its parts' results.
	const byItem = new Map<number, Array<RecipientResult<P>>>();
	for (const plan of planned)
		byItem.set(plan.index, [
			...(byItem.get(plan.index) ?? []),
			...plan.recipients.map((to) => resultOf(run, plan, to)),
		]);
	return { byItem };
}
