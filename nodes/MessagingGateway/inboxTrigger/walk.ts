/**
 * The Inbox Trigger's walk over the inbox (docs/inbox-trigger.md#bounds), built on the one list walk
 * (core/lists/walk.ts: its guards, its budget, how it goes on). Whatever order the gateway lists the
 * inbox in, the walk reads from the newest end towards the mark: newest first, on from page 1; oldest
 * first, to the end page 1's `total` points at, then back towards the mark.
 */
import type { Page, Read } from '../core/lists/pages';
import {
	budgetLeft,
	isRead,
	nextRead as readOn,
	startList,
	takePage,
	type ListWalk,
	type ReadKind,
	type WalkFailure,
} from '../core/lists/walk';
import { compareIds, idOf, type Found, type InboxOrder } from './mark';
import { explained } from '../core/error-text';

/** A poll reads every message among the newest this many (10 pages of 2,000), from the newest end. */
export const MAX_RECORDS_PER_POLL = 20_000;

export interface InboxWalk extends Found {
	/** The pages read so far, as the one list walk keeps them (its reads, their end, every record read). */
	list: ListWalk;
	pageSize: number;
	maxRecords: number;
	order?: InboxOrder;
	/** What comes next: reading on towards the list's end, the read near its end that `total` points at, back towards the mark, or nothing. */
	phase: 'first' | 'forward' | 'jump' | 'backward' | 'done';
	/** Oldest first after the jump: the first record number of the reads near the end, and their page size. */
	tailStart?: number;
	grid: number;
	/** Whether a read since page 1 (after the jump) holds a message at or below the mark. */
	reachedMark: boolean;
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

export function startWalk(
	mark: string | undefined,
	pageSize: number,
	maxRecords = MAX_RECORDS_PER_POLL,
	keep: (record: unknown) => boolean = () => true,
): InboxWalk {
	const list = startList({ pageSize, overlapEveryRead: true, boundByTotal: false, maxRecords });
	return {
		list,
		mark,
		pageSize,
		maxRecords,
		phase: 'first',
		grid: pageSize,
		reachedMark: false,
		found: new Map(),
		keep,
		outsized: new Set(),
		withoutId: new Set(),
		truncated: false,
	};
}

export const firstRead = (walk: InboxWalk): Read => ({ page: 1, limit: walk.pageSize });

/** The order a page lists its messages in, from its first and last IDs; undefined when one ID or none. */
function orderOfPage(ids: string[]): InboxOrder | undefined {
	if (ids.length < 2) return undefined;
	const step = compareIds(ids[0], ids[ids.length - 1]);
	return step < 0 ? 'oldestFirst' : step > 0 ? 'newestFirst' : undefined;
}

/**
 * The IDs of a page that are far beyond the others: 3 digits or more longer than its median ID (a thousand
 * times larger). Such an ID as the mark would hide every message the gateway numbers after it.
 */
export function outsizedIds(ids: string[]): Set<string> {
	const lengths = ids.map((id) => id.length).sort((a, b) => a - b);
	const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
	return new Set(lengths.length < 2 ? [] : ids.filter((id) => id.length >= median + 3));
}

/** Notes a page's messages: their IDs in list order, whether one is at or below the mark; the new ones above it are found. */
function note(walk: InboxWalk, page: Page): { ids: string[]; reachesMark: boolean } {
	const outsized = outsizedIds(page.records.map(idOf).filter((id) => id !== undefined));
	const ids: string[] = [];
	let reachesMark = false;
	for (const record of page.records) {
		const id = idOf(record);
		if (id === undefined) {
			walk.withoutId.add(JSON.stringify(record) ?? String(record));
			continue;
		}
		ids.push(id);
		if (outsized.has(id)) walk.outsized.add(id);
		else if (walk.mark !== undefined && compareIds(id, walk.mark) <= 0) reachesMark = true;
		else if (walk.keep(record)) walk.found.set(id, record as Record<string, unknown>);
	}
	return { ids, reachesMark };
}

const changed = (read: Read, what: string, detail = '') =>
	explained(
		`page ${read.page} (of ${read.limit}) ${what}`,
		`${detail}Messages were deleted between two reads (some may have moved past unseen), or the gateway ignores page. The next poll reads the inbox again.`,
	);

/** A list walk's failure in the trigger's words. */
function inWords(failure: WalkFailure, walk: InboxWalk): string {
	switch (failure.kind) {
		case 'empty':
			return changed(failure.read, 'came back empty', 'It should repeat the last message read. ');
		case 'notOnward':
			return changed(
				failure.read,
				'does not repeat the last message read',
				`It should hold again the last message read before it (${failure.lastKey}). `,
			);
		case 'repeats':
			return explained(
				`page ${failure.read.page} (of ${failure.read.limit}) repeats messages read already`,
				'The gateway may not page this list.',
			);
		case 'noEnd': {
			const from = walk.tailStart === undefined ? 'its oldest' : 'where its total put the newest';
			return explained(
				`${walk.maxRecords} messages read did not reach the newest`,
				`The gateway lists this inbox oldest first, and ${walk.maxRecords} messages read from ${from} did not reach its newest message.`,
			);
		}
	}
}

const fail = (walk: InboxWalk, failure: WalkFailure): undefined => {
	walk.failure = inWords(failure, walk);
	walk.phase = 'done';
	return undefined;
};

/** Takes a read's page into the list walk, then notes its messages; undefined when the walk failed. */
function take(
	walk: InboxWalk,
	read: Read,
	page: Page,
	kind: ReadKind,
): { ended: boolean; ids: string[]; reachesMark: boolean } | undefined {
	const taken = takePage(walk.list, read, page, kind);
	if (!taken.ok) return fail(walk, taken.failure);
	return { ended: taken.ended, ...note(walk, page) };
}

/**
 * Takes a read's answer and says what to read next (undefined: the walk is done, or failed). `read` is what
 * this function returned before (`firstRead` at the start).
 */
export function nextRead(walk: InboxWalk, read: Read, page: Page): Read | undefined {
	if (walk.phase === 'first') return afterFirst(walk, read, page);
	if (walk.phase === 'jump') return afterJump(walk, read, page);
	if (walk.phase === 'backward') return afterBackward(walk, read, page);
	const taken = take(walk, read, page, 'onward');
	return taken && forwardFrom(walk, read, taken.ended, taken.reachesMark);
}

function afterFirst(walk: InboxWalk, read: Read, page: Page): Read | undefined {
	const taken = take(walk, read, page, 'onward');
	if (taken === undefined) return undefined;
	walk.order = orderOfPage(taken.ids) ?? 'oldestFirst';
	walk.phase = 'forward';
	// A short page 1 whose total matches may still be one the gateway cut: newest first, short of the mark, read on to confirm.
	const ended = taken.ended && (walk.order === 'oldestFirst' || walk.mark === undefined);
	// Oldest first, the newest messages are at the end: go straight there when the total says where it is.
	const { total, end, largest } = walk.list;
	if (walk.order === 'oldestFirst' && !ended && total !== undefined && total > end) {
		walk.grid = Math.min(walk.pageSize, largest);
		const last = Math.ceil(total / walk.grid);
		walk.tailStart = (last - 1) * walk.grid;
		walk.phase = 'jump';
		return { page: last, limit: walk.grid };
	}
	return forwardFrom(walk, read, ended, taken.reachesMark);
}

/** The read that `total` pointed at: an empty one (a total too large) is forgotten, and the walk reads on from page 1. */
function afterJump(walk: InboxWalk, read: Read, page: Page): Read | undefined {
	walk.phase = 'forward';
	const taken = take(walk, read, page, 'jump');
	if (taken === undefined) return undefined;
	if (page.records.length > 0) return forwardFrom(walk, read, taken.ended, taken.reachesMark);
	walk.tailStart = undefined;
	const next = readOn(walk.list, read);
	return isRead(next) ? next : fail(walk, next);
}

/** After a read towards the end: done, on, back towards the mark (oldest first, after the jump), or out of budget. */
function forwardFrom(walk: InboxWalk, read: Read, ended: boolean, reachesMark: boolean): Read | undefined {
	if (walk.order === 'newestFirst') {
		if (reachesMark || walk.mark === undefined || ended) return done(walk);
		const next = readOn(walk.list, read);
		if (isRead(next)) return next;
		walk.truncated = true;
		return done(walk);
	}
	if (walk.tailStart !== undefined) walk.reachedMark ||= reachesMark;
	if (!ended) {
		const next = readOn(walk.list, read);
		return isRead(next) ? next : fail(walk, next);
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
	const taken = take(walk, read, page, 'back');
	if (taken === undefined) return undefined;
	if (taken.reachesMark || read.page <= 1) return done(walk);
	return backFrom(walk, read.page - 1);
}

/** The page before the ones read, unless the records from its end to the list's end are the walk's budget. */
function backFrom(walk: InboxWalk, pageNumber: number): Read | undefined {
	if (budgetLeft(walk.list, pageNumber * walk.grid) !== undefined) {
		walk.truncated = true;
		return done(walk);
	}
	return { page: pageNumber, limit: walk.grid };
}

function done(walk: InboxWalk): undefined {
	walk.phase = 'done';
	return undefined;
}
