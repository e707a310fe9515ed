/**
 * The options of knowing a send's cost (docs/cost-and-encoding.md): Smart Encoding (Send SMS, Send and
 * Wait, Estimate Cost), Credits per Segment with its values per country (Estimate Cost, Send SMS),
 * and Send SMS's guards Max Segments per Message and Stop if Funds Are Short.
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

/** Send SMS's guards, checked for every item before the first request. */
const GUARD_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Max Segments per Message',
		name: 'maxSegments',
		type: 'number',
		default: 3,
		typeOptions: { minValue: 1 },
		description: "Stop the run before its first request when an item's text takes more segments than this (each segment is billed as one SMS)",
	},
	{
		displayName: 'Stop if Funds Are Short',
		name: 'stopIfFundsShort',
		type: 'boolean',
		default: true,
		description: "Whether to read the balance first and stop the run before its first request when the run's estimated credits exceed it. Needs Credits per Segment.",
	},
];

/** Send SMS's own options of this module. */
export const SEND_SMS_COST_OPTIONS: INodeProperties[] = [SMART_ENCODING, ...GUARD_OPTIONS, ...CREDIT_OPTIONS];
