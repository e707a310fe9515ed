import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { SEND_SMS_ENDPOINT } from '../../core/sending/send';
import { groupIdField } from '../group/fields';
import { GUARD_OPTIONS } from './cost-guards';
import { CREDIT_OPTIONS } from './credits';
import { SMART_ENCODING } from './smart-encoding';
import type { SendOperation } from './send/operation';
import { runSend } from './send/run';
import { QUIET_HOURS_OPTION } from './send/quiet-hours-option';
import { LOOP_GUARD_OPTION } from './send/loop-guard-option';
import { safetyNotices } from './send/safety-notice';
import { messageField, sendOptionsFields, senderFields, toField } from './send/fields';

const show = { resource: ['message'], operation: ['send'] };
const showFor = { show };

/** Send's Additional Fields: every message send of the gateway takes them (the WhatsApp calls too). */
const SEND_ADDITIONAL_FIELDS: INodeProperties[] = [
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
		default: true,
		description: 'Whether the gateway only validates the message: nothing is sent and no credits are used',
	},
];

/** Send's Additional Fields on the operation shown for `show`. */
export function sendAdditionalFields(show: NonNullable<INodeProperties['displayOptions']>['show']): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: SEND_ADDITIONAL_FIELDS,
	};
}

export const description: INodeProperties[] = [
	...senderFields(show),
	{
		displayName: 'Send To',
		name: 'sendTo',
		type: 'options',
		default: 'numbers',
		options: [
			{ name: 'Numbers', value: 'numbers', description: 'One number or several' },
			{ name: 'Group', value: 'group', description: "All contacts of one of the account's groups, in one request" },
		],
		displayOptions: showFor,
	},
	toField({ ...show, sendTo: ['numbers'] }),
	groupIdField(
		{ ...show, sendTo: ['group'] },
		{ description: 'The group whose contacts get the SMS (the gateway leaves out unsubscribed contacts)' },
	),
	messageField(
		show,
		'Text of the SMS. Up to 160 GSM-7 characters fit in one SMS (153 per part when longer); any other character (e.g. emoji) makes it UCS-2: 70, then 67 per part.',
	),
	sendAdditionalFields(show),
	...safetyNotices(show),
	...sendOptionsFields(
		show,
		[SMART_ENCODING, ...GUARD_OPTIONS, ...CREDIT_OPTIONS],
		[QUIET_HOURS_OPTION, LOOP_GUARD_OPTION],
	),
];

/** `POST /v1/message/send` (docs/gateway-api.md#send-sms). */
export const sendSms: SendOperation = {
	endpoint: SEND_SMS_ENDPOINT,
	description,
	channel: 'sms',
	// A text, or (node version 2 of the sender field) a resource locator's value.
	reads: ['sender', 'additionalFields'],
	// Send To: Group sends `{ type: "group", to: <group ID> }` instead of numbers.
	sendsToGroups: true,
	echoes: ['segments', 'encoding'],
	oneItemPerInputInVersion1: true,
};

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runSend(this, sendSms);
}
