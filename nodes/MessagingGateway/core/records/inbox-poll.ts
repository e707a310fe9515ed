/**
 * The Inbox Trigger's "what is new since the mark" (docs/inbox-trigger.md): which pages of the inbox to
 * read, in which order, and which received messages a poll emits. The mark is the largest message `ID`
 * emitted so far (a numeric text, compared as a number); whatever order the gateway lists the inbox in,
 * a poll walks from the newest end towards the mark and emits what is above it, oldest first.
 */
import { createHash } from 'crypto';

import { isObject } from '../objects';
import { isLastPage, type Page } from './paging';

/** At most this many messages are emitted per poll; the rest come on the next poll. */
export const MAX_EMITTED_PER_POLL = 1000;
/** At most this many pages are read per poll. */
export const MAX_PAGES_PER_POLL = 10;

/** A message `ID` (a numeric text or a number) as canonical digits; anything else is no ID. */
export function idOf(record: unknown): string | undefined {
	const id = isObject(record) ? record.ID : undefined;
	const text = typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? String(id) : typeof id === 'string' ? id.trim() : '';
	return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : undefined;
}

/** Compares two canonical digit texts as numbers ("9" < "10"), whatever their size. */
export function compareIds(a: string, b: string): number {
	return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

export type InboxOrder = 'oldestFirst' | 'newestFirst';

/** A poll's walk over the inbox: the pages read, the new messages found (by ID), and where to go next. */
export interface InboxWalk {
	/** The mark: the largest ID emitted so far; undefined before the first poll (then only the newest message is looked for). */
	mark?: string;
	pageSize: number;
	maxPages: number;
	order?: InboxOrder;
	/** The direction pages are read in after page 1: towards higher page numbers, or back from the last page. */
	direction?: 'forward' | 'backward';
	pagesRead: number;
	/** Messages above the mark (or every message, without a mark), by ID: a page that shifted is read twice, kept once. */
	found: Map<string, Record<string, unknown>>;
	/** Records without a numeric ID, which cannot be placed and are left out. */
	withoutId: number;
	/** True when the page budget ended the walk before it reached the mark (or the list's end). */
	truncated: boolean;
	/** Page 1's `total`, which the later pages must fit. */
	total?: number;
	/** The first ID of each page read, to tell a gateway that ignores `page` (it answers page 1 again). */
	firstIds: Map<string, number>;
	/** Why this poll cannot be trusted (a later page contradicts page 1, or the newest end is out of reach): it must fail. */
	failure?: string;
}

export function startWalk(mark: string | undefined, pageSize: number, maxPages = MAX_PAGES_PER_POLL): InboxWalk {
	return { mark, pageSize, maxPages, pagesRead: 0, found: new Map(), withoutId: 0, truncated: false, firstIds: new Map() };
}

/** The order a page lists its messages in, from its first and last IDs; undefined when one ID or none. */
function orderOfPage(ids: string[]): InboxOrder | undefined {
	if (ids.length < 2) return undefined;
	const step = compareIds(ids[0], ids[ids.length - 1]);
	return step < 0 ? 'oldestFirst' : step > 0 ? 'newestFirst' : undefined;
}

/** Notes a page's messages; whether the page reaches the mark (holds an ID at or below it). */
function notePage(walk: InboxWalk, page: Page): { ids: string[]; reachesMark: boolean } {
	const ids: string[] = [];
	let reachesMark = false;
	for (const record of page.records) {
		const id = idOf(record);
		if (id === undefined) {
			walk.withoutId++;
			continue;
		}
		ids.push(id);
		if (walk.mark !== undefined && compareIds(id, walk.mark) <= 0) reachesMark = true;
		else walk.found.set(id, record as Record<string, unknown>);
	}
	return { ids, reachesMark };
}

/** After page 1: the order, and the page to read next (undefined: done). */
function afterFirstPage(walk: InboxWalk, page: Page, ids: string[], reachesMark: boolean): number | undefined {
	walk.order = orderOfPage(ids) ?? 'oldestFirst';
	walk.total = page.total;
	if (isLastPage(page, 1, walk.pageSize)) return undefined;
	if (walk.order === 'newestFirst') {
		walk.direction = 'forward';
		return reachesMark || walk.mark === undefined ? undefined : 2;
	}
	// Oldest first: the new messages are at the end. With a total, read back from the last page; else on to the end.
	if (page.total !== undefined && page.total > walk.pageSize) {
		walk.direction = 'backward';
		return Math.ceil(page.total / walk.pageSize);
	}
	walk.direction = 'forward';
	return 2;
}

/** The page that page `pageNumber` repeats (the same first message), if any. */
function repeatOf(walk: InboxWalk, pageNumber: number, page: Page): number | undefined {
	const first = page.records.length > 0 ? idOf(page.records[0]) : undefined;
	if (first === undefined) return undefined;
	const earlier = walk.firstIds.get(first);
	if (earlier !== undefined && earlier !== pageNumber) return earlier;
	walk.firstIds.set(first, pageNumber);
	return undefined;
}

/**
 * Takes page `pageNumber` as read and says which page to read next (undefined: the walk is done).
 * Walking from the newest end, the walk ends at a page that reaches the mark, at the list's end, or
 * when the page budget is spent (then `truncated`).
 */
export function nextPage(walk: InboxWalk, pageNumber: number, page: Page): number | undefined {
	walk.pagesRead++;
	const repeated = repeatOf(walk, pageNumber, page);
	if (repeated !== undefined) {
		walk.failure = `page ${pageNumber} repeats page ${repeated}: the gateway may not page this list`;
		return undefined;
	}
	const expected = walk.total === undefined || pageNumber === 1 ? 0 : Math.min(walk.pageSize, walk.total - (pageNumber - 1) * walk.pageSize);
	if (expected > 0 && page.records.length === 0) {
		// Believing it would move the mark past messages never read (a gateway answering out of step, or a wrong total).
		walk.failure = `the gateway's inbox pages do not add up: page ${pageNumber} came back empty although page 1 counted ${walk.total} messages`;
		return undefined;
	}
	const { ids, reachesMark } = notePage(walk, page);
	let next: number | undefined;
	if (pageNumber === 1) next = afterFirstPage(walk, page, ids, reachesMark);
	else if (walk.direction === 'backward') {
		const enough = reachesMark || (walk.mark === undefined && ids.length > 0);
		next = enough || pageNumber <= 2 ? undefined : pageNumber - 1;
	} else {
		const atMark = walk.order === 'newestFirst' && (reachesMark || walk.mark === undefined);
		next = atMark || isLastPage(page, pageNumber, walk.pageSize) ? undefined : pageNumber + 1;
	}
	if (next !== undefined && walk.pagesRead >= walk.maxPages) {
		walk.truncated = true;
		// Oldest first without a total, the newest messages are beyond the pages this poll may read: any mark would be wrong.
		if (walk.order === 'oldestFirst' && walk.direction === 'forward') {
			walk.failure = `the gateway lists this inbox oldest first without a total, and ${walk.maxPages} pages of ${walk.pageSize} did not reach its newest message`;
		}
		return undefined;
	}
	return next;
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

const byId = (walk: InboxWalk) => [...walk.found.entries()].sort(([a], [b]) => compareIds(a, b));

/** The first poll of an active trigger: nothing is emitted; the mark is the newest ID ("0" for an empty inbox). */
export function activationOutcome(walk: InboxWalk): PollOutcome {
	const sorted = byId(walk);
	return { emit: [], mark: sorted.length > 0 ? sorted[sorted.length - 1][0] : '0', leftForNextPoll: 0 };
}

/** A manual run in the editor: the newest message alone; the mark is left as it was. */
export function manualOutcome(walk: InboxWalk): PollOutcome {
	const sorted = byId(walk);
	return { emit: sorted.length > 0 ? [sorted[sorted.length - 1][1]] : [], mark: walk.mark, leftForNextPoll: 0 };
}

/** A later poll: the new messages oldest first, at most `cap`; the mark moves to the last one emitted. */
export function pollOutcome(walk: InboxWalk, cap = MAX_EMITTED_PER_POLL): PollOutcome {
	const sorted = byId(walk);
	const emitted = sorted.slice(0, cap);
	const mark = emitted.length > 0 ? emitted[emitted.length - 1][0] : walk.mark;
	return { emit: emitted.map(([, record]) => record), mark, leftForNextPoll: sorted.length - emitted.length };
}

/** What the trigger keeps in n8n's workflow static data between polls (and restarts). */
export interface InboxTriggerState {
	/** The largest message ID emitted so far, as digits; "0" for an inbox that was empty at activation. */
	lastId?: unknown;
	/** Which account the mark belongs to: a hash of the credential's Base URL and Client ID, never the ID itself. */
	account?: unknown;
}

/** The account a credential reads: the same gateway and Client ID give the same text. */
export function accountKeyOf(baseUrl: unknown, apiKey: unknown): string {
	return createHash('sha256').update(`${String(baseUrl ?? '').trim().replace(/\/+$/, '')}\n${String(apiKey ?? '').trim()}`).digest('hex').slice(0, 16);
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
	if (mark === undefined) return { afresh: `the saved last message ID (${JSON.stringify(state.lastId)?.slice(0, 40)}) is not one this trigger writes` };
	if (state.account !== undefined && state.account !== account) return { afresh: 'the credential now reads another gateway account than the one the last message ID came from' };
	return { mark };
}
