/** Opt-Out → Add to Opt-Out List (`POST /v1/optouts` with `{ number }`, docs/contacts-and-groups.md): one request per item. */
import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readNumberValue } from '../../core/records/contact';
import { refusal, requestPerItem } from '../perItem';

const show = { resource: ['optOut'], operation: ['create'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Number',
		name: 'number',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +31 6 1234 5678',
		description: 'The number that must receive no more messages, in international format; sent as digits',
		displayOptions: { show },
	},
];

/** The gateway's answer as it comes, one item per input item. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await requestPerItem.call(this, (itemIndex) => {
		const number = readNumberValue(this.getNodeParameter('number', itemIndex, undefined));
		if (!number.ok) return refusal(this, 'Number', number.error, itemIndex);
		return { method: 'POST', path: '/v1/optouts', body: { number: number.digits }, itemIndex };
	});
}
