/**
 * The gateway's paging for every list the emulator answers (docs/emulator.md#lists-and-paging):
 * `limit` (1–2000, default 1000) and `page` (from 1) from the query, and the envelope
 * `{ total, shown, page, limit, <list>: [...] }`. A page past the end is an empty list.
 */
import { MAX_PAGE_SIZE } from '../nodes/MessagingGateway/core/lists/pages';
import { apiError } from './http';

/** The gateway's `limit` when a request names none ("default up to 1000"). */
export const DEFAULT_PAGE_LIMIT = 1000;

/** A whole number from the query, `fallback` when absent or empty (`?limit=`, as clients that send every key do); undefined when it is not one. */
function wholeNumber(query: URLSearchParams, name: string, fallback: number): number | undefined {
	const text = query.get(name);
	if (text === null || text.trim() === '') return fallback;
	return /^\d+$/.test(text.trim()) ? Number(text) : undefined;
}

/** The `page` and `limit` a list request asks for; out of range is the gateway's error (codes 135, 136). */
export function readPaging(query: URLSearchParams): { page: number; limit: number } {
	const limit = wholeNumber(query, 'limit', DEFAULT_PAGE_LIMIT);
	if (limit === undefined || limit < 1 || limit > MAX_PAGE_SIZE)
		throw apiError('135', `limit must be between 1 and ${MAX_PAGE_SIZE}`);
	const page = wholeNumber(query, 'page', 1);
	if (page === undefined || page < 1) throw apiError('136', 'page must be 1 or more');
	return { page, limit };
}

/** One page of `records` as the gateway answers a list: the envelope with the page's records under `listKey`. */
export function pagedAnswer(
	records: readonly unknown[],
	query: URLSearchParams,
	listKey: string,
): { status: number; body: Record<string, unknown> } {
	const { page, limit } = readPaging(query);
	const shown = records.slice((page - 1) * limit, page * limit);
	return { status: 200, body: { total: records.length, shown: shown.length, page, limit, [listKey]: shown } };
}
