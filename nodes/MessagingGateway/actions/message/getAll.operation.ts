import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { historyCall } from '../../core/lists/calls';
import { fieldNotice, getManyFields } from '../../descriptions/lists';
import { getManyPerItem, listQueryOf } from '../getMany';

export const description: INodeProperties[] = [
	fieldNotice('history', { resource: ['message'], operation: ['getAll'] }),
	...getManyFields({ resource: ['message'], operation: ['getAll'] }),
];

/** `GET /v1/message/history`: one output item per sent message with its status, as the gateway lists them. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await getManyPerItem.call(this, (itemIndex) => listQueryOf(this, historyCall(), itemIndex));
}
