import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { inboxCall } from '../../core/lists/calls';
import { withSenderKind } from '../../core/numbers/sender-kind';
import { fieldNotice, getManyFields, inboxFilters } from '../../descriptions/lists';
import { getManyPerItem, listQueryOf } from '../getMany';
import { numberOptionsField } from '../../descriptions/numbers';
import { numberContext } from '../perItem';

const show = { resource: ['inbox'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	fieldNotice('inbox', show),
	...getManyFields(show),
	{ ...inboxFilters, displayOptions: { show } },
	numberOptionsField(show),
];

/**
 * `GET /v1/message/inbox[/{inbox_nr}]`: one output item per received message, as the gateway lists it, plus its
 * `senderKind` (number, short code or alphanumeric: core/numbers/sender-kind.ts).
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = await getManyPerItem.call(this, (itemIndex) => {
		const numbers = numberContext(this, itemIndex);
		if (numbers instanceof NodeOperationError) return numbers;
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		return listQueryOf(this, inboxCall(filters, numbers), itemIndex);
	});
	// An error item (Continue On Fail) has no sender and stays as it is.
	return items.map((item) => ({ ...item, json: withSenderKind(item.json, item.json.sender) }));
}
