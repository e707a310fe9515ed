/**
 * The requests of a send run: an item's recipients not yet sent in this run are split into requests
 * of at most Batch Size (or the gateway's limit), items that differ only in their recipients share a
 * request (Batch Recipients), requests run with bounded concurrency, the first failure stops new
 * requests, an answer counts only with a message id per recipient, n8n's Retry On Fail never sends an
 * accepted recipient twice (nor, with On Unknown Outcome "Do Not Resend", one whose outcome is
 * unknown), and an error that stops the run lists what was already sent. From node version 4 a
 * request refused because a recipient is opted out (131) is sent again without it (opted-out.ts).
 * Splitting into requests: requests.ts; confirming an answer's message ids: confirmation.ts.
 */
import type { IDataObject, IExecuteFunctions, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { mapWithConcurrency } from '../../../concurrency';
import { MAX_RECIPIENTS_PER_REQUEST } from '../../../core/sending/batch';
import type { Channel } from '../../../core/sending/send';
import { isOptedOutRefusal } from '../../../core/sending/opt-out';
import { fallbackReasonOf } from '../../../core/whatsapp/fallback';
import { asNodeError, gatewayRequest, outcomeOf } from '../../../transport';
import { confirmedIds } from './confirmation';
import { notResent, withSentItems } from './errors';
import {
	refusedRecipients,
	runMemory,
	sendKey,
	sentItems,
	type AcceptedSend,
	type FallbackSend,
	type OptedOutSend,
	type RunMemory,
	type UnknownSend,
} from './memory';
import { notSentAround, sendAroundOptedOut } from './opted-out';
import type { RunSettings } from './options';
import { partsOf, planBatches, subBatch, type Batch, type PlannedSend } from './requests';

export type SendError = NodeApiError | NodeOperationError;

/**
 * What happened to one recipient of an item: accepted (now or on an earlier try of this run), opted out, or
 * failed (`untried`: never tried, as sending around an opted-out number stopped at another request's error).
 */
export type RecipientResult<P> =
	| AcceptedSend<P>
	| OptedOutSend<P>
	| FallbackSend<P>
	| { kind: 'failed'; to: string; plan: P; error: SendError; unknown?: UnknownSend; untried?: true };

/**
 * A send run's settings; `skipOptedOut`: a recipient refused with 131 is a result of its own, the others are sent;
 * `fallBack` (WhatsApp's SMS Fallback): a request refused with 137 or 140 is sent again one recipient at a time, and
 * each recipient refused so is a `fallback` result (it gets an SMS instead, send/fallback.ts). Both are required: a
 * send made with a run's settings alone (the fallback SMS once was) would fail every recipient of a request for one
 * opted-out number.
 */
export type SendSettings = RunSettings & { skipOptedOut: boolean; fallBack: boolean };

export interface SendResults<P> {
	/** Per planned item: its recipients' results, in the item's order. */
	byItem: Map<number, Array<RecipientResult<P>>>;
}

/** What the run remembers of a request that failed with an unknown outcome, per recipient. */
function rememberUnknown<P>(memory: RunMemory<P>, endpoint: string, batch: Batch<P>, error: SendError) {
	const context = error.context as { code?: string | null; httpCode?: number | null };
	for (const member of batch.members) {
		for (const to of member.recipients) {
			const unknown: UnknownSend = {
				kind: 'unknown',
				endpoint,
				item: member.index,
				to,
				message: error.message,
				code: context.code ?? null,
				httpCode: context.httpCode ?? null,
			};
			memory.set(sendKey(endpoint, member.index, to), unknown);
		}
	}
}

/** Where a run's sends go: the call, and the channel its errors name when a send may have gone out. */
export interface SendTarget {
	endpoint: string;
	channel: Channel;
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
	const memory = runMemory<P>(ctx);
	const doNotResend = settings.onUnknownOutcome === 'doNotResend';
	const failures = new Map<string, SendError>();
	/** The errors of recipients never tried (sending around an opted-out number stopped first). */
	const untriedErrors = new Set<SendError>();
	const stop = (error: SendError) =>
		withSentItems(error, sentItems(memory, endpoint), itemCount, refusedRecipients(memory, endpoint));
	// Retry On Fail: a recipient accepted in an earlier try of this run is not sent again, nor (Do Not Resend) one whose outcome is unknown.
	const remembered = (plan: P, to: string) => memory.get(sendKey(endpoint, plan.index, to));
	const isPending = (plan: P, to: string) => {
		const send = remembered(plan, to);
		return send === undefined || (send.kind === 'unknown' && !doNotResend);
	};
	const held = planned.flatMap((plan) =>
		plan.recipients.map((to) => remembered(plan, to)).filter((send): send is UnknownSend => send?.kind === 'unknown'),
	);
	if (doNotResend && held.length > 0 && !ctx.continueOnFail()) throw stop(notResent(ctx, held[0], held.length));
	const size = settings.batchSize || MAX_RECIPIENTS_PER_REQUEST;
	const parts = planned.flatMap((plan) =>
		partsOf(
			plan,
			plan.recipients.filter((to) => isPending(plan, to)),
			size,
		),
	);
	const send = async (batch: Batch<P>) => {
		const itemIndex = batch.members[0].index;
		const request = {
			method: 'POST' as const,
			path: endpoint,
			body: batch.body as unknown as IDataObject,
			itemIndex,
			timeoutMs: settings.timeoutMs,
			channel,
		};
		const body = await gatewayRequest.call(ctx, request);
		const group = batch.body.type === 'group';
		const ids = confirmedIds(ctx, body, group ? 'group' : batch.recipients.length, itemIndex, channel);
		const said = Object.entries(body).filter(([field]) => field !== 'messageid' && field !== 'messageids');
		const answer = said.length > 0 ? { answer: Object.fromEntries(said) } : {};
		// The gateway answers the ids in the order of `to`: each recipient takes its own id; a group send (one member) takes them all.
		let offset = 0;
		for (const { index, recipients, plan } of batch.members) {
			for (const to of recipients) {
				const accepted: AcceptedSend<P> = {
					kind: 'accepted',
					endpoint,
					item: index,
					to,
					messageid: ids[offset++],
					...answer,
					plan,
				};
				memory.set(sendKey(endpoint, index, to), group ? { ...accepted, messageids: ids } : accepted);
			}
		}
	};
	/** A failed request `tried` of `batch`: its recipients' outcome remembered, then the run stops or the batch's unsent recipients fail. */
	const fail = (batch: Batch<P>, tried: Batch<P>, error: unknown) => {
		const nodeError = asNodeError(ctx, error, tried.members[0].index);
		if (doNotResend && outcomeOf(nodeError) === 'unknown') rememberUnknown(memory, endpoint, tried, nodeError);
		if (!ctx.continueOnFail()) throw nodeError;
		const triedKeys = new Set(
			tried.members.flatMap((member) => member.recipients.map((to) => sendKey(endpoint, member.index, to))),
		);
		const notTried = triedKeys.size < batch.recipients.length ? notSentAround(ctx, nodeError) : nodeError;
		if (notTried !== nodeError) untriedErrors.add(notTried);
		for (const member of batch.members) {
			for (const to of member.recipients)
				failures.set(
					sendKey(endpoint, member.index, to),
					triedKeys.has(sendKey(endpoint, member.index, to)) ? nodeError : notTried,
				);
		}
	};
	const accepted = async (batch: Batch<P>) => {
		try {
			await send(batch);
			return true;
		} catch (error) {
			if (isOptedOutRefusal(error)) return false;
			throw asNodeError(ctx, error, batch.members[0].index);
		}
	};
	/** A refused batch's recipients sent again around the opted-out ones, each of which is remembered. */
	const sendAround = async (batch: Batch<P>) => {
		let tried = batch;
		const entries = batch.members.flatMap((member) => member.recipients.map((to) => ({ member, to })));
		const optedOut = ({ member, to }: (typeof entries)[number]) =>
			memory.set(sendKey(endpoint, member.index, to), { kind: 'optedOut', to, plan: member.plan });
		try {
			await sendAroundOptedOut(entries, (some) => accepted((tried = subBatch(batch, some))), optedOut);
		} catch (error) {
			fail(batch, tried, error);
		}
	};
	/**
	 * A batch `refused` for a fallback reason, sent again one recipient at a time: each refusal is known by its own
	 * code. A batch of one recipient is known by its refusal already: it is not sent again.
	 */
	const sendOneByOne = async (batch: Batch<P>, refused: unknown) => {
		for (const member of batch.members) {
			for (const to of member.recipients) {
				const alone = subBatch(batch, [{ member, to }]);
				try {
					if (batch.recipients.length > 1) await send(alone);
					else throw refused;
				} catch (error) {
					const reason = fallbackReasonOf(error);
					const key = sendKey(endpoint, member.index, to);
					if (reason)
						memory.set(key, { kind: 'fallback', endpoint, item: member.index, to, plan: member.plan, reason });
					else if (settings.skipOptedOut && isOptedOutRefusal(error))
						memory.set(key, { kind: 'optedOut', to, plan: member.plan });
					else return fail(batch, alone, error);
				}
			}
		}
	};
	try {
		await mapWithConcurrency(planBatches(parts, settings.batchSize), settings.concurrency, async (batch) => {
			try {
				await send(batch);
			} catch (error) {
				if (settings.fallBack && fallbackReasonOf(error)) await sendOneByOne(batch, error);
				else if (settings.skipOptedOut && batch.body.type !== 'group' && isOptedOutRefusal(error))
					await sendAround(batch);
				else fail(batch, batch, error);
			}
		});
	} catch (error) {
		throw stop(asNodeError(ctx, error, 0));
	}
	const resultOf = (plan: P, to: string): RecipientResult<P> => {
		const send = remembered(plan, to);
		if (send?.kind === 'accepted' || send?.kind === 'optedOut' || send?.kind === 'fallback') return send;
		const failure = failures.get(sendKey(endpoint, plan.index, to));
		if (send?.kind === 'unknown' && doNotResend)
			return { kind: 'failed', to, plan, error: failure ?? notResent(ctx, send, 1), unknown: send };
		return { kind: 'failed', to, plan, error: failure!, ...(untriedErrors.has(failure!) ? { untried: true } : {}) };
	};
	// An item planned in several parts (Quiet Hours: one per date) gets all its parts' results.
	const byItem = new Map<number, Array<RecipientResult<P>>>();
	for (const plan of planned)
		byItem.set(plan.index, [...(byItem.get(plan.index) ?? []), ...plan.recipients.map((to) => resultOf(plan, to))]);
	return { byItem };
}
