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
	if ((list === undefined || list === null) && (total === 0 || countOf(body.shown) === 0)) return { records: [], total };
	return `the answer has no "${listKey}" list`;
}

/** Whether page `pageNumber` (from 1) of size `pageSize` is the last one: it came short, or `total` is reached. */
export function isLastPage(page: Page, pageNumber: number, pageSize: number): boolean {
	if (page.records.length < pageSize) return true;
	return page.total !== undefined && pageNumber * pageSize >= page.total;
}

/**
 * Why page `pageNumber` cannot be believed: it holds fewer records than asked although its `total` says more
 * come after it (a gateway that answers smaller pages than asked, e.g. at most 1000); undefined when it fits.
 * Believing it would end the read early, silently.
 */
export function shortPageProblem(page: Page, pageNumber: number, pageSize: number): string | undefined {
	if (page.total === undefined || page.records.length >= pageSize) return undefined;
	const reached = (pageNumber - 1) * pageSize + page.records.length;
	if (reached >= page.total) return undefined;
	return `page ${pageNumber} holds ${page.records.length} records where ${pageSize} were asked, although the list counts ${page.total}`;
}

/**
 * A Limit the node can ask for: a whole number of at least 1, also written as text ("10", as an
 * expression may give it); a problem text otherwise.
 */
export function readLimit(value: unknown): { ok: true; limit: number } | { ok: false; error: string } {
	const limit = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
	if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1) return { ok: false, error: `must be a whole number of at least 1 (got ${JSON.stringify(value) ?? String(value)})` };
	return { ok: true, limit };
}
