/**
 * The requests of a send run: an item's recipients not yet sent in this run are split into requests
 * of at most Batch Size (or the gateway's limit), items that differ only in their recipients share a
 * request (Batch Recipients), requests run with bounded concurrency, the first failure stops new
 * requests, an answer counts only with a message id per recipient, n8n's Retry On Fail never sends an
 * accepted recipient twice (nor, with On Unknown Outcome "Do Not Resend", one whose outcome is
 * unknown), and an error that stops the run lists what was already sent. From node version 4 a
 * request refused because a recipient is opted out (131) is sent again without it (opted-out.ts).
 */
import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { mapWithConcurrency } from '../../../concurrency';
import { MAX_RECIPIENTS_PER_REQUEST } from '../../../core/sending/batch';
import { isOptedOutRefusal } from '../../../core/sending/opt-out';
import type { SendRequestBody } from '../../../core/sending/send';
import { asNodeError, gatewayRequest, outcomeOf } from '../../../transport';
import { notResent, withSentItems } from './errors';
import { runMemory, sendKey, sentItems, type AcceptedSend, type OptedOutSend, type RunMemory, type UnknownSend } from './memory';
import { notSentAround, sendAroundOptedOut } from './opted-out';
import type { RunSettings } from './options';

/** One item's checked request: its position among the items, its body and its distinct recipients. */
export interface PlannedSend {
	index: number;
	body: SendRequestBody;
	recipients: readonly string[];
}

export type SendError = NodeApiError | NodeOperationError;

/** What happened to one recipient of an item: accepted (now or on an earlier try of this run), opted out, or failed. */
export type RecipientResult<P> = AcceptedSend<P> | OptedOutSend<P> | { kind: 'failed'; to: string; plan: P; error: SendError; unknown?: UnknownSend };

/** A send run's settings; `skipOptedOut`: a recipient refused with 131 is a result of its own, the others are sent. */
export type SendSettings = RunSettings & { skipOptedOut?: boolean };

export interface SendResults<P> {
	/** Per planned item: its recipients' results, in the item's order. */
	byItem: Map<number, Array<RecipientResult<P>>>;
}

/** Part of one item's recipients, with the body that sends to them. */
interface Part<P> {
	plan: P;
	index: number;
	body: SendRequestBody;
	recipients: string[];
}

/** A request to make: the parts it serves, in input order, and the body to send. */
interface Batch<P> {
	members: Array<Part<P>>;
	body: SendRequestBody;
	recipients: string[];
}

/**
 * An item's recipients still to send, in requests of at most `size`. An item sent whole keeps its
 * own body (`to` as it was built), so it makes exactly the request it made before; a part carries
 * only its recipients.
 */
function partsOf<P extends PlannedSend>(plan: P, pending: string[], size: number): Array<Part<P>> {
	if (pending.length === plan.recipients.length && pending.length <= size) return [{ plan, index: plan.index, body: plan.body, recipients: pending }];
	const parts: Array<Part<P>> = [];
	for (let start = 0; start < pending.length; start += size) {
		const recipients = pending.slice(start, start + size);
		parts.push({ plan, index: plan.index, body: { ...plan.body, to: recipients.length === 1 ? recipients[0] : recipients }, recipients });
	}
	return parts;
}

