/**
 * The page walk over a gateway list (docs/inbox-and-history.md#paging): which read comes next, whether an
 * answer can be trusted, and when the list ended. Get Many and the Inbox Trigger both walk with it; the
 * caller makes each read and hands its page here (no I/O). Every read that goes on from another either
 * follows a full page at the same size or starts a few records before the end of what was read, so a
 * record cannot move past the walk unseen; the end is a short page, never a `total` alone (pages.ts).
 */
import { endsList, isNamed, readAfter, recordKey, startOf, type Page, type Read } from './pages';

/** How a walk reads: its page size, how it goes on, and its budget. */
export interface WalkRules {
	/** The `limit` of page 1; no later read asks for more. */
	pageSize: number;
	/** Every read after page 1 starts among the records read (the Inbox Trigger); else full pages follow each other (Get Many). */
	overlapEveryRead: boolean;
	/** The walk fails once it reads 2 pages past what page 1's `total` counted (Get Many: a list that goes on and on). */
	boundByTotal: boolean;
	/** The most pages a walk reads. */
	maxPages?: number;
	/** The most records a walk reads on from where it started (page 1, or the read it jumped to). */
	maxRecords?: number;
}

/** A walk as it goes: what it read so far. */
export interface ListWalk {
	rules: WalkRules;
	reads: number;
	/** The most records one answer held: a later read asks for no more, in case the gateway cuts pages. */
	largest: number;
	/** The list's record number after the last one read. */
	end: number;
	/** Where the walk started reading on: 0, or the first record of the read it jumped to. */
	from: number;
	/** Page 1's `total`, when it gave one. */
	total?: number;
	/** Every record read, by recordKey. */
	keys: Set<string>;
	/** The last record read: a read that goes on from it must hold it again. */
	lastKey?: string;
}

/** Why a walk cannot be trusted, for each node to say in its own words. */
export type WalkFailure =
	| { kind: 'empty'; read: Read }
	| { kind: 'notOnward'; read: Read; lastKey: string }
	| { kind: 'repeats'; read: Read }
	| { kind: 'noEnd'; pages: number; records: number; pastTotal: boolean };

/** What one page gave: the records not read before, in list order, and whether the list ended there; or why it cannot be trusted. */
export type Taken = { ok: true; fresh: unknown[]; ended: boolean } | { ok: false; failure: WalkFailure };

/**
 * How a read relates to those before it: `onward` goes on from them (page 1, and each read after it),
 * `jump` goes to where page 1's `total` puts the list's end, `back` reads again a page before the end.
 */
export type ReadKind = 'onward' | 'jump' | 'back';

/** How many pages past page 1's `total` a walk bound by it reads (records arriving during the read) before it fails. */
export const EXTRA_PAGES = 2;

export function startList(rules: WalkRules): ListWalk {
	return { rules, reads: 0, largest: 0, end: 0, from: 0, keys: new Set() };
}

export const firstPage = (walk: ListWalk): Read => ({ page: 1, limit: walk.rules.pageSize });

/** A read that goes on from the records read must hold the last of them again, and begin with one of them. */
function goesOn(walk: ListWalk, read: Read, page: Page): WalkFailure | undefined {
	if (startOf(read) >= walk.end || walk.lastKey === undefined) return undefined;
	if (page.records.length === 0) return { kind: 'empty', read };
	const keys = page.records.map(recordKey);
	if (!walk.keys.has(keys[0]) || !keys.includes(walk.lastKey))
		return { kind: 'notOnward', read, lastKey: walk.lastKey };
	return undefined;
}

/**
 * An empty page ends the list, unless it follows the pages read where a `total` (page 1's, or its own)
 * counted more records: records deleted meanwhile may have moved past the walk, and a read that overlaps tells.
 */
function emptyEnds(walk: ListWalk, read: Read, page: Page): boolean {
	const promised = Math.max(walk.total ?? 0, page.total ?? 0);
	return walk.end === 0 || startOf(read) !== walk.end || promised <= walk.end;
}

/** Takes one read's page: checks it against what was read, notes its records, says whether the list ended there. */
export function takePage(walk: ListWalk, read: Read, page: Page, kind: ReadKind = 'onward'): Taken {
	walk.reads++;
	const failure = kind === 'onward' ? goesOn(walk, read, page) : undefined;
	if (failure !== undefined) return { ok: false, failure };
	const keys = page.records.map(recordKey);
	const before = new Set(walk.keys);
	// A record with an ID is new when its ID is; one without, when a read going on reaches its place in the list
	// (records alike, listed separately, are separate messages), else when no earlier page held one like it.
	const fresh = page.records.filter((_, index) => {
		const key = keys[index];
		const isNew = isNamed(key)
			? !walk.keys.has(key)
			: kind === 'onward'
				? startOf(read) + index >= walk.end
				: !before.has(key);
		walk.keys.add(key);
		return isNew;
	});
	if (kind !== 'back' && page.records.length >= read.limit && keys.every((key) => before.has(key)))
		return { ok: false, failure: { kind: 'repeats', read } };
	if (walk.reads === 1) walk.total = page.total;
	const ended = page.records.length === 0 ? emptyEnds(walk, read, page) : endsList(read, page, walk.largest);
	walk.largest = Math.max(walk.largest, page.records.length);
	if (kind === 'back' || page.records.length === 0) return { ok: true, fresh, ended };
	if (kind === 'jump') walk.from = startOf(read);
	walk.end = Math.max(walk.end, startOf(read) + page.records.length);
	walk.lastKey = keys[keys.length - 1];
	return { ok: true, fresh, ended };
}

/**
 * Whether the walk may read on: it fails once its pages, or the records read since `from`, reach its
 * budget, or (bound by the total) it read 2 pages past page 1's `total`.
 */
export function budgetLeft(walk: ListWalk, from = walk.from): WalkFailure | undefined {
	const { maxPages, maxRecords, boundByTotal, pageSize } = walk.rules;
	const pastTotal = boundByTotal && walk.total !== undefined && walk.end >= walk.total + EXTRA_PAGES * pageSize;
	const spent =
		(maxPages !== undefined && walk.reads >= maxPages) || (maxRecords !== undefined && walk.end - from >= maxRecords);
	return pastTotal || spent ? { kind: 'noEnd', pages: walk.reads, records: walk.end - from, pastTotal } : undefined;
}

/**
 * The read after `read` (the last one taken), or why there is none (the budget). The next page while the
 * gateway answers full pages of the size asked (unless every read overlaps); else one that overlaps what was read.
 */
export function nextRead(walk: ListWalk, read: Read): Read | WalkFailure {
	const failure = budgetLeft(walk);
	if (failure !== undefined) return failure;
	const { pageSize, overlapEveryRead } = walk.rules;
	const follows = read.limit === pageSize && walk.largest >= pageSize && startOf(read) + pageSize === walk.end;
	return !overlapEveryRead && follows
		? { page: read.page + 1, limit: pageSize }
		: readAfter(walk.end, Math.min(pageSize, walk.largest));
}

/** Whether nextRead gave a read (else the walk's budget is spent). */
export const isRead = (next: Read | WalkFailure): next is Read => !('kind' in next);
