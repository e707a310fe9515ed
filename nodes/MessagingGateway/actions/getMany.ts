/**
 * Get Many for every list of the gateway: an item's list call and Return All / Limit as one read
 * (lists.ts reads it), one output item per record.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ListCall } from '../core/lists/calls';
import { readLimit, type Wanted } from '../core/lists/pages';
import { FIELD_LABELS } from '../descriptions/lists';
import { readRecords, type ListQuery } from '../lists';
import { refusal, runPerItem } from './perItem';

/** Return All / Limit of an item as what it wants; a Limit that is not a whole number ≥ 1 is refused, naming the field. */
export function wantedOf(ctx: IExecuteFunctions, itemIndex: number): Wanted | NodeOperationError {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) === true) return 'all';
	const read = readLimit(ctx.getNodeParameter('limit', itemIndex, 50));
	return read.ok ? read.limit : refusal(ctx, 'Limit', read.error, itemIndex);
}

/** A checked list call and the item's Return All / Limit as what to read; a refused field is named by its label. */
export function listQueryOf(ctx: IExecuteFunctions, call: ListCall, itemIndex: number): ListQuery | NodeOperationError {
	if (!call.ok) return refusal(ctx, FIELD_LABELS[call.field], call.error, itemIndex);
	const wanted = wantedOf(ctx, itemIndex);
	return wanted instanceof NodeOperationError
		? wanted
		: { path: call.path, query: call.query, listKey: call.listKey, wanted, keep: call.keep };
}

/** Get Many for each input item: every item's query is checked first (nothing is requested if one is refused), then read; one output item per record. */
export async function getManyPerItem(
	this: IExecuteFunctions,
	prepare: (itemIndex: number) => ListQuery | NodeOperationError,
): Promise<INodeExecutionData[]> {
	return await runPerItem(this, prepare, async (list, itemIndex) => await readRecords.call(this, list, itemIndex));
}
