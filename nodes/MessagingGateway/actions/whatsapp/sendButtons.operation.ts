import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { MAX_BUTTON_TITLE_LENGTH, MAX_BUTTONS } from '../../core/whatsapp/rules';
import { runSend } from '../message/send/run';
import {
	closingFields,
	BUTTONS_AND_LIST_OPTIONS,
	whatsappMessageField,
	recipientFields,
	showFor,
	whatsappSend,
} from './fields';

const show = showFor('sendButtons');

export const description: INodeProperties[] = [
	...recipientFields('sendButtons'),
	whatsappMessageField('sendButtons'),
	{
		displayName: 'Buttons',
		name: 'buttons',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Button',
		default: {},
		description: `1 to ${MAX_BUTTONS} reply buttons. A tap comes back to the trigger as a WhatsApp message whose message.content is the button's Title, not its ID: branch on the title.`,
		displayOptions: { show },
		options: [
			{
				displayName: 'Button',
				name: 'values',
				values: [
					{
						displayName: 'ID',
						name: 'id',
						type: 'string',
						default: '',
						description:
							"Your own ID of the button, unique among the buttons. The gateway is not documented to return it with a tap: a tap's message.content is the Title.",
					},
					{
						displayName: 'Title',
						name: 'title',
						type: 'string',
						default: '',
						description: `What the button says (at most ${MAX_BUTTON_TITLE_LENGTH} characters)`,
					},
				],
			},
		],
	},
	...closingFields('sendButtons', BUTTONS_AND_LIST_OPTIONS),
];

/** `POST /v1/whatsapp/send_action`: several numbers per request (docs/whatsapp.md#send-buttons). */
const sendButtons = whatsappSend('sendButtons', description, ['buttons']);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runSend(this, sendButtons);
}
