import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { groupsOf } from '../core/contacts/group';
import { groupsCall } from '../core/lists/calls';
import { canReceiveReplies, filterSenderIds, parseSenderIds, type SenderId } from '../core/sending/senderids';
import { gatewayList, gatewayRequest } from '../transport';

/** The account's sender IDs (`GET /v1/senderids`) that `offered` keeps, filtered by what the user types. */
async function senderList(
	context: ILoadOptionsFunctions,
	filter: string | undefined,
	offered: (entry: SenderId) => boolean,
): Promise<INodeListSearchResult> {
	const response = await gatewayRequest.call(context, {
		method: 'GET',
		path: '/v1/senderids',
		itemIndex: 0,
		idempotent: true,
	});
	return {
		results: filterSenderIds(parseSenderIds(response).filter(offered), filter).map((entry) => ({
			name: entry.sender,
			value: entry.sender,
			...(entry.detail ? { description: entry.detail } : {}),
		})),
	};
}

/** The Sender list of a send: every sender ID of the account. */
export async function searchSenderIds(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await senderList(this, filter, () => true);
}

/** The Sender list of Send and Wait: only the numbers, the sender IDs a reply can reach. */
export async function searchReplySenderIds(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	return await senderList(this, filter, canReceiveReplies);
}

/** Groups per page of the Group list: the editor asks for the next page as the user scrolls. */
const GROUPS_PER_PAGE = 100;

/**
 * The account's groups (`GET /v1/groups`, a bare array or an envelope: core/contacts/group.ts) for the
 * Group list, filtered by what the user types; a full page means there may be another.
 */
export async function searchGroups(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1) || 1;
	const response = await gatewayList.call(this, {
		method: 'GET',
		path: `${groupsCall().path}?page=${page}&limit=${GROUPS_PER_PAGE}`,
		itemIndex: 0,
	});
	const groups = groupsOf(response);
	const wanted = filter?.trim().toLowerCase() ?? '';
	return {
		results: groups
			.filter((group) => wanted === '' || group.name.toLowerCase().includes(wanted) || group.ID === wanted)
			.map((group) => ({ name: group.name || group.ID, value: group.ID, description: `ID ${group.ID}` })),
		...(groups.length >= GROUPS_PER_PAGE ? { paginationToken: String(page + 1) } : {}),
	};
}
