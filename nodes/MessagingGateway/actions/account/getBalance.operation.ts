import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { requestPerItem } from '../perItem';

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await requestPerItem.call(this, (itemIndex) => ({
		method: 'GET',
		path: '/v1/balance',
		itemIndex,
		idempotent: true,
	}));
}
