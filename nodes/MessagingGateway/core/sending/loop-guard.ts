/**
 * Loop Guard (docs/sms-assistants.md#loop-guard): at most Max Messages to one number within Minutes. The rule
 * counts our outgoing messages in the conversation with the number (`GET /v1/conversation/{phone}`: each record's
 * `direction` and `unixDatetime`, whole seconds) that are no older than the window; at the limit the next send is
 * skipped or refused.
 */
import { placeRecord } from '../lists/unanswered';
import { shownValue } from '../values';

export const LOOP_GUARD_MODES = ['skip', 'error'] as const;
export type LoopGuardMode = (typeof LOOP_GUARD_MODES)[number];

export interface LoopGuard {
	maxMessages: number;
	withinMinutes: number;
	mode: LoopGuardMode;
}

export const LOOP_GUARD_DEFAULTS: LoopGuard = { maxMessages: 5, withinMinutes: 10, mode: 'skip' };

/** The largest values accepted: a thousand messages, thirty days. */
const MAX_MESSAGES = 1000;
const MAX_MINUTES = 30 * 24 * 60;

/** A whole number from 1 to `max` (a text of digits too: an expression's value), or undefined. */
function wholeNumber(value: unknown, max: number): number | undefined {
	const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
	return typeof number === 'number' && Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
}

/** The option's values (`maxMessages`, `withinMinutes`, `mode`; a missing one takes its default), or what is wrong. */
export function loopGuardOf(values: Record<string, unknown>): LoopGuard | { error: string } {
	const { maxMessages = LOOP_GUARD_DEFAULTS.maxMessages, withinMinutes = LOOP_GUARD_DEFAULTS.withinMinutes } = values;
	const mode = values.mode ?? LOOP_GUARD_DEFAULTS.mode;
	const max = wholeNumber(maxMessages, MAX_MESSAGES);
	if (max === undefined)
		return { error: `Max Messages must be a whole number from 1 to ${MAX_MESSAGES}; got ${shownValue(maxMessages)}` };
	const minutes = wholeNumber(withinMinutes, MAX_MINUTES);
	if (minutes === undefined)
		return { error: `Minutes must be a whole number from 1 to ${MAX_MINUTES}; got ${shownValue(withinMinutes)}` };
	if (!LOOP_GUARD_MODES.includes(mode as LoopGuardMode))
		return { error: `Mode must be ${LOOP_GUARD_MODES.join(' or ')}; got ${shownValue(mode)}` };
	return { maxMessages: max, withinMinutes: minutes, mode: mode as LoopGuardMode };
}

/** A message this process sent to a number: the gateway's message ID and when it was accepted (epoch milliseconds). */
export interface OwnSend {
	id: string;
	at: number;
}

/** How far before our own send an outgoing record without a `messageId` may be listed and still be taken for it. */
const UNNAMED_SKEW_SECONDS = 60;

/**
 * Our own sends (`ours`, oldest first) that the conversation `records` does not list yet: an outgoing record lists the
 * send its `messageId` names. An outgoing record without one (the gateway documents one) is taken for one of ours
 * sent at most a minute after its second, each record for one send, so that a send is never counted twice.
 */
export function unlistedSends<S extends OwnSend>(records: readonly unknown[], ours: readonly S[]): S[] {
	const named = new Set<string>();
	const unnamed: number[] = [];
	for (const record of records) {
		const placed = placeRecord(record);
		if (typeof placed === 'string' || placed.record.direction !== 'outbound') continue;
		const id = placed.record.messageId;
		if (typeof id === 'string' || typeof id === 'number') named.add(String(id).trim());
		else unnamed.push(placed.at);
	}
	unnamed.sort((a, b) => a - b);
	return ours.filter((send) => {
		if (named.has(send.id)) return false;
		const taken = unnamed.findIndex((at) => at >= Math.floor(send.at / 1000) - UNNAMED_SKEW_SECONDS);
		if (taken === -1) return true;
		unnamed.splice(taken, 1);
		return false;
	});
}

/**
 * How many outgoing records of `records` (a whole conversation), and of `unlisted` (our own sends it does not list
 * yet), were sent within the last `withinMinutes` before `now`: a record's second counts from the start of that
 * second, so a message is counted up to one second longer rather than too short. A record without a direction or a
 * time is refused, naming it (leaving it out could let one send too many).
 */
export function sentWithin(
	records: readonly unknown[],
	now: Date,
	withinMinutes: number,
	unlisted: readonly OwnSend[] = [],
): { ok: true; count: number } | { ok: false; error: string } {
	const since = Math.floor(now.getTime() / 1000) - withinMinutes * 60;
	let count = unlisted.filter((send) => Math.floor(send.at / 1000) >= since).length;
	for (const [index, record] of records.entries()) {
		const placed = placeRecord(record, now);
		if (typeof placed === 'string') return { ok: false, error: `record ${index} of the conversation ${placed}` };
		if (placed.record.direction === 'outbound' && placed.at >= since) count++;
	}
	return { ok: true, count };
}

/** What the limit says once reached: `5 messages to 316… in the last 10 minutes (Max Messages 5)`. */
export const atLimitText = (count: number, to: string, guard: LoopGuard): string =>
	`${count} messages to ${to} in the last ${guard.withinMinutes} minutes (Max Messages ${guard.maxMessages})`;
