/** Group → Rename (`PATCH /v1/groups/` with `{ ID, name }`, docs/contacts-and-groups.md): one request per item. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readGroupId } from '../../core/contacts/group';
import { got } from '../../core/values';
import { refusal, requestPerItem } from '../perItem';
import { groupIdField } from './fields';

const show = { resource: ['group'], operation: ['rename'] };

export const description: INodeProperties[] = [
	groupIdField(show, { description: 'The group to rename' }),
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Customers',
		description: 'The new name of the group',
		displayOptions: { show },
	},
];

/** The gateway's answer (`{ ID }`) as it comes, one item per input item; renaming twice to one name changes nothing more. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await requestPerItem.call(this, (itemIndex) => {
		const group = readGroupId(this.getNodeParameter('groupId', itemIndex, undefined, { extractValue: true }));
		if (!group.ok) return refusal(this, 'Group', group.error, itemIndex);
		const name = this.getNodeParameter('name', itemIndex, undefined);
		if (typeof name !== 'string' || name.trim() === '')
			return refusal(
				this,
				'Name',
				typeof name === 'string' ? 'the name is empty' : `expected text but got ${got(name)}`,
				itemIndex,
			);
		return { method: 'PATCH', path: '/v1/groups/', body: { ID: group.id, name }, itemIndex, idempotent: true };
	});
}
