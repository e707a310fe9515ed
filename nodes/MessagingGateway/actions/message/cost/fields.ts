/**
 * The options of knowing a send's cost (docs/cost-and-encoding.md): Smart Encoding (Send SMS, Send and
 * Wait, Estimate Cost), Credits per Segment with its values per country (Estimate Cost, Send SMS),
 * and Send SMS's guards Max Segments per Message and Stop if Funds Are Short.
 */
import type { INodeProperties } from 'n8n-workflow';

const CREDITS_PER_SEGMENT: INodeProperties = {
	displayName: 'Credits per Segment',
	name: 'creditsPerSegment',
	type: 'number',
	default: 1,
	typeOptions: { minValue: 0, numberPrecision: 4 },
	description: "What one SMS segment costs the account, in the balance's unit, for every number without its own value in Credits per Segment by Country",
};

const CREDITS_PER_COUNTRY: INodeProperties = {
	displayName: 'Credits per Segment by Country',
	name: 'creditsPerCountry',
	type: 'fixedCollection',
	placeholder: 'Add Country',
	default: {},
	typeOptions: { multipleValues: true },
	description: 'What one segment costs for the numbers of one country calling code; these take precedence over Credits per Segment',
	options: [
		{
			displayName: 'Rate',
			name: 'rates',
			values: [
				{ displayName: 'Calling Code', name: 'callingCode', type: 'string', default: '', placeholder: 'e.g. 44', description: 'The country calling code, without + (1, 31, 44, …)' },
				{ displayName: 'Credits per Segment', name: 'creditsPerSegment', type: 'number', default: 1, typeOptions: { minValue: 0, numberPrecision: 4 } },
			],
		},
	],
};

export const CREDIT_OPTIONS: INodeProperties[] = [CREDITS_PER_SEGMENT, CREDITS_PER_COUNTRY];

