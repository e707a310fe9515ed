/**
 * Reading a gateway list over HTTP, for Get Many and the Inbox Trigger alike: one page per request
 * (transport.ts), walked by the one list walk (core/lists/walk.ts) until it is done.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ReadyCall } from './core/lists/calls';
import { readPage, type Page, type Read, type Wanted, pageSizeFor } from './core/lists/pages';
import { firstPage, isRead, nextRead, startList, takePage, type WalkFailure } from './core/lists/walk';
import { isObject } from './core/objects';
import { gatewayList, type GatewayContext } from './transport';
import { operationError } from './nodeErrors';
import { explained } from './core/error-text';

/**
 * Where a list is read: its path, its filters (empty values are left out) and the envelope's key that holds the
 * records; how long each request waits (the node's Timeout option, where it has one).
 */
export type ListPlace = Pick<ReadyCall, 'path' | 'listKey'> & { query?: Record<string, string>; timeoutMs?: number };

/** One list read: where, how many records are wanted, and which records the filters keep (core/lists/calls.ts). */
export interface ListQuery extends ListPlace {
	wanted: Wanted;
	keep?: (record: unknown) => boolean;
}

/** The most pages one Get Many read walks (a million records at the gateway's largest page). */
export const MAX_PAGES_PER_READ = 500;

/** One read of a list (its filters, `limit` and `page`); an unreadable answer is an error naming the list. */
export async function fetchPage(this: GatewayContext, list: ListPlace, read: Read, itemIndex: number): Promise<Page> {
	const filters = Object.entries(list.query ?? {}).filter(([, value]) => value !== '');
	const query = new URLSearchParams([...filters, ['limit', String(read.limit)], ['page', String(read.page)]]);
	const path = `${list.path}?${query.toString()}`;
	const body = await gatewayList.call(this, { method: 'GET', path, itemIndex, timeoutMs: list.timeoutMs });
	const page = readPage(body, list.listKey);
	if (typeof page === 'string') throw unreadable(this, list, `${page} (page ${read.page})`, itemIndex);
	return page;
}

/** Reads a list from `first` on: `next` takes each page and says which read follows (undefined: done). */
export async function walkPages(
	this: GatewayContext,
	list: ListPlace,
	first: Read,
	next: (read: Read, page: Page) => Read | undefined,
	itemIndex = 0,
): Promise<void> {
	for (let read: Read | undefined = first; read !== undefined; )
		read = next(read, await fetchPage.call(this, list, read, itemIndex));
}

/** A record as an item's JSON: an object as the gateway sent it; anything else under `value`. */
const asRecord = (record: unknown): IDataObject =>
	isObject(record) ? (record as IDataObject) : { value: record as IDataObject[keyof IDataObject] };

/**
 * Reads the records of one list for Get Many: page 1, 2, … at the page size `wanted` calls for, until the
 * list's end or enough records; each record once (by its ID), also when the list grows between two reads.
 * A read the walk cannot trust (core/lists/walk.ts) ends it with an error instead of a short list or a walk without end.
 */
export async function readRecords(this: GatewayContext, list: ListQuery, itemIndex: number): Promise<IDataObject[]> {
	const walk = startList({
		pageSize: pageSizeFor(list.wanted),
		overlapEveryRead: false,
		boundByTotal: true,
		maxPages: MAX_PAGES_PER_READ,
	});
	const records: IDataObject[] = [];
	const enough = () => list.wanted !== 'all' && records.length >= list.wanted;
	await walkPages.call(
		this,
		list,
		firstPage(walk),
		(read, page) => {
			const taken = takePage(walk, read, page);
			if (!taken.ok) throw unreadable(this, list, problemOf(taken.failure), itemIndex);
			records.push(...taken.fresh.filter((record) => list.keep?.(record) ?? true).map(asRecord));
			if (enough() || taken.ended) return undefined;
			const next = nextRead(walk, read);
			if (!isRead(next)) throw unreadable(this, list, problemOf(next), itemIndex);
			return next;
		},
		itemIndex,
	);
	return list.wanted === 'all' ? records : records.slice(0, list.wanted);
}

const DELETED = 'Records were deleted meanwhile: run it again.';

/** A walk's failure in Get Many's words. */
function problemOf(failure: WalkFailure): string {
	switch (failure.kind) {
		case 'empty':
			return explained(
				`page ${failure.read.page} (of ${failure.read.limit}) came back empty`,
				`It should repeat the records read before it. ${DELETED}`,
			);
		case 'notOnward':
			return explained(
				`page ${failure.read.page} (of ${failure.read.limit}) does not go on from page ${failure.read.page - 1}`,
				`It should go on from the records read before it. ${DELETED}`,
			);
		case 'repeats':
			return explained(`page ${failure.read.page} repeats records read before`, 'The gateway may not page this list.');
		case 'noEnd':
			return explained(
				`it did not end after ${failure.pages} pages`,
				`${failure.pastTotal ? 'Page 1 counted fewer records. ' : ''}Read it with a Limit.`,
			);
	}
}

function unreadable(ctx: GatewayContext, list: ListPlace, problem: string, itemIndex: number): NodeOperationError {
	return operationError(ctx.getNode(), `Could not read ${list.path}: ${problem}`, {
		itemIndex,
		description: "Check that the Base URL points at the gateway's API.",
	});
}
