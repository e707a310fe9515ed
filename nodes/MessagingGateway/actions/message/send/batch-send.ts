/**
 * One request of a send run and what its answer leads to: an accepted request's recipients take their message
 * ids; a refused one fails its recipients, or from node version 4 is sent again around its opted-out numbers
 * (opted-out.ts), or with SMS Fallback one recipient at a time (fallback.ts). Every outcome is remembered in the
 * run's memory (memory.ts), so n8n's Retry On Fail never sends an accepted recipient twice.
 */
import type { IDataObject, IExecuteFunctions, NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Channel } from '../../../core/sending/send';
import { isOptedOutRefusal } from '../../../core/sending/opt-out';
import { fallbackReasonOf } from '../../../core/whatsapp/fallback';
import { asNodeError, gatewayRequest, outcomeOf } from '../../../transport';
import { confirmedIds } from './confirmation';
import { sendKey, type AcceptedSend, type RunMemory, type UnknownSend } from './memory';
import { notSentAround, sendAroundOptedOut } from './opted-out';
import type { RunSettings } from './options';
import { subBatch, type Batch } from './requests';

export type SendError = NodeApiError | NodeOperationError;

/**
 * A send run's settings; `skipOptedOut`: a recipient refused with 131 is a result of its own, the others are sent;
 * `fallBack` (WhatsApp's SMS Fallback): a request refused with 137 or 140 is sent again one recipient at a time, and
 * each recipient refused so is a `fallback` result (it gets an SMS instead, send/fallback.ts). Both are required: a
 * send made with a run's settings alone (the fallback SMS once was) would fail every recipient of a request for one
 * opted-out number.
 */
export type SendSettings = RunSettings & { skipOptedOut: boolean; fallBack: boolean };

/** What every request of a run shares: where it goes, its settings, and what the run knows of each recipient. */
export interface BatchRun<P> {
	ctx: IExecuteFunctions;
	endpoint: string;
	channel: Channel;
	settings: SendSettings;
	memory: RunMemory<P>;
	doNotResend: boolean;
	/** With Continue On Fail: the error of each recipient (by its send key) whose request failed. */
	failures: Map<string, SendError>;
	/** The errors of recipients never tried (sending around an opted-out number stopped first). */
	untriedErrors: Set<SendError>;
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

/** Sends `batch`; when the gateway accepts it, each of its recipients is remembered with its message id. */
async function sendBatch<P>({ ctx, endpoint, channel, settings, memory }: BatchRun<P>, batch: Batch<P>) {
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
}

/** A failed request `tried` of `batch`: its recipients' outcome remembered, then the run stops or the batch's unsent recipients fail. */
function failBatch<P>(run: BatchRun<P>, batch: Batch<P>, tried: Batch<P>, error: unknown) {
	const { ctx, endpoint } = run;
	const nodeError = asNodeError(ctx, error, tried.members[0].index);
	if (run.doNotResend && outcomeOf(nodeError) === 'unknown') rememberUnknown(run.memory, endpoint, tried, nodeError);
	if (!ctx.continueOnFail()) throw nodeError;
	const triedKeys = new Set(
		tried.members.flatMap((member) => member.recipients.map((to) => sendKey(endpoint, member.index, to))),
	);
	const notTried = triedKeys.size < batch.recipients.length ? notSentAround(ctx, nodeError) : nodeError;
	if (notTried !== nodeError) run.untriedErrors.add(notTried);
	for (const member of batch.members) {
		for (const to of member.recipients)
			run.failures.set(
				sendKey(endpoint, member.index, to),
				triedKeys.has(sendKey(endpoint, member.index, to)) ? nodeError : notTried,
			);
	}
}

/** A refused batch's recipients sent again around the opted-out ones, each of which is remembered. */
async function sendAround<P>(run: BatchRun<P>, batch: Batch<P>) {
	const { ctx, endpoint, memory } = run;
	let tried = batch;
	const accepted = async (some: Batch<P>) => {
		try {
			await sendBatch(run, some);
			return true;
		} catch (error) {
			if (isOptedOutRefusal(error)) return false;
			throw asNodeError(ctx, error, some.members[0].index);
		}
	};
	const entries = batch.members.flatMap((member) => member.recipients.map((to) => ({ member, to })));
	const optedOut = ({ member, to }: (typeof entries)[number]) =>
		memory.set(sendKey(endpoint, member.index, to), { kind: 'optedOut', to, plan: member.plan });
	try {
		await sendAroundOptedOut(entries, (some) => accepted((tried = subBatch(batch, some))), optedOut);
	} catch (error) {
		failBatch(run, batch, tried, error);
	}
}

/**
 * A batch `refused` for a fallback reason, sent again one recipient at a time: each refusal is known by its own
 * code. A batch of one recipient is known by its refusal already: it is not sent again.
 */
async function sendOneByOne<P>(run: BatchRun<P>, batch: Batch<P>, refused: unknown) {
	const { endpoint, memory } = run;
	for (const member of batch.members) {
		for (const to of member.recipients) {
			const alone = subBatch(batch, [{ member, to }]);
			try {
				if (batch.recipients.length > 1) await sendBatch(run, alone);
				else throw refused;
			} catch (error) {
				const reason = fallbackReasonOf(error);
				const key = sendKey(endpoint, member.index, to);
				if (reason) memory.set(key, { kind: 'fallback', endpoint, item: member.index, to, plan: member.plan, reason });
				else if (run.settings.skipOptedOut && isOptedOutRefusal(error))
					memory.set(key, { kind: 'optedOut', to, plan: member.plan });
				else return failBatch(run, batch, alone, error);
			}
		}
	}
}

/**
 * Sends `batch`; when it is refused: one recipient at a time (SMS Fallback's reasons), around its opted-out numbers
 * (131, not a group send), or its recipients fail (the error stops the run unless the node continues on fail).
 */
export async function sendOrRecover<P>(run: BatchRun<P>, batch: Batch<P>) {
	try {
		await sendBatch(run, batch);
	} catch (error) {
		if (run.settings.fallBack && fallbackReasonOf(error)) await sendOneByOne(run, batch, error);
		else if (run.settings.skipOptedOut && batch.body.type !== 'group' && isOptedOutRefusal(error))
			await sendAround(run, batch);
		else failBatch(run, batch, batch, error);
	}
}
