/** Contact → Get Many (`GET /v1/contact`, optionally `groupid`; docs/contacts-and-groups.md): one output item per contact, the gateway's fields unchanged. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readGroupId } from '../../core/records/group';
import { fieldNotice } from '../fieldNotes';
import { getManyFields, getManyPerItem, wantedOf } from '../paging';
import { refusal } from '../perItem';
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
		const wanted = wantedOf(this, itemIndex);
		if (typeof wanted === 'object') return wanted;
		const filters = this.getNodeParameter('filters', itemIndex, {}) as { groupId?: unknown };
		if (filters.groupId === undefined) return { path: '/v1/contact', listKey: 'contacts', wanted };
		const group = readGroupId(this.getNodeParameter('filters.groupId', itemIndex, undefined, { extractValue: true }));
		if (!group.ok) return refusal(this, 'Group', group.error, itemIndex);
		return { path: '/v1/contact', query: { groupid: group.id }, listKey: 'contacts', wanted };
	});
}
