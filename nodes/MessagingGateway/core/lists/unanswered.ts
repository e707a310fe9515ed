/**
 * The unanswered end of a conversation (`GET /v1/conversation/{phone}`, docs/sms-assistants.md#get-unanswered):
 * the incoming messages since the last outgoing one or the last one known as answered otherwise (a reply a Send and
 * Wait question took: core/questions/answered-replies.ts), oldest first, and whether an incoming message came after
 * a given second. It builds on what the gateway documents of the list: each record's `direction` (`inbound` |
 * `outbound`) and `unixDatetime` (whole seconds, UTC). The list's order is not documented, so the records are put
 * in time order here; within one second the list's own order counts, read oldest first (a list whose first record
 * is newer than its last is read backwards). Incoming records have no ID (`messageId: null`): a message is known
 * by its second only.
 */
import { isObject } from '../objects';

/** A conversation record as the gateway lists it (its other fields pass through). */
export type ConversationRecord = Record<string, unknown> & { direction: 'inbound' | 'outbound' };

/** A record placed in time: the record and its second. */
export interface Placed {
	record: ConversationRecord;
	at: number;
}

export interface Unanswered {
	/** The incoming records after the last outgoing one, oldest first. */
	messages: ConversationRecord[];
	/** Their texts (`message`), joined by a newline. */
	text: string;
	count: number;
	/** No incoming record is later than `receivedAt` (true without one). */
	isLatest: boolean;
}

export type UnansweredResult = ({ ok: true } & Unanswered) | { ok: false; error: string };

/** How far after n8n's clock a record may be dated: clocks drift a little, never hours. */
export const MAX_CLOCK_AHEAD_SECONDS = 5 * 60;

/**
 * A record's whole second (`unixDatetime`, a number or a text of digits); why it has none; or that it is no record.
 * A record dated more than 5 minutes after `now` (when given) has no second either: a clock is wrong (a local time written as
 * UTC makes every record hours ahead), and taken as it is, it would count as sent for hours (Loop Guard) or as the
 * latest message (Get Unanswered's isLatest).
 */
export function placeRecord(record: unknown, now?: Date): Placed | string {
	if (!isObject(record)) return 'is not an object';
	if (record.direction !== 'inbound' && record.direction !== 'outbound')
		return `has no direction "inbound" or "outbound" (${JSON.stringify(record.direction)})`;
	const time = record.unixDatetime;
	const at = typeof time === 'string' && /^\s*\d+\s*$/.test(time) ? Number(time) : time;
	if (typeof at !== 'number' || !Number.isFinite(at)) return `has no unixDatetime in seconds (${JSON.stringify(time)})`;
	const ahead = now === undefined ? 0 : Math.floor(at) - Math.floor(now.getTime() / 1000);
	if (ahead > MAX_CLOCK_AHEAD_SECONDS)
		return `is dated ${Math.ceil(ahead / 60)} minutes after n8n's clock (unixDatetime ${Math.floor(at)}, ${new Date(Math.floor(at) * 1000).toISOString()}): the gateway's clock or n8n's is wrong, e.g. a local time written as UTC. Set the clock right; until then, nothing can tell when this message was sent.`;
	return { record: record as ConversationRecord, at: Math.floor(at) };
}

/** The records in time order: the list's order kept within a second, read oldest first. */
function inTimeOrder(placed: Placed[]): Placed[] {
	if (placed.length > 1 && placed[0].at > placed[placed.length - 1].at) placed.reverse();
	// Array.prototype.sort is stable: records of the same second keep the order just set.
	return placed.sort((a, b) => a.at - b.at);
}

/**
 * The incoming messages after the last outgoing one of `records` (a whole conversation) or the last incoming one
 * `isAnswered` says was answered, and whether none came in after the second `receivedAt`
 * (epoch seconds; a fraction is cut: the list counts whole seconds). A record without a direction or a time, or
 * dated after `now` by more than a clock's drift, is refused, naming it: leaving it out could hide our last answer
 * and answer twice.
 */
export function unansweredOf(
	records: readonly unknown[],
	receivedAt?: number,
	now = new Date(),
	isAnswered: (record: ConversationRecord, at: number) => boolean = () => false,
): UnansweredResult {
	const placed: Placed[] = [];
	for (const [index, record] of records.entries()) {
		const found = placeRecord(record, now);
		if (typeof found === 'string') return { ok: false, error: `record ${index} of the conversation ${found}` };
		placed.push(found);
	}
	const ordered = inTimeOrder(placed);
	const answeredUpTo = ordered
		.map(({ record, at }) => record.direction === 'outbound' || isAnswered(record, at))
		.lastIndexOf(true);
	const messages = ordered.slice(answeredUpTo + 1).map(({ record }) => record);
	const second = receivedAt === undefined ? undefined : Math.floor(receivedAt);
	const isLatest =
		second === undefined || !ordered.some(({ record, at }) => record.direction === 'inbound' && at > second);
	return {
		ok: true,
		messages,
		text: messages.map((record) => (typeof record.message === 'string' ? record.message : '')).join('\n'),
		count: messages.length,
		isLatest,
	};
}
