/**
 * The Inbox Trigger's walk over the inbox (docs/inbox-trigger.md#bounds): which reads a poll makes and
 * whether what they answered can be trusted. Whatever order the gateway lists the inbox in, the walk
 * reads from the newest end towards the mark. It never takes a list as ended on a `total` alone, nor on
 * a short page the gateway may have cut (it reads on to confirm), and each read that goes on from
 * another begins with messages read already, so a message cannot move past it unseen (core/records/paging.ts).
 */
import { compareIds, idOf, type Found, type InboxOrder } from './inbox-poll';
import { endsList, readAfter, startOf, type Page, type Read } from './paging';

/** A poll reads every message among the newest this many (10 pages of 2,000), from the newest end. */
export const MAX_RECORDS_PER_POLL = 20_000;

export interface InboxWalk extends Found {
	pageSize: number;
	maxRecords: number;
	order?: InboxOrder;
	/** Page 1's `total`, when it gave one: where the newest messages are when the list is oldest first. */
	total?: number;
	/** The most records one answer held: a later read asks for no more, in case the gateway cuts pages. */
	largest: number;
	/** What comes next: reading on towards the list's end, the read near its end that `total` points at, back towards the mark, or nothing. */
	phase: 'first' | 'forward' | 'jump' | 'backward' | 'done';
	/** Forward: the list's record number after the last one read. */
	end: number;
	/** Oldest first after the jump: the first record number of the reads near the end, and their page size. */
	tailStart?: number;
	grid: number;
	/** Whether a read since page 1 (after the jump) holds a message at or below the mark. */
	reachedMark: boolean;
	/** Every ID read, to tell the new ones of a read. */
	seen: Set<string>;
	/** The last ID of the last read: the read that goes on from it must hold it again. */
	lastId?: string;
	reads: number;
	/** Which messages the filters keep (a gateway may ignore `type`): the others are read past, never emitted. */
	keep: (record: unknown) => boolean;
	/** IDs far beyond the others of their page (outsizedIds): left out, so the mark does not jump past every later message. */
	outsized: Set<string>;
	/** Listed records without a numeric ID (left out), as they were listed. */
	withoutId: Set<string>;
	/** True when the budget ended the walk before the mark (newest first): older new messages are not emitted. */
	truncated: boolean;
	/** Why this poll cannot be trusted: it must fail and move nothing. */
	failure?: string;
}

export function startWalk(mark: string | undefined, pageSize: number, maxRecords = MAX_RECORDS_PER_POLL, keep: (record: unknown) => boolean = () => true): InboxWalk {
	return { mark, pageSize, maxRecords, largest: 0, phase: 'first', end: 0, grid: pageSize, reachedMark: false, seen: new Set(), reads: 0, found: new Map(), keep, outsized: new Set(), withoutId: new Set(), truncated: false };
}

export const firstRead = (walk: InboxWalk): Read => ({ page: 1, limit: walk.pageSize });

/** The order a page lists its messages in, from its first and last IDs; undefined when one ID or none. */
function orderOfPage(ids: string[]): InboxOrder | undefined {
	if (ids.length < 2) return undefined;
	const step = compareIds(ids[0], ids[ids.length - 1]);
	return step < 0 ? 'oldestFirst' : step > 0 ? 'newestFirst' : undefined;
}

/** Notes a page's messages: their IDs in list order, how many were not read before, whether one is at or below the mark. */
/**
 * The IDs of a page that are far beyond the others: 3 digits or more longer than its median ID (a thousand
 * times larger). Such an ID as the mark would hide every message the gateway numbers after it.
 */
export function outsizedIds(ids: string[]): Set<string> {
	const lengths = ids.map((id) => id.length).sort((a, b) => a - b);
	const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
	return new Set(lengths.length < 2 ? [] : ids.filter((id) => id.length >= median + 3));
}

function note(walk: InboxWalk, page: Page): { ids: string[]; fresh: number; reachesMark: boolean } {
	const outsized = outsizedIds(page.records.map(idOf).filter((id) => id !== undefined));
	const ids: string[] = [];
	let fresh = 0;
	let reachesMark = false;
	for (const record of page.records) {
		const id = idOf(record);
		if (id === undefined) {
			walk.withoutId.add(JSON.stringify(record) ?? String(record));
			continue;
		}
		ids.push(id);
		if (!walk.seen.has(id)) fresh++;
		walk.seen.add(id);
		if (outsized.has(id)) walk.outsized.add(id);
		else if (walk.mark !== undefined && compareIds(id, walk.mark) <= 0) reachesMark = true;
		else if (walk.keep(record)) walk.found.set(id, record as Record<string, unknown>);
	}
	walk.largest = Math.max(walk.largest, page.records.length);
	if (ids.length > 0) walk.lastId = ids[ids.length - 1];
	return { ids, fresh, reachesMark };
}

const fail = (walk: InboxWalk, failure: string): undefined => {
	walk.failure = failure;
	walk.phase = 'done';
	return undefined;
};

const changed = (read: Read, what: string) =>
	`page ${read.page} (of ${read.limit}) ${what}: messages were deleted between two reads (some may have moved past unseen), or the gateway ignores page. The next poll reads the inbox again`;

