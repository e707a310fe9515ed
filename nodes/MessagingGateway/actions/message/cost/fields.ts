/**
 * The options of knowing a send's cost (docs/cost-and-encoding.md): Smart Encoding (Send SMS, Send and
 * Wait, Estimate Cost) and Credits per Segment with its values per country (Estimate Cost).
 */
import type { INodeProperties } from 'n8n-workflow';

export const SMART_ENCODING: INodeProperties = {
	displayName: 'Smart Encoding',
	name: 'smartEncoding',
	type: 'boolean',
	default: true,
	description:
		'Whether typographic look-alikes (“ ” « » → ", ‘ ’ → \', – — → -, … → ..., no-break and thin spaces → space) are replaced when that makes the whole text GSM-7 in no more segments (160 characters per SMS instead of 70). A text with an emoji or another character without a GSM-7 form is sent as written. On unless set otherwise from node version 4.',
};

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

