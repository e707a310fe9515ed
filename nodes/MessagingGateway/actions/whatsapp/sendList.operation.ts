import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { LIST_LIMITS } from '../../core/whatsapp/list-shape';
import { runSend } from '../message/send/run';
import {
	closingFields,
	BUTTONS_AND_LIST_OPTIONS,
	whatsappMessageField,
	recipientFields,
	showFor,
	whatsappSend,
} from './fields';

const show = showFor('sendList');

const text = (displayName: string, name: string, description: string) => ({
	displayName,
	name,
	type: 'string' as const,
	default: '',
	description,
});

export const description: INodeProperties[] = [
	...recipientFields('sendList'),
	whatsappMessageField('sendList'),
	{
		displayName: 'Button Text',
		name: 'buttonText',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Choose a slot',
		description: `The button that opens the list (at most ${LIST_LIMITS.buttonText} characters)`,
		displayOptions: { show },
	},
	{
		displayName: 'Sections',
		name: 'sections',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Section',
		default: {},
		description: `The list: sections of rows, at most ${LIST_LIMITS.rows} rows in all. A pick comes back to the trigger as a WhatsApp message whose message.content is the row's Title, not its ID: branch on the title.`,
		displayOptions: { show },
		options: [
			{
				displayName: 'Section',
				name: 'values',
				values: [
					text('Title', 'title', `The section's heading (at most ${LIST_LIMITS.title} characters)`),
					{
						displayName: 'Rows',
						name: 'rows',
						type: 'fixedCollection',
						typeOptions: { multipleValues: true, sortable: true },
						placeholder: 'Add Row',
						default: {},
						options: [
							{
								displayName: 'Row',
								name: 'values',
								values: [
									text('ID', 'id', 'Your own ID of the row, unique in the list'),
									text('Title', 'title', `What the row says (at most ${LIST_LIMITS.title} characters)`),
									text(
										'Description',
										'description',
										`An optional line under the title (at most ${LIST_LIMITS.description})`,
									),
								],
							},
						],
					},
				],
			},
		],
	},
	...closingFields('sendList', BUTTONS_AND_LIST_OPTIONS),
];

/** `POST /v1/whatsapp/send_list`: several numbers per request (docs/whatsapp.md#send-list). */
const sendList = whatsappSend('sendList', description, ['buttonText', 'sections']);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runSend(this, sendList);
}
