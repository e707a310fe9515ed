import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { buildFormatNumberRequest, type FormatNumberInput } from '../../core/numbers/format';
import { COUNTRIES } from '../../core/numbers/countries';
import { refusal, requestPerItem } from '../perItem';

const showFor = { show: { resource: ['number'], operation: ['format'] } };

export const description: INodeProperties[] = [
	{
		displayName: 'Number',
		name: 'number',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 06 12345678',
		description: 'The phone number as people write it in its country, e.g. 06 12345678',
		displayOptions: showFor,
	},
	{
		displayName: 'Country',
		name: 'countryCode',
		type: 'options',
		required: true,
		default: 'NL',
		options: [...COUNTRIES]
			.sort((a, b) => a.name.localeCompare(b.name))
			.map((country) => ({ name: `${country.name} (+${country.callingCode})`, value: country.code })),
		description: 'The country the number belongs to (sent as its ISO 3166-1 alpha-2 code)',
		displayOptions: showFor,
	},
];

const FIELD_LABELS: Record<keyof FormatNumberInput, string> = { number: 'Number', countryCode: 'Country' };

/** `POST /v1/format/number`; the gateway's answer as it comes, one item per input item. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await requestPerItem.call(this, (itemIndex) => {
		const built = buildFormatNumberRequest({
			number: this.getNodeParameter('number', itemIndex),
			countryCode: this.getNodeParameter('countryCode', itemIndex),
		});
		if (!built.ok) return refusal(this, FIELD_LABELS[built.field], built.error, itemIndex);
		return { method: 'POST', path: '/v1/format/number', body: { ...built.body }, itemIndex, idempotent: true };
	});
}
