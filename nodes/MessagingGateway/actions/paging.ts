/**
 * Get Many for every list of the gateway: n8n's Return All / Limit fields, and the page walk that
 * reads a list with the fewest requests (core/records/paging.ts says how big a page is and when it is the last).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ListCall } from '../core/records/lists';
import { isObject } from '../core/objects';
import { endsList, pageSizeFor, readAfter, readLimit, readPage, recordKey, startOf, type Page, type Read, type Wanted } from '../core/records/paging';
import { gatewayList, type GatewayContext } from '../transport';
import { refusal, runPerItem } from './perItem';

/** Return All and Limit, as n8n's own Get Many operations show them, for one resource's operations. */
export function getManyFields(show: { resource: string[]; operation: string[] }): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

/** One list read: where, with which filters, under which key the records come, and how many are wanted. */
export interface ListQuery {
	/** The list's path, e.g. `/v1/message/inbox`. */
	path: string;
	/** Query parameters besides `page` and `limit` (the filters); empty values are left out. */
	query?: Record<string, string>;
	/** The envelope's key that holds the records, e.g. `messages`. */
	listKey: string;
	wanted: Wanted;
	/** Which records the filters keep (core/records/lists.ts); the others are left out. */
	keep?: (record: unknown) => boolean;
}

/** Return All / Limit of an item as what it wants; a Limit that is not a whole number ≥ 1 is refused, naming the field. */
export function wantedOf(ctx: IExecuteFunctions, itemIndex: number): Wanted | NodeOperationError {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) === true) return 'all';
	const read = readLimit(ctx.getNodeParameter('limit', itemIndex, 50));
	return read.ok ? read.limit : refusal(ctx, 'Limit', read.error, itemIndex);
}

/** The fields a list call can refuse, by their labels in the node. */
export const FIELD_LABELS: Record<Extract<ListCall, { ok: false }>['field'], string> = { inboxNumber: 'Inbox Number', type: 'Type', phone: 'Phone Number' };

/** A checked list call and the item's Return All / Limit as what to read; a refused field is named by its label. */
export function listQueryOf(ctx: IExecuteFunctions, call: ListCall, itemIndex: number): ListQuery | NodeOperationError {
	if (!call.ok) return refusal(ctx, FIELD_LABELS[call.field], call.error, itemIndex);
	const wanted = wantedOf(ctx, itemIndex);
	return wanted instanceof NodeOperationError ? wanted : { path: call.path, query: call.query, listKey: call.listKey, wanted, keep: call.keep };
}

/** A record as an item's JSON: an object as the gateway sent it; anything else under `value`. */
const asRecord = (record: unknown): IDataObject => (isObject(record) ? (record as IDataObject) : { value: record as IDataObject[keyof IDataObject] });

/** The most pages one read walks (a million records at the gateway's largest page). */
export const MAX_PAGES_PER_READ = 500;
/** Pages read beyond what page 1's `total` calls for (messages arriving during the read) before it stops. */
const EXTRA_PAGES = 2;

/** The read after `read`: the next page while the gateway answers full pages of the size asked; else one that overlaps what was read. */
const following = (read: Read, pageSize: number, walked: { end: number; largest: number }): Read =>
	read.limit === pageSize && walked.largest >= pageSize && startOf(read) + pageSize === walked.end ? { page: read.page + 1, limit: pageSize } : readAfter(walked.end, Math.min(pageSize, walked.largest));

/**
 * Reads the records of one list: page 1, 2, … at the page size `wanted` calls for, until the list's end or
 * enough records; each record once (by its ID), also when the list grows between two reads. The end is a
 * page shorter than asked, never a `total` alone; a short page from a gateway that may cut pages is
 * confirmed by a read that overlaps it (core/records/paging.ts). A page that repeats what was read (a
 * gateway ignoring `page`), one that does not go on from it, or a list that goes on past page 1's `total`
 * or MAX_PAGES_PER_READ ends the read with an error instead of a short list or a walk without end.
 */
export async function fetchRecords(this: GatewayContext, list: ListQuery, itemIndex: number): Promise<IDataObject[]> {
	const pageSize = pageSizeFor(list.wanted);
	const records: IDataObject[] = [];
	const keys = new Set<string>();
	const walked = { end: 0, largest: 0 };
	// A list may grow a little while it is read; one that goes on far beyond what page 1 counted is not read to its end.
	let bound: number | undefined;
	let read: Read = { page: 1, limit: pageSize };
	for (let reads = 1; ; reads++) {
		const beyond = bound !== undefined && walked.end >= bound;
		if (reads > MAX_PAGES_PER_READ || beyond) throw unreadable(this, list, `it did not end after ${reads - 1} pages${beyond ? ', although page 1 counted fewer records' : ''}: read it with a Limit`, itemIndex);
		const page = await fetchPage.call(this, list, read, itemIndex);
		if (reads === 1 && page.total !== undefined) bound = page.total + EXTRA_PAGES * pageSize;
		const first = page.records[0];
		if (startOf(read) < walked.end && first !== undefined && !keys.has(recordKey(first))) {
			throw unreadable(this, list, `page ${read.page} (of ${read.limit}) does not go on from the records read before it: records were deleted meanwhile. Run it again`, itemIndex);
		}
		const fresh = page.records.filter((record) => !keys.has(recordKey(record)) && keys.add(recordKey(record)));
		if (page.records.length >= read.limit && fresh.length === 0) throw unreadable(this, list, `page ${read.page} repeats records read before: the gateway may not page this list`, itemIndex);
		records.push(...fresh.filter((record) => list.keep?.(record) ?? true).map(asRecord));
		const ended = page.records.length === 0 || endsList(read, page, walked.largest);
		walked.largest = Math.max(walked.largest, page.records.length);
		walked.end = Math.max(walked.end, startOf(read) + page.records.length);
		if ((list.wanted !== 'all' && records.length >= list.wanted) || ended) break;
		read = following(read, pageSize, walked);
	}
	return list.wanted === 'all' ? records : records.slice(0, list.wanted);
}

/** One read of a list (its filters, `limit` and `page`); an unreadable answer is an error naming the list. */
export async function fetchPage(this: GatewayContext, list: Pick<ListQuery, 'path' | 'query' | 'listKey'>, read: Read, itemIndex: number): Promise<Page> {
	const filters = Object.entries(list.query ?? {}).filter(([, value]) => value !== '');
	const query = new URLSearchParams([...filters, ['limit', String(read.limit)], ['page', String(read.page)]]);
	const body = await gatewayList.call(this, { method: 'GET', path: `${list.path}?${query.toString()}`, itemIndex });
	const page = readPage(body, list.listKey);
	if (typeof page === 'string') throw unreadable(this, list, `${page} (page ${read.page})`, itemIndex);
	return page;
}

function unreadable(ctx: GatewayContext, list: Pick<ListQuery, 'path'>, problem: string, itemIndex: number): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `The gateway's list ${list.path} could not be read: ${problem}`, {
		itemIndex,
		description: 'Check that the Base URL points at the gateway\'s API.',
	});
}

/** Get Many for each input item: every item's query is checked first (nothing is requested if one is refused), then read; one output item per record. */
export async function getManyPerItem(this: IExecuteFunctions, prepare: (itemIndex: number) => ListQuery | NodeOperationError): Promise<INodeExecutionData[]> {
	return await runPerItem(this, prepare, async (list, itemIndex) => await fetchRecords.call(this, list, itemIndex));
}