/** Everything of a send except its recipients: two sends with the same key can share a request. */
function batchKey(body: SendRequestBody): string {
	const fields = Object.entries(body).filter(([key]) => key !== 'to');
	return JSON.stringify(fields.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Groups consecutive parts with the same batch key into requests of at most `size` recipients
 * (docs/gateway-api.md#send-sms: `to` as an array, `messageids` in its order). A part alone in its
 * group keeps its own body; `size` 0 sends each part alone.
 */
function planBatches<P>(parts: ReadonlyArray<Part<P>>, size: number): Array<Batch<P>> {
	const groups: Array<Array<Part<P>>> = [];
	let current: Array<Part<P>> = [];
	let key: string | symbol | undefined;
	let count = 0;
	for (const part of parts) {
		// A group send goes alone: its `to` is one group's ID.
		const partKey = part.body.type === 'group' ? Symbol('group send') : batchKey(part.body);
		if (current.length > 0 && (partKey !== key || count + part.recipients.length > size)) {
			groups.push(current);
			current = [];
			count = 0;
		}
		current.push(part);
		key = partKey;
		count += part.recipients.length;
	}
	if (current.length > 0) groups.push(current);
	return groups.map((group) => {
		const recipients = group.flatMap((part) => part.recipients);
		return { members: group, body: group.length === 1 ? group[0].body : { ...group[0].body, to: recipients }, recipients };
	});
}

/** The send answers 200 with `messageid`, or `messageids` in the order of `to` (docs/gateway-api.md#send-sms). */
const SEND_ANSWER_STATUS = 200;

/** The message ids of a 2xx answer, one per recipient; a NodeApiError when the answer does not confirm the send. */
function confirmedIds(ctx: IExecuteFunctions, body: IDataObject, count: number | 'group', itemIndex: number): string[] {
	const ids = Array.isArray(body.messageids) ? body.messageids : body.messageid !== undefined ? [body.messageid] : [];
	const valid = ids.filter((id): id is string => typeof id === 'string' && id !== '');
	// A group send reaches contacts the node does not know: at least one id, all valid.
	if ((count === 'group' ? valid.length > 0 : valid.length === count) && valid.length === ids.length) return valid;
	const missing = count === 'group' ? 'the group send' : count === 1 ? 'the recipient' : `each of the ${count} recipients`;
	// Only the ids go into the error: an answer from something that is not the gateway may echo the request's headers.
	const error = new NodeApiError(ctx.getNode(), { messageid: body.messageid ?? null, messageids: body.messageids ?? null } as JsonObject, {
		message: `The gateway did not confirm the send: the answer has no message id for ${missing}. Not retried: the SMS may already have been sent`,
		description: `It answered HTTP ${SEND_ANSWER_STATUS} without the expected message ids. A success answer means the send may well have gone out: check the gateway's message log before sending again, and that the Base URL points at the gateway's API.`,
		httpCode: String(SEND_ANSWER_STATUS),
		itemIndex,
	});
	// Its outcome is unknown, as after a 5xx: On Unknown Outcome decides whether Retry On Fail sends it again.
	Object.assign(error.context, { code: null, httpCode: SEND_ANSWER_STATUS, outcome: 'unknown' });
	throw error;
}

/** The request for some of a batch's recipients (`entries`, in the batch's order). */
function subBatch<P>(batch: Batch<P>, entries: ReadonlyArray<{ member: Part<P>; to: string }>): Batch<P> {
	const members: Array<Part<P>> = [];
	for (const { member, to } of entries) {
		const last = members[members.length - 1];
		if (last?.index === member.index && last.plan === member.plan) last.recipients.push(to);
		else members.push({ ...member, recipients: [to] });
	}
	for (const member of members) member.body = { ...member.body, to: member.recipients.length === 1 ? member.recipients[0] : member.recipients };
	const recipients = members.flatMap((member) => member.recipients);
	return { members, body: members.length === 1 ? members[0].body : { ...batch.body, to: recipients }, recipients };
}

/** What the run remembers of a request that failed with an unknown outcome, per recipient. */
function rememberUnknown<P>(memory: RunMemory<P>, endpoint: string, batch: Batch<P>, error: SendError) {
	const context = error.context as { code?: string | null; httpCode?: number | null };
	for (const member of batch.members) {
		for (const to of member.recipients) {
			const unknown: UnknownSend = { kind: 'unknown', endpoint, item: member.index, to, message: error.message, code: context.code ?? null, httpCode: context.httpCode ?? null };
			memory.set(sendKey(endpoint, member.index, to), unknown);
		}
	}
}

/**
 * Sends the planned items to `endpoint`; `itemCount` is the number of input items (for the error
 * that stops the run). With Continue On Fail a failed request fails every recipient in it.
 */
export async function sendPlanned<P extends PlannedSend>(
	ctx: IExecuteFunctions,
	endpoint: string,
	planned: readonly P[],
	settings: SendSettings,
	itemCount: number,
): Promise<SendResults<P>> {
	const memory = runMemory<P>(ctx);
	const doNotResend = settings.onUnknownOutcome === 'doNotResend';
	const failures = new Map<string, SendError>();
	const stop = (error: SendError) => withSentItems(error, sentItems(memory, endpoint), itemCount);
	// Retry On Fail: a recipient accepted in an earlier try of this run is not sent again, nor (Do Not Resend) one whose outcome is unknown.
	const remembered = (plan: P, to: string) => memory.get(sendKey(endpoint, plan.index, to));
	const isPending = (plan: P, to: string) => {
		const send = remembered(plan, to);
		return send === undefined || (send.kind === 'unknown' && !doNotResend);
	};
	const held = planned.flatMap((plan) => plan.recipients.map((to) => remembered(plan, to)).filter((send): send is UnknownSend => send?.kind === 'unknown'));
	if (doNotResend && held.length > 0 && !ctx.continueOnFail()) throw stop(notResent(ctx, held[0], held.length));
	const size = settings.batchSize || MAX_RECIPIENTS_PER_REQUEST;
	const parts = planned.flatMap((plan) => partsOf(plan, plan.recipients.filter((to) => isPending(plan, to)), size));
	const send = async (batch: Batch<P>) => {
		const itemIndex = batch.members[0].index;
		const request = { method: 'POST' as const, path: endpoint, body: batch.body as unknown as IDataObject, itemIndex, timeoutMs: settings.timeoutMs };
		const body = await gatewayRequest.call(ctx, request);
		const group = batch.body.type === 'group';
		const ids = confirmedIds(ctx, body, group ? 'group' : batch.recipients.length, itemIndex);
		// The gateway answers the ids in the order of `to`: each recipient takes its own id; a group send (one member) takes them all.
		let offset = 0;
		for (const { index, recipients, plan } of batch.members) {
			for (const to of recipients) {
				const accepted: AcceptedSend<P> = { kind: 'accepted', endpoint, item: index, to, messageid: ids[offset++], plan };
				memory.set(sendKey(endpoint, index, to), group ? { ...accepted, messageids: ids } : accepted);
			}
		}
	};
	/** A failed request `tried` of `batch`: its recipients' outcome remembered, then the run stops or the batch's unsent recipients fail. */
	const fail = (batch: Batch<P>, tried: Batch<P>, error: unknown) => {
		const nodeError = asNodeError(ctx, error, tried.members[0].index);
		if (doNotResend && outcomeOf(nodeError) === 'unknown') rememberUnknown(memory, endpoint, tried, nodeError);
		if (!ctx.continueOnFail()) throw nodeError;
		const triedKeys = new Set(tried.members.flatMap((member) => member.recipients.map((to) => sendKey(endpoint, member.index, to))));
		const notTried = triedKeys.size < batch.recipients.length ? notSentAround(ctx, nodeError) : nodeError;
		for (const member of batch.members) {
			for (const to of member.recipients) failures.set(sendKey(endpoint, member.index, to), triedKeys.has(sendKey(endpoint, member.index, to)) ? nodeError : notTried);
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
		const optedOut = ({ member, to }: (typeof entries)[number]) => memory.set(sendKey(endpoint, member.index, to), { kind: 'optedOut', to, plan: member.plan });
		try {
			await sendAroundOptedOut(entries, (some) => accepted((tried = subBatch(batch, some))), optedOut);
		} catch (error) {
			fail(batch, tried, error);
		}
	};
	try {
		await mapWithConcurrency(planBatches(parts, settings.batchSize), settings.concurrency, async (batch) => {
			try {
				await send(batch);
			} catch (error) {
				if (settings.skipOptedOut && batch.body.type !== 'group' && isOptedOutRefusal(error)) await sendAround(batch);
				else fail(batch, batch, error);
			}
		});
	} catch (error) {
		throw stop(asNodeError(ctx, error, 0));
	}
	const resultOf = (plan: P, to: string): RecipientResult<P> => {
		const send = remembered(plan, to);
		if (send?.kind === 'accepted' || send?.kind === 'optedOut') return send;
		const failure = failures.get(sendKey(endpoint, plan.index, to));
		if (send?.kind === 'unknown' && doNotResend) return { kind: 'failed', to, plan, error: failure ?? notResent(ctx, send, 1), unknown: send };
		return { kind: 'failed', to, plan, error: failure! };
	};
	// An item planned in several parts (Quiet Hours: one per date) gets all its parts' results.
	const byItem = new Map<number, Array<RecipientResult<P>>>();
	for (const plan of planned) byItem.set(plan.index, [...(byItem.get(plan.index) ?? []), ...plan.recipients.map((to) => resultOf(plan, to))]);
	return { byItem };
}
