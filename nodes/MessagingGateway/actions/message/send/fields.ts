/**
 * The fields every send operation shows in the same form (Sender, To, the run Options), each made for
 * the operation that shows it, and the labels of refused fields read from the descriptions, so that
 * an error names a field exactly as the panel does.
 */
import type { INodeProperties } from 'n8n-workflow';

import { MAX_RECIPIENTS_PER_REQUEST } from '../../../core/sending/batch';
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from '../../../constants';
import {
	ACCEPT_UNRECOGNIZED_NUMBERS_OPTION,
	DEFAULT_COUNTRY_OPTION,
	PREFER_DEFAULT_COUNTRY_OPTION,
} from '../../../descriptions/numbers';
import { DEFAULT_BATCH_SIZE, DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './options';

type Show = NonNullable<INodeProperties['displayOptions']>['show'];

/** What the Sender field says: any sender for a send; for a question, a number that can take the reply. */
const SENDER_TEXTS = {
	send: {
		placeholder: 'e.g. MyShop',
		description: 'Name of at most 11 characters, or a number of at most 14 digits',
		listDescription:
			"One of the account's sender IDs, or any name of at most 11 characters or number of at most 14 digits",
		hint: 'A name of at most 11 characters or a number of at most 14 digits, also one not (yet) in the list',
		listPlaceholder: 'Select a sender ID…',
		searchListMethod: 'searchSenderIds',
	},
	question: {
		placeholder: 'e.g. 3197010000001',
		description:
			'A number of at most 14 digits that can receive the reply (a name cannot be answered; it is taken only with Response Type Delivery Report)',
		listDescription:
			"One of the account's numbers that can receive the reply (a name cannot be answered; it is taken only with Response Type Delivery Report)",
		hint: 'A number that can receive the reply, of at most 14 digits, also one not (yet) in the list; a name only for Delivery Report',
		listPlaceholder: 'Select a number that receives replies…',
		searchListMethod: 'searchReplySenderIds',
	},
};

/** The Sender: plain text in node version 1, the account's sender IDs (or any value) from version 2. */
export function senderFields(show: Show, purpose: keyof typeof SENDER_TEXTS = 'send'): INodeProperties[] {
	const texts = SENDER_TEXTS[purpose];
	return [
		{
			displayName: 'Sender',
			name: 'sender',
			type: 'string',
			required: true,
			default: '',
			placeholder: texts.placeholder,
			description: texts.description,
			displayOptions: { show: { ...show, '@version': [1] } },
		},
		{
			displayName: 'Sender',
			name: 'sender',
			type: 'resourceLocator',
			required: true,
			default: { mode: 'list', value: '' },
			description: texts.listDescription,
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: texts.listPlaceholder,
					typeOptions: { searchListMethod: texts.searchListMethod, searchable: true },
				},
				{
					displayName: 'By ID',
					name: 'id',
					type: 'string',
					placeholder: texts.placeholder,
					hint: texts.hint,
				},
			],
			displayOptions: { show: { ...show, '@version': [{ _cnd: { gte: 2 } }] } },
		},
	];
}

export function toField(show: Show): INodeProperties {
	return {
		displayName: 'To',
		name: 'to',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +31 6 1234 5678, +44 7700 900123',
		description:
			'One number or several separated by commas, in international format (+31 6 1234 5678, 0044 7700 900123; a trunk prefix in parentheses such as +31 (0)6 is dropped). A national number (06 1234 5678) needs the Default Country option.',
		displayOptions: { show },
	};
}

/** The Message of a send, saying what becomes of the text (`description`). */
export function messageField(show: Show, description: string): INodeProperties {
	return {
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 4 },
		description,
		displayOptions: { show },
	};
}

/** The Timeout option (Send's, Get Unanswered's): how long each request waits for the gateway, in milliseconds. */
export function timeoutOption(description: string): INodeProperties {
	return {
		displayName: 'Timeout',
		name: 'timeout',
		type: 'number',
		default: DEFAULT_TIMEOUT_MS,
		typeOptions: { minValue: 1, maxValue: MAX_TIMEOUT_MS },
		description,
	};
}

/** The options of a send run, in the panel's order (see options.ts for how they are checked). */
const SEND_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Batch Recipients',
		name: 'batchRecipients',
		type: 'boolean',
		default: true,
		description:
			'Whether consecutive items with the same sender, message, date, reference, test mode and sub-account go out in one request with all their recipients. Each item still gets its own output with its own message ID; if the gateway refuses a request, every item in it fails. On unless set otherwise from node version 2; node version 1 sends one request per item unless this is turned on.',
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
	DEFAULT_COUNTRY_OPTION,
	PREFER_DEFAULT_COUNTRY_OPTION,
	{
		displayName: 'On Unknown Outcome',
		name: 'onUnknownOutcome',
		type: 'options',
		default: 'doNotResend',
		options: [
			{
				name: 'Do Not Resend',
				value: 'doNotResend',
				description:
					'Retry On Fail does not send it again: the item fails (with Continue On Fail: an error item with outcome "unknown"), and its delivery report or the gateway\'s message log tells whether it went out',
			},
			{
				name: 'Resend',
				value: 'resend',
				description: 'Retry On Fail sends it again: a duplicate is better than a lost message (e.g. alerts)',
			},
		],
		description:
			'What Retry On Fail does with a send the gateway may have processed without confirming it (HTTP 5xx, a timeout, or a connection lost after the request went out). Do Not Resend unless set otherwise from node version 3; versions 1 and 2 resend.',
	},
	timeoutOption(
		"How long to wait for the gateway, in milliseconds. A send that times out is not retried, as the message may have gone out. Loop Guard's read of the conversation waits as long for each of its tries.",
	),
];

/** The Options collection of a send operation, with its own options (`extra`) among Send's, in alphabetical order. */
export function sendOptionsField(show: Show, extra: INodeProperties[] = []): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [...SEND_OPTIONS, ...extra].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

/**
 * The Options collection per node version: `extra` in every version, `added` from version 4 on, Accept Unrecognized
 * Numbers from version 5 on (n8n 1.x resolves no displayOptions inside a collection).
 */
export function sendOptionsFields(show: Show, extra: INodeProperties[], added: INodeProperties[]): INodeProperties[] {
	return [
		sendOptionsField({ ...show, '@version': [{ _cnd: { lt: 4 } }] }, extra),
		sendOptionsField({ ...show, '@version': [4] }, [...extra, ...added]),
		sendOptionsField({ ...show, '@version': [{ _cnd: { gte: 5 } }] }, [
			...extra,
			...added,
			ACCEPT_UNRECOGNIZED_NUMBERS_OPTION,
		]),
	];
}

/** Field name → its display name, over the fields and the entries of their collections. */
export function fieldLabels(properties: readonly INodeProperties[]): Map<string, string> {
	const labels = new Map<string, string>();
	for (const property of properties) {
		if (!labels.has(property.name)) labels.set(property.name, property.displayName);
		for (const option of property.options ?? []) {
			if ('displayName' in option && 'name' in option && !labels.has(option.name))
				labels.set(option.name, option.displayName);
		}
	}
	return labels;
}
