/**
 * Loop Guard's memory of this process's own sends (docs/sms-assistants.md#loop-guard): a gateway may list a sent SMS
 * in the conversation a moment after it accepted it, so a send to a number counts from the moment it is accepted.
 * Per number, the sends of guarded items this process made and the conversation did not list when last read
 * (core/sending/loop-guard.ts tells which), kept until it lists them, at most an hour. Sends to one number are
 * held one after the other (concurrency.ts), so the count read after a send includes it.
 *
 * Get Unanswered with Loop Guard, finding a number below the limit, holds one of its messages for the answer its
 * execution is about to write (reserveAnswer): another execution's Get Unanswered or send to the number counts it,
 * so two assistants' runs started by SMS at the same moment do not both call their model for the last message the
 * limit allows. The execution's own send to the number takes its place (noteSend); unused, it lapses after RESERVED_MS.
 */
import { unlistedSends, type OwnSend } from '../../../core/sending/loop-guard';

/** A send the conversation still does not list an hour after it was accepted is no longer counted from here. */
const KEPT_MS = 60 * 60 * 1000;

/** How long an answer reserved by Get Unanswered is counted without a send: the model's answer takes seconds. */
const RESERVED_MS = 2 * 60 * 1000;

const sends = new Map<string, OwnSend[]>();

/** Per number: the executions that reserved an answer to it, and when. */
const reserved = new Map<string, Map<string, number>>();

/** The live reservations to `to` (the lapsed ones are forgotten). */
function reservationsTo(to: string, now: number): Map<string, number> | undefined {
	const kept = reserved.get(to);
	if (kept === undefined) return undefined;
	for (const [execution, at] of kept) if (at <= now - RESERVED_MS) kept.delete(execution);
	if (kept.size > 0) return kept;
	reserved.delete(to);
	return undefined;
}

/** Notes that execution `execution` is writing an answer to `to` (its Get Unanswered found the number below the limit). */
export function reserveAnswer(to: string, execution: string, now = Date.now()): void {
	// The lapsed reservations of every number go, as forgetOld lets old sends go: a number never read again keeps none.
	for (const number of [...reserved.keys()]) reservationsTo(number, now);
	const kept = reservationsTo(to, now) ?? new Map<string, number>();
	kept.set(execution, now);
	reserved.set(to, kept);
}

/** The answers to `to` other executions of this process reserved and did not send yet. */
export function answersReservedByOthers(to: string, execution: string, now = Date.now()): number {
	const kept = reservationsTo(to, now);
	return kept === undefined ? 0 : kept.size - (kept.has(execution) ? 1 : 0);
}

/** Forgets the sends older than KEPT_MS, of every number. */
function forgetOld(now: number): void {
	for (const [to, kept] of sends) {
		const recent = kept.filter((send) => send.at > now - KEPT_MS);
		if (recent.length === 0) sends.delete(to);
		else if (recent.length < kept.length) sends.set(to, recent);
	}
}

/**
 * Notes that `to` was sent the message `id` just now (once per ID: a retry's results repeat the first try's), by
 * execution `execution`: its reserved answer to `to`, if any, is this send.
 */
export function noteSend(to: string, id: string, execution: string, now = Date.now()): void {
	forgetOld(now);
	const reservations = reserved.get(to);
	reservations?.delete(execution);
	if (reservations?.size === 0) reserved.delete(to);
	const kept = sends.get(to) ?? [];
	if (!kept.some((send) => send.id === id)) sends.set(to, [...kept, { id, at: now }]);
}

/** The sends to `to` the conversation `records` (just read) does not list yet; those it lists are forgotten. */
export function unlistedSendsTo(to: string, records: readonly unknown[]): OwnSend[] {
	const unlisted = unlistedSends(records, sends.get(to) ?? []);
	if (unlisted.length === 0) sends.delete(to);
	else sends.set(to, unlisted);
	return unlisted;
}
