/**
 * The fields of Send and Wait for Response that Send does not have: what answer to wait for, the
 * approval words, the reminder for unclear replies and the wait limit. One Options collection per
 * response type, because n8n 1.x cannot hide single entries of a collection.
 */
import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_APPROVE_WORDS, DEFAULT_DISAPPROVE_WORDS } from '../../../core/questions/replies';
import { DEFAULT_MAX_REMINDERS, MAX_MAX_REMINDERS } from './reminders';

type Show = NonNullable<INodeProperties['displayOptions']>['show'];

/**
 * What a question needs besides its own fields, on top of them: the trigger that hands it the answer and a
 * sender a reply can reach. Also in the HITL tool, which n8n makes from these properties.
 */
export function setupNotice(show: Show): INodeProperties {
	return {
		displayName:
			'Needs an active <b>Messaging Gateway Trigger</b> for this account (in any workflow of this n8n): replies and delivery reports reach this node only through it, and without one no answer ever arrives. The <b>Sender</b> must be a number that can receive replies (a name cannot be answered).',
		name: 'sendAndWaitNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	};
}

export function responseTypeField(show: Show): INodeProperties {
	return {
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		default: 'approval',
		options: [
			{
				name: 'Approval',
				value: 'approval',
				description: 'The recipient replies with an approve or a disapprove word (e.g. YES or NO)',
			},
			{ name: 'Free Text', value: 'freeText', description: 'Any reply of the recipient is the answer' },
			{
				name: 'Delivery Report',
				value: 'deliveryReport',
				description: 'Wait for the final delivery report of the question: delivered or not',
			},
		],
		description:
			"What resumes the workflow. Replies and delivery reports reach it through a Messaging Gateway Trigger that receives the account's webhooks (in any active workflow of this n8n).",
		displayOptions: { show },
	};
}

const LIMIT_WAIT_TIME: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'days' } },
	// Said explicitly: n8n 1.x keeps an added entry whose fields are all at their defaults only then (else it saves nothing).
	typeOptions: { multipleValues: false },
	description: 'Whether to stop waiting at some point; the node then outputs {timedOut: true, messageid, to, channel}',
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Limit Type',
					name: 'limitType',
					type: 'options',
					default: 'afterTimeInterval',
					options: [
						{
							name: 'After Time Interval',
							value: 'afterTimeInterval',
							description: 'Stop waiting after an amount of time',
						},
						{ name: 'At Specified Time', value: 'atSpecifiedTime', description: 'Stop waiting at a date and time' },
					],
				},
				{
					displayName: 'Amount',
					name: 'resumeAmount',
					type: 'number',
					default: 1,
					typeOptions: { minValue: 0, numberPrecision: 2 },
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Unit',
					name: 'resumeUnit',
					type: 'options',
					default: 'days',
					options: [
						{ name: 'Minutes', value: 'minutes' },
						{ name: 'Hours', value: 'hours' },
						{ name: 'Days', value: 'days' },
					],
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Max Date and Time',
					name: 'maxDateAndTime',
					type: 'dateTime',
					default: '',
					description: "Stop waiting at this moment; without an offset it is a time in the workflow's time zone",
					displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
				},
			],
		},
	],
};

const APPROVAL_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Append Hint',
		name: 'appendHint',
		type: 'boolean',
		default: true,
		description: 'Whether to end the message with "Reply YES or NO" (the first word of each list)',
	},
	{
		displayName: 'Approve Words',
		name: 'approveWords',
		type: 'string',
		default: DEFAULT_APPROVE_WORDS,
		description:
			'Replies that approve, separated by commas. Case, accents and punctuation do not count; a reply may go on after the word ("Yes please") but must not contain a disapprove word or a negation ("ok not now" is unclear).',
	},
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		default: 'sms',
		options: [
			{ name: 'SMS', value: 'sms', description: 'The question goes out as an SMS' },
			{
				name: 'WhatsApp Buttons',
				value: 'whatsappButtons',
				description:
					'The question goes out as a WhatsApp message with two buttons, the first Approve and the first Disapprove Word (YES, NO); the SMS question when WhatsApp refuses the number (24-hour window closed, no WhatsApp)',
			},
		],
		description:
			'How the question is asked. A tap on a button or a typed reply answers it; the Unclear Reply Reminder is an SMS.',
	},
	{
		displayName: 'Disapprove Words',
		name: 'disapproveWords',
		type: 'string',
		default: DEFAULT_DISAPPROVE_WORDS,
		description:
			'Replies that disapprove, separated by commas, judged like the approve words; "no problem", "no objection" and the like are unclear',
	},
	{
		displayName: 'Unclear Reply Reminder',
		name: 'unclearReplyReminder',
		type: 'string',
		default: '',
		placeholder: 'e.g. Sorry, please reply YES or NO',
		description:
			'Text sent back as an SMS (on either Channel), from the same sender, to a reply that is neither an approve nor a disapprove word. Empty: nothing is sent and the question keeps waiting quietly.',
	},
	{
		displayName: 'Max Reminders per Question',
		name: 'maxReminders',
		type: 'number',
		default: DEFAULT_MAX_REMINDERS,
		typeOptions: { minValue: 1, maxValue: MAX_MAX_REMINDERS, numberPrecision: 0 },
		description:
			'How many Unclear Reply Reminders one question may send at most (1 to 5). No reminder goes to an opt-out reply (STOP) or to an event the gateway delivers again.',
	},
];

/**
 * The Options collection of one response type, made from Send's (`sendOptions`, shown for this operation):
 * its Default Country, Smart Encoding and Timeout, after the options of a question.
 */
export function sendAndWaitOptionsField(
	sendOptions: INodeProperties,
	responseType: 'approval' | 'freeText' | 'deliveryReport',
): INodeProperties {
	const shared = (sendOptions.options ?? []).filter((option) =>
		['defaultCountry', 'preferDefaultCountry', 'loopGuard', 'smartEncoding', 'timeout'].includes(option.name),
	) as INodeProperties[];
	return {
		...sendOptions,
		displayOptions: { show: { ...sendOptions.displayOptions?.show, responseType: [responseType] } },
		options: [...(responseType === 'approval' ? APPROVAL_OPTIONS : []), LIMIT_WAIT_TIME, ...shared],
	};
}
