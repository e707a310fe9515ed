import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { requestPerItem } from '../perItem';

/** `GET /v1/auth`, the call the credential test makes; its answer as it comes, one item per input item. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await requestPerItem.call(this, (itemIndex) => ({
		method: 'GET',
		path: '/v1/auth',
		itemIndex,
		idempotent: true,
	}));
}
