import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { requestPerItem } from '../perItem';

/** The gateway's answer as it comes (its shape is not documented): one item per input item. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await requestPerItem.call(this, (itemIndex) => ({
		method: 'GET',
		path: '/v1/senderids',
		itemIndex,
		idempotent: true,
	}));
}
