import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { voiceFields } from '../../core/sending/voice-fields';
import { DEFAULT_VOICE_GENDER, DEFAULT_VOICE_LANGUAGE, VOICE_GENDERS, VOICE_LANGUAGES } from '../../core/sending/voice';
import type { SendOperation } from './send/operation';
import { runSend } from './send/run';
import { QUIET_HOURS_OPTION } from './send/quiet-hours-option';
import { messageField, sendOptionsFields, toField } from './send/fields';

const show = { resource: ['message'], operation: ['sendVoice'] };
const showFor = { show };

/** The voice that reads the text (Send Voice Message's Additional Fields; a voice step of Send with Failover). */
export const VOICE_GENDER_FIELD: INodeProperties = {
	displayName: 'Gender',
	name: 'gender',
	type: 'options',
	default: DEFAULT_VOICE_GENDER,
	options: [...VOICE_GENDERS],
	description: 'Gender of the voice that reads the text',
};
export const VOICE_LANGUAGE_FIELD: INodeProperties = {
	displayName: 'Language',
	name: 'language',
	type: 'options',
	default: DEFAULT_VOICE_LANGUAGE,
	options: [...VOICE_LANGUAGES].sort((a, b) => a.name.localeCompare(b.name)),
	description: 'Language the text is read in',
};

export const description: INodeProperties[] = [
	toField(show),
	messageField(show, 'Text that is read aloud to whoever answers the call'),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: showFor,
		options: [
			VOICE_GENDER_FIELD,
			VOICE_LANGUAGE_FIELD,
			{
				displayName: 'Reference',
				name: 'reference',
				type: 'string',
				default: '',
				description: 'Your own reference (up to 255 characters)',
			},
			{
				displayName: 'Schedule Date',
				name: 'date',
				type: 'dateTime',
				default: '',
				description:
					"Call later instead of now. A date without an offset is a time in the account's time zone (the credential's Account Time Zone); a date with an offset or Z is converted to it.",
			},
			{
				displayName: 'Test Mode',
				name: 'test',
				type: 'boolean',
				default: true,
				description: 'Whether the gateway only validates the request: nobody is called and no credits are used',
			},
		],
	},
	...sendOptionsFields(show, [], [QUIET_HOURS_OPTION]),
];

/** `POST /v1/voice/send`: no sender; the spoken language and voice instead. */
export const sendVoice: SendOperation = {
	endpoint: '/v1/voice/send',
	description,
	channel: 'voice',
	ownFields: voiceFields,
	reads: ['additionalFields'],
	echoes: [],
	oneItemPerInputInVersion1: false,
};

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runSend(this, sendVoice);
}
