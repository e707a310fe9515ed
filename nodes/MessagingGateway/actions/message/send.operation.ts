import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { buildSendRequest, mapWithConcurrency, type SendInput } from '../../core';
import { asNodeError, DEFAULT_TIMEOUT_MS, errorItemJson, gatewayRequest } from '../../transport';

const showFor = { show: { resource: ['message'], operation: ['send'] } };

export const DEFAULT_CONCURRENCY = 5;

export const description: INodeProperties[] = [
	{
		displayName: 'Sender',
		name: 'sender',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'MyShop',
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
				displayName: 'By Value',
				name: 'id',
				type: 'string',
				placeholder: 'MyShop',
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
		placeholder: '+31 6 1234 5678, +44 7700 900123',
		description:
			'One number or several separated by commas, in international format. A leading + or 00, spaces, dashes and parentheses are allowed; the number is sent as digits only.',
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
				description: 'Your own reference (up to 255 characters); it comes back in the delivery reports',
			},
			{
				displayName: 'Schedule Date',
				name: 'date',
				type: 'dateTime',
				default: '',
				description:
					"Send later instead of now. A date without an offset is taken as the workflow's time zone, which should be the gateway account's.",
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
				displayName: 'Concurrency',
				name: 'concurrency',
				type: 'number',
				default: DEFAULT_CONCURRENCY,
				typeOptions: { minValue: 1, maxValue: 50 },
				description: 'How many items are sent at the same time. Output keeps the input order.',
			},
			{
				displayName: 'Timeout (Ms)',
				name: 'timeout',
				type: 'number',
				default: DEFAULT_TIMEOUT_MS,
				typeOptions: { minValue: 1 },
				description:
					'How long to wait for the gateway. A send that times out is not retried, as the SMS may have gone out.',
			},
		],
	},
];

const FIELD_LABELS: Record<keyof SendInput, string> = {
	sender: 'Sender',
	to: 'To',
	message: 'Message',
	date: 'Schedule Date',
	reference: 'Reference',
	test: 'Test Mode',
	subId: 'Sub-Account ID',
};

function readInput(ctx: IExecuteFunctions, itemIndex: number): SendInput {
	const additional = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const to = ctx.getNodeParameter('to', itemIndex) as string | string[];
	return {
		sender: String(ctx.getNodeParameter('sender', itemIndex, undefined, { extractValue: true })),
		to: Array.isArray(to) ? to.map(String) : String(to),
		message: String(ctx.getNodeParameter('message', itemIndex)),
		date: additional.date === undefined ? undefined : String(additional.date),
		reference: additional.reference === undefined ? undefined : String(additional.reference),
		test: additional.test === undefined ? undefined : Boolean(additional.test),
		subId: additional.subId === undefined ? undefined : String(additional.subId),
	};
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	const concurrency = this.getNodeParameter('options.concurrency', 0, DEFAULT_CONCURRENCY) as number;
	const timeoutMs = this.getNodeParameter('options.timeout', 0, DEFAULT_TIMEOUT_MS) as number;
	const timeZone = this.getTimezone();
	const now = new Date();

	// Every item is checked before the first request, so a mistake in item 7 sends nothing at all.
	const requests = items.map((_, itemIndex) => {
		const built = buildSendRequest(readInput(this, itemIndex), { timeZone, now });
		if (built.ok) return built;
		const error = new NodeOperationError(this.getNode(), `${FIELD_LABELS[built.field]}: ${built.error}`, {
			itemIndex,
			description: `Item ${itemIndex} was refused before anything was sent.`,
		});
		if (!this.continueOnFail()) throw error;
		return error;
	});

	return await mapWithConcurrency(requests, concurrency, async (request, itemIndex) => {
		const pairedItem = { item: itemIndex };
		if (request instanceof NodeOperationError) return { json: errorItemJson(request), pairedItem };
		try {
			const response = await gatewayRequest.call(this, {
				method: 'POST',
				path: '/v1/message/send',
				body: request.body as unknown as IDataObject,
				itemIndex,
				timeoutMs,
			});
			const { body, length } = request;
			const json: IDataObject = { ...response, to: body.to, sender: body.sender };
			if (body.reference !== undefined) json.reference = body.reference;
			if (body.date !== undefined) json.date = body.date;
			if (body.test !== undefined) json.test = body.test;
			if (body.subid !== undefined) json.subId = body.subid;
			json.segments = length.segments;
			json.encoding = length.encoding;
			return { json, pairedItem };
		} catch (error) {
			const nodeError = asNodeError(this, error, itemIndex);
			if (this.continueOnFail()) return { json: errorItemJson(nodeError), pairedItem };
			throw nodeError;
		}
	});
}
