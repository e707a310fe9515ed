/**
 * The gateway's paged lists (inbox, conversation, history, contacts, groups; docs/inbox-and-history.md#paging):
 * `page` counts from 1, `limit` is at most 2000, and an answer is the envelope
 * `{ total, shown, page, limit, <list>: [...] }` or, for some lists, a bare array of records.
 */
import { isObject } from '../objects';

/** The largest `limit` the gateway takes on any list ("can't be bigger than 2000"). */
export const MAX_PAGE_SIZE = 2000;

/** How many records a read wants: a number (Limit), or every record (Return All). */
export type Wanted = number | 'all';

/**
 * The `limit` every page of a read asks for. Pages are numbered at a fixed size, so the size never
 * changes within a read: Limit ≤ 2000 is one request; more (or Return All) walks pages of 2000,
 * which is ⌈wanted ÷ 2000⌉ requests, the fewest the gateway allows.
 */
export function pageSizeFor(wanted: Wanted): number {
	return wanted === 'all' ? MAX_PAGE_SIZE : Math.min(wanted, MAX_PAGE_SIZE);
}

/** One page as read: its records (each as the gateway sent it) and the envelope's `total`, when given. */
export interface Page {
	records: unknown[];
	total?: number;
}

/** A count the gateway sends as a number or as a numeric text ("Numbers are strings" on some lists). */
function countOf(value: unknown): number | undefined {
	const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : undefined;
}

/**
 * Reads one answer of a list call: a bare array, or an object with the list under `listKey`. An
 * envelope without the list counts as an empty page only when it says so (`total` or `shown` 0);
 * anything else is a problem (text), never silently nothing.
 */
export function readPage(body: unknown, listKey: string): Page | string {
	if (Array.isArray(body)) return { records: body };
	if (!isObject(body)) return `the answer is not a list or an object with "${listKey}"`;
	const total = countOf(body.total);
	const list = body[listKey];
	if (Array.isArray(list)) return { records: list, total };
	if ((list === undefined || list === null) && (total === 0 || countOf(body.shown) === 0))
		return { records: [], total };
	return `the answer has no "${listKey}" list`;
}

/** One request of a list: the gateway's `page` (from 1) and `limit`; its first record is the list's record number (page − 1) × limit. */
export interface Read {
	page: number;
	limit: number;
}

export const startOf = (read: Read): number => (read.page - 1) * read.limit;

/**
 * Whether a read's answer ends the list. A full answer never does, whatever its `total` says (a total of 0
 * or of the page's own count on a full page is a gateway's mistake, not the end). A short one does when
 * the gateway has answered as many as this read asked before (`largest`: then it does not cap its pages
 * below this limit), or when its `total` is exactly the records up to it. Otherwise (a gateway that may
 * answer at most, say, 1,000 records whatever `limit` asks) the end is to be confirmed by reading on.
 */
export function endsList(read: Read, page: Page, largest: number): boolean {
	if (page.records.length >= read.limit) return false;
	return read.limit <= largest || page.total === startOf(read) + page.records.length;
}

/** How many records a read after another asks again, to show that the list did not move between the two. */
export const MIN_OVERLAP = 50;
export const MAX_OVERLAP = 200;

/**
 * The read that goes on from record `end` (the first not read yet) with at most `maxLimit` records. It
 * starts a few records before `end`, so its first record must be one read already: if it is not, records
 * were deleted between the two reads and some moved past the reader unseen. It asks for more than the
 * overlap, so a short answer is the list's end. Pages are numbered at their own `limit`, so the overlap
 * comes from a limit whose page boundary falls just before `end`.
 */
export function readAfter(end: number, maxLimit: number): Read {
	const wanted = Math.min(MIN_OVERLAP, Math.floor(maxLimit / 10), Math.floor((end - 1) / 2));
	let best: { read: Read; progress: number } | undefined;
	for (let limit = maxLimit; limit >= 2; limit--) {
		const start = Math.floor((end - 1) / limit) * limit;
		const overlap = end - start;
		if (overlap >= limit || overlap > MAX_OVERLAP || overlap < Math.max(1, wanted)) continue;
		if (best === undefined || limit - overlap > best.progress)
			best = { read: { page: start / limit + 1, limit }, progress: limit - overlap };
	}
	// A list of one or two records read so far: the next record alone, without overlap.
	return best?.read ?? { page: end + 1, limit: 1 };
}

/**
 * What tells one record of a list from another: its `ID` (a conversation's sent message: its `messageId`) when it
 * has one, else the whole record. Two records alike without an ID may still be two messages (isNamed tells).
 */
export function recordKey(record: unknown): string {
	const id = isObject(record) ? (record.ID ?? record.messageId) : undefined;
	return typeof id === 'string' || typeof id === 'number'
		? `ID ${String(id).trim()}`
		: `record ${JSON.stringify(record) ?? String(record)}`;
}

/** Whether a recordKey is the record's ID (the same ID is the same record), not its whole content. */
export const isNamed = (key: string): boolean => key.startsWith('ID ');

/**
 * A Limit the node can ask for: a whole number of at least 1, also written as text ("10", as an
 * expression may give it); a problem text otherwise.
 */
export function readLimit(value: unknown): { ok: true; limit: number } | { ok: false; error: string } {
	const limit = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
	if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1)
		return { ok: false, error: `must be a whole number of at least 1 (got ${JSON.stringify(value) ?? String(value)})` };
	return { ok: true, limit };
}
