import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { filterSenderIds, parseSenderIds } from '../core/senderids';
import { gatewayRequest } from '../transport';

/** The account's sender IDs (`GET /v1/senderids`) for the Sender list, filtered by what the user types. */
export async function searchSenderIds(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const response = await gatewayRequest.call(this, { method: 'GET', path: '/v1/senderids', itemIndex: 0, idempotent: true });
	return {
		results: filterSenderIds(parseSenderIds(response), filter).map((entry) => ({
			name: entry.sender,
			value: entry.sender,
			...(entry.detail ? { description: entry.detail } : {}),
		})),
	};
}
