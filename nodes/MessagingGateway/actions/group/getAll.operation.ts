/** Group → Get Many (`GET /v1/groups`; a bare array or an envelope, docs/contacts-and-groups.md): one output item per group, the gateway's fields unchanged. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { groupsCall } from '../../core/lists/calls';
import { fieldNotice, getManyFields } from '../../descriptions/lists';
import { getManyPerItem, listQueryOf } from '../getMany';

export const description: INodeProperties[] = [
	fieldNotice('groups', { resource: ['group'], operation: ['getAll'] }),
	...getManyFields({ resource: ['group'], operation: ['getAll'] }),
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await getManyPerItem.call(this, (itemIndex) => listQueryOf(this, groupsCall(), itemIndex));
}
