import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { conversationCall } from '../../core/lists/calls';
import { fieldNotice, getManyFields } from '../../descriptions/lists';
import { getManyPerItem, listQueryOf } from '../getMany';
import { numberOptionsField } from '../../descriptions/numbers';
import { numberContext } from '../perItem';

const show = { resource: ['conversation'], operation: ['get'] };

/** The other party's number: Conversation → Get and Get Unanswered read the thread with it. */
export const phoneField = (shown: typeof show): INodeProperties => ({
	displayName: 'Phone Number',
	name: 'phone',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. +31 6 1234 5678',
	description:
		'The number whose thread to read (international format): the messages it sent to the account and those sent to it',
	displayOptions: { show: shown },
});

export const description: INodeProperties[] = [
	phoneField(show),
	fieldNotice('conversation', show),
	...getManyFields(show),
	numberOptionsField(show),
];

/** `GET /v1/conversation/{phone}`: one output item per message of the thread, both directions, as the gateway lists them. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await getManyPerItem.call(this, (itemIndex) => {
		const numbers = numberContext(this, itemIndex);
		if (numbers instanceof NodeOperationError) return numbers;
		return listQueryOf(this, conversationCall(this.getNodeParameter('phone', itemIndex), numbers), itemIndex);
	});
}
