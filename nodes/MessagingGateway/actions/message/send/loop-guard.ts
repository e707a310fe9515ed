/**
 * Loop Guard on Send SMS and Send and Wait for Response (off unless set; docs/sms-assistants.md#loop-guard): before
 * sending, the conversation with each guarded recipient is read (`GET /v1/conversation/{phone}`, one read per
 * number) and our messages within the window counted (core/sending/loop-guard.ts), with this run's earlier items
 * to the number added, this process's sends the conversation does not list yet and the answers other executions'
 * Get Unanswered reserved (loop-guard-sends.ts); at the
 * limit the recipient is skipped or refuses its item. The numbers are held in this process (concurrency.ts) from the
 * read until the send is done, so sends to one number from one n8n process count one after the other. Across processes (queue-mode workers) two reads can both see a number below the limit.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { holdKeys } from '../../../concurrency';
import { explained } from '../../../core/error-text';
import { conversationCall } from '../../../core/lists/calls';
import { atLimitText, loopGuardOf, sentWithin, type LoopGuard } from '../../../core/sending/loop-guard';
import type { SendRequestBody } from '../../../core/sending/send';
import { readRecords } from '../../../lists';
import { operationError, type ItemError } from '../../../nodeErrors';
import { asNodeError } from '../../../transport';
import { numberRule, refusal } from '../../perItem';
import { answersReservedByOthers, noteSend, unlistedSendsTo } from './loop-guard-sends';
import { runMemory, sendKey } from './memory';
import type { PlannedSend } from './requests';

/** A recipient Loop Guard left out (Mode Skip), and how many messages it was sent within the window. */
export interface LoopSkipped<P> {
	kind: 'loopGuard';
	to: string;
	plan: P;
	sentRecently: number;
}

const ONE_RECIPIENT =
	'Loop Guard reads the conversation with each recipient before sending, one read per number, and a reply has one recipient. Send to one number per item (split a list with a Split Out or Loop Over Items node), or remove Loop Guard from Options.';

/** The Loop Guard of an item's options (Send SMS, Send and Wait, Get Unanswered): none when not set, or what is wrong. */
export function loopGuardOfOptions(options: IDataObject): LoopGuard | undefined | { error: string } {
	if (options.loopGuard === undefined) return undefined;
	const values = (options.loopGuard as IDataObject).values;
	if (typeof values !== 'object' || values === null || Array.isArray(values))
		return {
			error: explained('it has no limit', 'Add one (Max Messages, Minutes) or remove Loop Guard from Options.'),
		};
	return loopGuardOf(values as IDataObject);
}

/**
 * An item's Loop Guard from its options: none when the option is not set; refused (why) for a group or more than
 * one recipient, or values out of range.
 */
export function loopGuardFor(
	options: IDataObject,
	body: SendRequestBody,
	recipients: readonly string[],
): LoopGuard | undefined | { error: string } {
	const guard = loopGuardOfOptions(options);
	if (guard === undefined || 'error' in guard) return guard;
	if (body.type === 'group') return { error: explained('a group send has many recipients', ONE_RECIPIENT) };
	if (recipients.length > 1)
		return { error: explained(`this item has ${recipients.length} recipients`, ONE_RECIPIENT) };
	return guard;
}

export interface LoopRun<P> {
	/** Per item: its plan, or the error that refused it (Mode Error, or a conversation that could not be read). */
	plans: Array<P | ItemError>;
	/** The plans to send, the skipped ones left out. */
	planned: P[];
	/** The recipients of item `index` Loop Guard skipped. */
	skipped(index: number): Array<LoopSkipped<P>>;
	/**
	 * Notes the guarded items' accepted sends, counted until the conversation lists them (loop-guard-sends.ts), and
	 * lets the next send to these numbers in this process go: call it once this run's sends are done or failed.
	 */
	release(): void;
}

/**
 * What the conversation with `to` says: our messages within the window; the read (each try within the run's Timeout)
 * fails as the item's error.
 */
