/**
 * The Inbox Trigger's "what is new since the mark" (docs/inbox-trigger.md): which received messages a
 * poll emits and the mark it leaves (the pages it reads: walk.ts). The mark is the largest message
 * `ID` emitted so far (a numeric text, compared as a number); a poll emits what is above it, oldest first.
 */
import { createHash } from 'crypto';

import { isObject } from '../core/objects';

/** At most this many messages are emitted per poll; the rest come on the next poll. */
export const MAX_EMITTED_PER_POLL = 1000;

/** A message `ID` (a numeric text or a number) as canonical digits; anything else is no ID. */
export function idOf(record: unknown): string | undefined {
	const id = isObject(record) ? record.ID : undefined;
	const text =
		typeof id === 'number' && Number.isSafeInteger(id) && id >= 0
			? String(id)
			: typeof id === 'string'
				? id.trim()
				: '';
	return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : undefined;
}

/** Compares two canonical digit texts as numbers ("9" < "10"), whatever their size. */
export function compareIds(a: string, b: string): number {
	return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

export type InboxOrder = 'oldestFirst' | 'newestFirst';

/** What a poll's walk found: the mark it started from and the messages above it (all it read, without a mark), by ID. */
export interface Found {
	mark?: string;
	found: Map<string, Record<string, unknown>>;
}

/** What a poll emits and the mark it leaves. */
export interface PollOutcome {
	/** The messages to emit, oldest first (by ID), each as the gateway sent it. */
	emit: Record<string, unknown>[];
	/** The mark after this poll. */
	mark?: string;
	/** New messages left for the next poll because of the cap. */
	leftForNextPoll: number;
}

const byId = (walk: Found) => [...walk.found.entries()].sort(([a], [b]) => compareIds(a, b));

/** The first poll of an active trigger: nothing is emitted; the mark is the newest ID ("0" for an empty inbox). */
export function activationOutcome(walk: Found): PollOutcome {
	const sorted = byId(walk);
	return { emit: [], mark: sorted.length > 0 ? sorted[sorted.length - 1][0] : '0', leftForNextPoll: 0 };
}

/** A manual run in the editor: the newest message alone; the mark is left as it was. */
export function manualOutcome(walk: Found): PollOutcome {
	const sorted = byId(walk);
	return { emit: sorted.length > 0 ? [sorted[sorted.length - 1][1]] : [], mark: walk.mark, leftForNextPoll: 0 };
}

/** A later poll: the new messages oldest first, at most `cap`; the mark moves to the last one emitted. */
export function pollOutcome(walk: Found, cap = MAX_EMITTED_PER_POLL): PollOutcome {
	const sorted = byId(walk);
	const emitted = sorted.slice(0, cap);
	const mark = emitted.length > 0 ? emitted[emitted.length - 1][0] : walk.mark;
	return { emit: emitted.map(([, record]) => record), mark, leftForNextPoll: sorted.length - emitted.length };
}

/**
 * A poll's outcome against the mark kept when it is about to emit (another poll of the same trigger may have
 * moved it meanwhile): nothing at or below that mark is emitted, and the mark never moves backwards.
 */
export function settledOutcome(outcome: PollOutcome, keptNow: string | undefined): PollOutcome {
	if (keptNow === undefined) return outcome;
	const emit = outcome.emit.filter((record) => compareIds(idOf(record) ?? '0', keptNow) > 0);
	const mark = outcome.mark === undefined || compareIds(outcome.mark, keptNow) < 0 ? keptNow : outcome.mark;
	return { ...outcome, emit, mark };
}

/** What the trigger keeps in n8n's workflow static data between polls (and restarts). */
export interface InboxTriggerState {
	/** The largest message ID emitted so far, as digits; "0" for an inbox that was empty at activation. */
	lastId?: unknown;
	/** Which account the mark belongs to: a hash of the credential's Base URL and Client ID, never the ID itself. */
	account?: unknown;
}

/** A Base URL as the address it names: the scheme and host in any case, a default port and trailing slashes are spelling. */
function addressOf(baseUrl: unknown): string {
	const text = String(baseUrl ?? '').trim();
	try {
		return new URL(text).href.replace(/\/+$/, '');
	} catch {
		return text.replace(/\/+$/, '');
	}
}

/** The account a credential reads: the same gateway address and Client ID give the same text, however the address is spelled. */
export function accountKeyOf(baseUrl: unknown, apiKey: unknown): string {
	return createHash('sha256')
		.update(`${addressOf(baseUrl)}\n${String(apiKey ?? '').trim()}`)
		.digest('hex')
		.slice(0, 16);
}

/**
 * The mark this poll starts from, or undefined to start afresh (emit nothing, mark the newest) with the
 * reason: a mark kept for another account (the credential changed), or one this node cannot read.
 * A mark saved before marks named their account is taken as this account's.
 */
export function markOf(state: InboxTriggerState, account: string): { mark?: string; afresh?: string } {
	if (state.lastId === undefined) return {};
	// Only a text of digits, as the trigger writes it: a number or anything else was written by someone else.
	const mark = typeof state.lastId === 'string' ? idOf({ ID: state.lastId }) : undefined;
	if (mark === undefined)
		return {
			afresh: `the saved last message ID (${JSON.stringify(state.lastId)?.slice(0, 40)}) is not one this trigger writes`,
		};
	if (state.account !== undefined && state.account !== account)
		return { afresh: 'the credential now reads another gateway account than the one the last message ID came from' };
	return { mark };
}
