/** Opt-Out → Add to Opt-Out List (`POST /v1/optouts` with `{ number }`, docs/contacts-and-groups.md): one request per item. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readNumberValue } from '../../core/numbers/number-value';
import { asNodeError, gatewayRequest } from '../../transport';
import { numberContext, refusal, runPerItem } from '../perItem';
import { numberOptionsField } from '../../descriptions/numbers';

const show = { resource: ['optOut'], operation: ['create'] };

/** The gateway's refusal of a number that is on the opt-out list already. */
const ALREADY_ON_LIST = '131';

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
	numberOptionsField(show),
];

/**
 * One shape per item, whatever the gateway answers: `{ number, alreadyOnList, ...the gateway's answer as it comes }`
 * (its `ID`). A number on the list already (code 131: a second STOP, or Retry On Fail after an answer that got
 * lost) is what was asked for: `{ number, alreadyOnList: true }`, without an ID.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const prepare = (itemIndex: number) => {
		const numbers = numberContext(this, itemIndex);
		if (numbers instanceof NodeOperationError) return numbers;
		const number = readNumberValue(this.getNodeParameter('number', itemIndex, undefined), numbers);
		return number.ok
			? { method: 'POST' as const, path: '/v1/optouts', body: { number: number.digits }, itemIndex }
			: refusal(this, 'Number', number.error, itemIndex);
	};
	return await runPerItem(this, prepare, async (request) => {
		try {
			return [{ number: request.body.number, alreadyOnList: false, ...(await gatewayRequest.call(this, request)) }];
		} catch (error) {
			const nodeError = asNodeError(this, error, request.itemIndex);
			if ((nodeError.context as IDataObject).code !== ALREADY_ON_LIST) throw nodeError;
			return [{ number: request.body.number, alreadyOnList: true }];
		}
	});
}