const onward = (walk: InboxWalk): Read => readAfter(walk.end, Math.min(walk.pageSize, walk.largest));

/**
 * Takes a read's answer and says what to read next (undefined: the walk is done, or failed). `read` is what
 * this function returned before (`firstRead` at the start).
 */
export function nextRead(walk: InboxWalk, read: Read, page: Page): Read | undefined {
	walk.reads++;
	const largestBefore = walk.largest;
	if (walk.phase === 'first') return afterFirst(walk, read, page);
	if (walk.phase === 'jump') return afterJump(walk, read, page, largestBefore);
	if (walk.phase === 'backward') return afterBackward(walk, read, page);
	// A read that goes on from another starts a few messages before where that one ended: it must hold its last message
	// again. If not, messages were deleted between the two reads (and others moved past unseen), or the gateway ignores `page`.
	if (startOf(read) < walk.end && walk.lastId !== undefined) {
		if (page.records.length === 0 && walk.order === 'newestFirst') return fail(walk, changed(read, 'came back empty where it should repeat the last message read'));
		if (page.records.length > 0 && !page.records.some((record) => idOf(record) === walk.lastId)) {
			return fail(walk, changed(read, `does not hold again the last message read before it (ID ${walk.lastId})`));
		}
	}
	const { reachesMark } = note(walk, page);
	walk.end = startOf(read) + page.records.length;
	return forwardFrom(walk, endsList(read, page, largestBefore) || page.records.length === 0, reachesMark);
}

function afterFirst(walk: InboxWalk, read: Read, page: Page): Read | undefined {
	const { ids, reachesMark } = note(walk, page);
	walk.order = orderOfPage(ids) ?? 'oldestFirst';
	walk.total = page.total;
	walk.end = page.records.length;
	walk.phase = 'forward';
	// A short page 1 whose total matches may still be one the gateway cut: newest first, short of the mark, read on to confirm.
	const ended = page.records.length === 0 || (endsList(read, page, 0) && (walk.order === 'oldestFirst' || walk.mark === undefined));
	// Oldest first, the newest messages are at the end: go straight there when the total says where it is.
	if (walk.order === 'oldestFirst' && !ended && page.total !== undefined && page.total > walk.end) {
		walk.grid = Math.min(walk.pageSize, walk.largest);
		const last = Math.ceil(page.total / walk.grid);
		walk.tailStart = (last - 1) * walk.grid;
		walk.phase = 'jump';
		return { page: last, limit: walk.grid };
	}
	return forwardFrom(walk, ended, reachesMark);
}

/** The read that `total` pointed at: an empty one (a total too large) is forgotten, and the walk reads on from page 1. */
function afterJump(walk: InboxWalk, read: Read, page: Page, largestBefore: number): Read | undefined {
	walk.phase = 'forward';
	if (page.records.length === 0) {
		walk.tailStart = undefined;
		return onward(walk);
	}
	const { fresh, reachesMark } = note(walk, page);
	if (page.records.length >= read.limit && fresh === 0) return fail(walk, `page ${read.page} (of ${read.limit}) repeats messages read already: the gateway may not page this list`);
	walk.end = startOf(read) + page.records.length;
	return forwardFrom(walk, endsList(read, page, largestBefore), reachesMark);
}

/** After a read towards the end: done, on, back towards the mark (oldest first, after the jump), or out of budget. */
function forwardFrom(walk: InboxWalk, ended: boolean, reachesMark: boolean): Read | undefined {
	if (walk.order === 'newestFirst') {
		if (reachesMark || walk.mark === undefined || ended) return done(walk);
		if (walk.end >= walk.maxRecords) {
			walk.truncated = true;
			return done(walk);
		}
		return onward(walk);
	}
	if (walk.tailStart !== undefined) walk.reachedMark ||= reachesMark;
	if (!ended) {
		if (walk.end - (walk.tailStart ?? 0) < walk.maxRecords) return onward(walk);
		const from = walk.tailStart === undefined ? 'its oldest' : 'where its total put the newest';
		return fail(walk, `the gateway lists this inbox oldest first, and ${walk.maxRecords} messages read from ${from} did not reach its newest message`);
	}
	if (walk.tailStart === undefined || walk.reachedMark || walk.mark === undefined) return done(walk);
	walk.phase = 'backward';
	return backFrom(walk, walk.tailStart / walk.grid);
}

/**
 * Oldest first, a page read after the page above it can only overlap it: a deletion moves later messages
 * towards page 1 and an arrival is added at the end. Page 1 itself is read again, as it was read before the others.
 */
function afterBackward(walk: InboxWalk, read: Read, page: Page): Read | undefined {
	const { reachesMark } = note(walk, page);
	if (reachesMark || read.page <= 1) return done(walk);
	return backFrom(walk, read.page - 1);
}

function backFrom(walk: InboxWalk, pageNumber: number): Read | undefined {
	if (pageNumber * walk.grid <= walk.end - walk.maxRecords) {
		walk.truncated = true;
		return done(walk);
	}
	return { page: pageNumber, limit: walk.grid };
}

function done(walk: InboxWalk): undefined {
	walk.phase = 'done';
	return undefined;
}
