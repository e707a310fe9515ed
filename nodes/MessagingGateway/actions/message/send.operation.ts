import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { DEFAULT_BATCH_SIZE, MAX_RECIPIENTS_PER_REQUEST } from '../../core/batch';
import { COUNTRIES } from '../../core/countries';
import { buildSendRequest, DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS, MAX_CONCURRENCY, MAX_TIMEOUT_MS, type RawSendInput } from '../../core/send';
import { echoedFields, runSendPipeline, type SendOperation } from './pipeline';

const showFor = { show: { resource: ['message'], operation: ['send'] } };

export const description: INodeProperties[] = [
	{
		displayName: 'Sender',
		name: 'sender',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. MyShop',
		description: 'Name of at most 11 characters, or a number of at most 14 digits',
		displayOptions: { show: { ...showFor.show, '@version': [1] } },
	},
	{
		displayName: 'Sender',
		name: 'sender',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: "One of the account's sender IDs, or any name of at most 11 characters or number of at most 14 digits",
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a sender ID…',
				typeOptions: { searchListMethod: 'searchSenderIds', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. MyShop',
				hint: 'A name of at most 11 characters or a number of at most 14 digits, also one not (yet) in the list',
			},
		],
		displayOptions: { show: { ...showFor.show, '@version': [{ _cnd: { gte: 2 } }] } },
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +31 6 1234 5678, +44 7700 900123',
		description:
			'One number or several separated by commas, in international format (+31 6 1234 5678, 0044 7700 900123; a trunk prefix in parentheses such as +31 (0)6 is dropped). A national number (06 1234 5678) needs the Default Country option.',
		displayOptions: showFor,
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		description:
			'Text of the SMS. Up to 160 GSM-7 characters fit in one SMS (153 per part when longer); any other character (e.g. emoji) makes it UCS-2: 70, then 67 per part.',
		displayOptions: showFor,
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor,
		options: [
			{
				displayName: 'Reference',
				name: 'reference',
				type: 'string',
				default: '',
				placeholder: 'e.g. order-1001',
				description: 'Your own reference (up to 255 characters); it comes back in the delivery reports',
			},
			{
				displayName: 'Schedule Date',
				name: 'date',
				type: 'dateTime',
				default: '',
				description:
					"Send later instead of now. A date without an offset is a time in the account's time zone (the credential's Account Time Zone); a date with an offset or Z is converted to it.",
			},
			{
				displayName: 'Sub-Account ID',
				name: 'subId',
				type: 'string',
				default: '',
				description: 'Send on behalf of this sub-account',
			},
			{
				displayName: 'Test Mode',
				name: 'test',
				type: 'boolean',
				default: false,
				description: 'Whether the gateway only validates the message: nothing is sent and no credits are used',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: showFor,
		options: [
			{
				displayName: 'Batch Recipients',
				name: 'batchRecipients',
				type: 'boolean',
				default: true,
				description:
					'Whether consecutive items with the same sender, message, date, reference, test mode and sub-account go out in one request with all their recipients. Each item still gets its own output with its own message ID; if the gateway refuses a request, every item in it fails. On unless set otherwise in node version 2; node version 1 sends one request per item unless this is turned on.',
			},
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				default: DEFAULT_BATCH_SIZE,
				typeOptions: { minValue: 1, maxValue: MAX_RECIPIENTS_PER_REQUEST },
				description: `Most recipients in one batched request (1 to ${MAX_RECIPIENTS_PER_REQUEST}). The gateway does not document a limit; ${MAX_RECIPIENTS_PER_REQUEST} is the emulator's and this node's assumption.`,
			},
			{
				displayName: 'Concurrency',
				name: 'concurrency',
				type: 'number',
				default: DEFAULT_CONCURRENCY,
				typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
				description: `How many items are sent at the same time (1 to ${MAX_CONCURRENCY}). Output keeps the input order.`,
			},
			{
				displayName: 'Default Country',
				name: 'defaultCountry',
				type: 'options',
				default: '',
				options: [
					{ name: 'None (International Numbers Only)', value: '' },
					...COUNTRIES.map((country) => ({ name: `${country.name} (+${country.callingCode})`, value: country.code })),
				],
				description:
					"Country of numbers written nationally, e.g. 06 1234 5678 with Netherlands becomes 31612345678. Without it, a number starting with 0 is refused.",
			},
			{
				displayName: 'Timeout',
				name: 'timeout',
				type: 'number',
				default: DEFAULT_TIMEOUT_MS,
				typeOptions: { minValue: 1, maxValue: MAX_TIMEOUT_MS },
				description:
					'How long to wait for the gateway, in milliseconds. A send that times out is not retried, as the SMS may have gone out.',
			},
		],
	},
];

function readInput(ctx: IExecuteFunctions, itemIndex: number): RawSendInput {
	const additional = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	return {
		...additional,
		// A text, or (node version 2 of the sender field) a resource locator's value.
		sender: ctx.getNodeParameter('sender', itemIndex, undefined, { extractValue: true }),
		to: ctx.getNodeParameter('to', itemIndex, undefined),
		message: ctx.getNodeParameter('message', itemIndex, undefined),
	};
}

export const sendSms: SendOperation = {
	endpoint: '/v1/message/send',
	read: readInput,
	build: (input, context) => buildSendRequest(input, context),
	output: ({ body, length }) => ({ ...echoedFields(body), segments: length.segments, encoding: length.encoding }),
	// Version 1: one item per input item, `messageids` for several recipients.
	outputV1: ({ body, length }, response) => ({ ...response, to: body.to, ...echoedFields(body), segments: length.segments, encoding: length.encoding }),
};

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runSendPipeline(this, sendSms);
}
