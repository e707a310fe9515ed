/**
 * Send with Failover's panel: To, the Steps in order (each a channel with its own fields, as Send Template, Send SMS
 * and Send Voice Message name them, and when to go on) and the Options that apply to every step.
 */
import type { INodeProperties } from 'n8n-workflow';

import {
	ACCEPT_UNRECOGNIZED_NUMBERS_OPTION,
	DEFAULT_COUNTRY_OPTION,
	PREFER_DEFAULT_COUNTRY_OPTION,
} from '../../../descriptions/numbers';
import { MAX_MINUTES, MAX_STEPS } from '../../../core/failover/steps';
import { templateButtonVariables, templateVariables } from '../../whatsapp/sendTemplate.operation';
import { VOICE_GENDER_FIELD, VOICE_LANGUAGE_FIELD } from '../sendVoice.operation';
import { SMART_ENCODING } from '../smart-encoding';
import { LOOP_GUARD_OPTION } from '../send/loop-guard-option';
import { QUIET_HOURS_OPTION } from '../send/quiet-hours-option';
import { timeoutOption, toField } from '../send/fields';
import { failoverStepField } from './step';

export const show = { resource: ['message'], operation: ['sendWithFailover'] };

const onChannel = (...channel: string[]) => ({ show: { channel } });

const STEP_FIELDS: INodeProperties[] = [
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		default: 'sms',
		options: [
			{ name: 'SMS', value: 'sms', description: 'An SMS, as Send SMS sends it' },
			{ name: 'Voice Message', value: 'voice', description: 'A call that reads the text aloud' },
			{
				name: 'WhatsApp Template',
				value: 'whatsappTemplate',
				description: 'A template approved for the account (WhatsApp delivers nothing else outside 24 hours)',
			},
		],
	},
	{
		displayName: 'Sender',
		name: 'sender',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3197010520000',
		description:
			'Sender of the SMS (a number or a name of up to 11 characters) or the WhatsApp number of the account the template goes from',
		displayOptions: onChannel('sms', 'whatsappTemplate'),
	},
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		default: '',
		typeOptions: { rows: 3 },
		placeholder: 'e.g. Server db-1 is down since 03:12. Reply or call the on-call line.',
		description: 'The SMS, or the text read aloud to whoever answers the call',
		displayOptions: onChannel('sms', 'voice'),
	},
	{
		displayName: 'Template Name',
		name: 'templateName',
		type: 'string',
		default: '',
		placeholder: 'e.g. critical_alert',
		description: 'Name of a template approved for the account; its language is the template’s own',
		displayOptions: onChannel('whatsappTemplate'),
	},
	templateVariables(onChannel('whatsappTemplate')),
	templateButtonVariables(onChannel('whatsappTemplate')),
	{ ...VOICE_LANGUAGE_FIELD, displayOptions: onChannel('voice') },
	{ ...VOICE_GENDER_FIELD, displayOptions: onChannel('voice') },
	{
		displayName: 'Go On When',
		name: 'goOnWhen',
		type: 'options',
		default: 'noReport',
		options: [
			{
				name: 'Refused',
				value: 'refused',
				description: 'Only when the gateway does not take the message (e.g. the number has no WhatsApp)',
			},
			{
				name: 'Not Delivered',
				value: 'notDelivered',
				description: 'When refused, or a report says it was not delivered',
			},
			{
				name: 'No Report Within the Minutes',
				value: 'noReport',
				description: 'When refused, not delivered, or no report says delivered within the minutes',
			},
			{
				name: 'Not Read Within the Minutes',
				value: 'notRead',
				description: 'WhatsApp only: when refused, not delivered, or not read within the minutes',
			},
		],
		description: 'When the next step goes out. The last step’s minutes are how long the node waits for its report.',
	},
	{
		displayName: 'Within Minutes',
		name: 'withinMinutes',
		type: 'number',
		default: 5,
		typeOptions: { minValue: 1, maxValue: MAX_MINUTES },
		description:
			'How long the step waits for its report, counted from when its message went out (Quiet Hours may hold an SMS or a call until morning)',
	},
];

export const description: INodeProperties[] = [
	// On Send and Wait's nodes of a chain only (sendWithFailover/chain.ts), never in the panel.
	failoverStepField({ resource: ['message'], operation: ['sendAndWait'] }),
	{
		displayName:
			'Each step waits for its delivery or read report, which a Messaging Gateway Trigger of this account hands on (active, with the events Delivery Report and Read Report, on n8n 2.x). The execution waits meanwhile without holding a worker.',
		name: 'failoverNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	{
		...toField(show),
		placeholder: 'e.g. +31 6 1234 5678',
		description:
			'The one person to reach, in international format (+31 6 1234 5678); a national number needs the Default Country option',
	},
	{
		displayName: 'Steps',
		name: 'steps',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true, maxAllowedFields: MAX_STEPS },
		placeholder: 'Add Step',
		default: {},
		required: true,
		description: `The channels to try, in order (at most ${MAX_STEPS}): the first step goes out at once, each next one when the step before it gives up`,
		displayOptions: { show },
		options: [{ displayName: 'Step', name: 'values', values: STEP_FIELDS }],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [
			ACCEPT_UNRECOGNIZED_NUMBERS_OPTION,
			DEFAULT_COUNTRY_OPTION,
			LOOP_GUARD_OPTION,
			PREFER_DEFAULT_COUNTRY_OPTION,
			QUIET_HOURS_OPTION,
			SMART_ENCODING,
			timeoutOption('How long each request waits for the gateway, in milliseconds'),
		],
	},
];
