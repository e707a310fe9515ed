import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { runSend } from '../message/send/run';
import { closingFields, recipientFields, showFor, whatsappSend } from './fields';

const show = showFor('sendTemplate');

/**
 * A list of values in order (`variable1`, `variable2`, … or `button_variable1`, …). n8n cannot number a list's
 * entries, so each entry's label and hint say which position it fills.
 */
export const orderedValues = (
	displayName: string,
	name: string,
	description: string,
	entry: { label: string; hint: string },
	displayOptions: INodeProperties['displayOptions'] = { show },
): INodeProperties => ({
	displayName,
	name,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, sortable: true },
	placeholder: 'Add Variable',
	default: {},
	description,
	displayOptions,
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [{ displayName: entry.label, name: 'value', type: 'string', default: '', hint: entry.hint }],
		},
	],
});

/** Body Variables, as Send Template and a WhatsApp step of Send with Failover show them. */
export const templateVariables = (displayOptions?: INodeProperties['displayOptions']) =>
	orderedValues(
		'Body Variables',
		'variables',
		'The values of the template body’s {{1}}, {{2}}, … in order (sent as variable1, variable2, …); each one is required. Add one value per variable, each its own expression: n8n does not hand a whole list given as one expression to the node.',
		{
			label: 'Text for {{1}}, {{2}}, … in Order',
			hint: 'The first entry fills {{1}}, the second {{2}}, and so on: keep them in the template’s order (drag to reorder)',
		},
		displayOptions,
	);
export const templateButtonVariables = (displayOptions?: INodeProperties['displayOptions']) =>
	orderedValues(
		'Button Variables',
		'buttonVariables',
		'The values of the template’s dynamic buttons in order (sent as button_variable1, …)',
		{
			label: 'Text for Dynamic Button 1, 2, … in Order',
			hint: 'The first entry fills the first dynamic button’s variable, the second the second’s, and so on (drag to reorder)',
		},
		displayOptions,
	);

export const description: INodeProperties[] = [
	...recipientFields('sendTemplate'),
	{
		displayName: 'Template Name',
		name: 'templateName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. order_confirmation',
		description: 'Name of a template approved for the account; its language is the template’s own',
		displayOptions: { show },
	},
	templateVariables(),
	templateButtonVariables(),
	{
		displayName: 'Header Media',
		name: 'headerMedia',
		type: 'options',
		default: 'none',
		options: [
			{ name: 'None', value: 'none' },
			{ name: 'Image', value: 'image' },
			{ name: 'Video', value: 'video' },
			{ name: 'Document', value: 'document' },
		],
		description: 'The media of the template’s header, when the template has one of that type',
		displayOptions: { show },
	},
	{
		displayName: 'Header Media URL',
		name: 'headerMediaUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://example.com/receipt.png',
		description: 'An https URL of the header’s media',
		displayOptions: { show: { ...show, headerMedia: ['image', 'video', 'document'] } },
	},
	...closingFields('sendTemplate'),
];

/** `POST /v1/whatsapp/send_template`: one number per request (docs/whatsapp.md#send-template). */
const sendTemplate = whatsappSend('sendTemplate', description, [
	'templateName',
	'variables',
	'buttonVariables',
	'headerMedia',
	'headerMediaUrl',
]);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runSend(this, sendTemplate);
}
