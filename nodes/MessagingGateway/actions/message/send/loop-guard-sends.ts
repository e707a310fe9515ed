/**
 * Loop Guard's memory of this process's own sends (docs/sms-assistants.md#loop-guard): a gateway may list a sent SMS
 * in the conversation a moment after it accepted it, so a send to a number counts from the moment it is accepted.
 * Per number, the sends of guarded items this process made and the conversation did not list when last read
 * (core/sending/loop-guard.ts tells which), kept until it lists them, at most an hour. Sends to one number are
 * held one after the other (concurrency.ts), so the count read after a send includes it.
 */
import { unlistedSends, type OwnSend } from '../../../core/sending/loop-guard';

/** A send the conversation still does not list an hour after it was accepted is no longer counted from here. */
const KEPT_MS = 60 * 60 * 1000;

const sends = new Map<string, OwnSend[]>();

/** Forgets the sends older than KEPT_MS, of every number. */
function forgetOld(now: number): void {
	for (const [to, kept] of sends) {
		const recent = kept.filter((send) => send.at > now - KEPT_MS);
		if (recent.length === 0) sends.delete(to);
		else if (recent.length < kept.length) sends.set(to, recent);
	}
}

/** Notes that `to` was sent the message `id` just now (once per ID: a retry's results repeat the first try's). */
export function noteSend(to: string, id: string, now = Date.now()): void {
	forgetOld(now);
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
