import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { asNodeError, errorItemJson, gatewayRequest } from '../../transport';

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	const results: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const json = await gatewayRequest.call(this, { method: 'GET', path: '/v1/balance', itemIndex });
			results.push({ json, pairedItem: { item: itemIndex } });
		} catch (error) {
			const nodeError = asNodeError(this, error, itemIndex);
			if (!this.continueOnFail()) throw nodeError;
			results.push({ json: errorItemJson(nodeError), pairedItem: { item: itemIndex } });
		}
	}
	return results;
}
