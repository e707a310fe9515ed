/** Contact → Get Many (`GET /v1/contact`, optionally `groupid`; docs/contacts-and-groups.md): one output item per contact, the gateway's fields unchanged. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { contactsCall } from '../../core/lists/calls';
import { fieldNotice, getManyFields } from '../../descriptions/lists';
import { getManyPerItem, listQueryOf, wantedOf } from '../getMany';
import { groupIdField } from '../group/fields';

const show = { resource: ['contact'], operation: ['getAll'] };

export const description: INodeProperties[] = [
	fieldNotice('contacts', show),
	...getManyFields(show),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show },
		options: [groupIdField(undefined, { description: 'Only the contacts of this group', required: false })],
	},
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await getManyPerItem.call(this, (itemIndex) => {
		// The Limit is checked before the group, as it always was.
		const wanted = wantedOf(this, itemIndex);
		if (typeof wanted === 'object') return wanted;
		const filters = this.getNodeParameter('filters', itemIndex, {}) as { groupId?: unknown };
		const groupId =
			filters.groupId === undefined
				? undefined
				: this.getNodeParameter('filters.groupId', itemIndex, undefined, { extractValue: true });
		return listQueryOf(this, contactsCall(groupId), itemIndex);
	});
}