async function sentRecently(
	ctx: IExecuteFunctions,
	to: string,
	{ guard, now, timeoutMs }: { guard: LoopGuard; now: Date; timeoutMs: number },
	itemIndex: number,
): Promise<number> {
	const call = conversationCall(to, { rule: numberRule(ctx, false, true) });
	if (!call.ok)
		throw refusal(ctx, 'Loop Guard', explained(`the conversation with ${to} cannot be read`, call.error), itemIndex);
	const list = { path: call.path, query: call.query, listKey: call.listKey, wanted: 'all' as const, timeoutMs };
	const records = await readRecords.call(ctx, list, itemIndex);
	const counted = sentWithin(records, now, guard.withinMinutes, unlistedSendsTo(to, records));
	if (!counted.ok)
		throw refusal(ctx, 'Loop Guard', explained(`the conversation with ${to} cannot be read`, counted.error), itemIndex);
	return counted.count + answersReservedByOthers(to, ctx.getExecutionId());
}

/**
 * Applies Loop Guard to the run's plans (after Quiet Hours); undefined when no item has it. A recipient this run
 * already sent (Retry On Fail) is not counted again: the retry does not send it, its result is the earlier one.
 */
export async function applyLoopGuard<P extends PlannedSend & { loopGuard?: LoopGuard }>(
	ctx: IExecuteFunctions,
	endpoint: string,
	plans: ReadonlyArray<P | NodeOperationError>,
	planned: readonly P[],
	timeoutMs: number,
): Promise<LoopRun<P> | undefined> {
	const memory = runMemory(ctx);
	const guarded = planned.filter(
		(plan) => plan.loopGuard !== undefined && !memory.has(sendKey(endpoint, plan.index, plan.recipients[0])),
	);
	if (guarded.length === 0) return undefined;
	const release = await holdKeys(guarded.map((plan) => plan.recipients[0]));
	// The window ends when the numbers are held: a run that waited for another counts up to now.
	const now = new Date();
	const refused = new Map<number, ItemError>();
	const skipped = new Map<number, LoopSkipped<P>>();
	// A run refused here sends nothing: its numbers are let go at once.
	let decided = false;
	try {
		/** Per number: what the conversation counts, then this run's sends to it so far. */
		const counts = new Map<string, number>();
		for (const plan of guarded) {
			const to = plan.recipients[0];
			const guard = plan.loopGuard!;
			let count: number;
			try {
				count = counts.get(to) ?? (await sentRecently(ctx, to, { guard, now, timeoutMs }, plan.index));
			} catch (error) {
				// The gateway's error (a NodeApiError) is the item's as much as a refusal is.
				const nodeError = asNodeError(ctx, error, plan.index);
				if (!ctx.continueOnFail()) throw nodeError;
				refused.set(plan.index, nodeError);
				continue;
			}
			counts.set(to, count);
			if (count < guard.maxMessages) counts.set(to, count + 1);
			else if (guard.mode === 'skip') skipped.set(plan.index, { kind: 'loopGuard', to, plan, sentRecently: count });
			else {
				const error = operationError(ctx.getNode(), `Loop Guard: ${atLimitText(count, to, guard)}`, {
					itemIndex: plan.index,
					description:
						'Mode is Error, so nothing of this item was sent. A reply loop (an auto-responder answering every SMS) or a busy conversation. Send again once the window has passed, raise Max Messages or shorten Minutes if this many is expected, or choose Mode Skip to pass the item on as skipped.',
				});
				if (!ctx.continueOnFail()) throw error;
				refused.set(plan.index, error);
			}
		}
		decided = true;
	} finally {
		if (!decided) release();
	}
	const left = (plan: P) => refused.has(plan.index) || skipped.has(plan.index);
	return {
		plans: plans.map((plan) => (plan instanceof NodeOperationError ? plan : (refused.get(plan.index) ?? plan))),
		planned: planned.filter((plan) => !left(plan)),
		skipped: (index) => (skipped.has(index) ? [skipped.get(index)!] : []),
		release: () => {
			// The run's memory holds every send the gateway accepted, also when a later one stopped the run.
			for (const plan of guarded) {
				const sent = memory.get(sendKey(endpoint, plan.index, plan.recipients[0]));
				// A Test Mode send is not listed in the conversation, so not counted.
				if (sent?.kind === 'accepted' && plan.body.test !== true)
					noteSend(sent.to, sent.messageid, ctx.getExecutionId());
			}
			release();
		},
	};
}
