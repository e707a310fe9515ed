import type { INodeProperties } from 'n8n-workflow';

import * as sendButtons from './sendButtons.operation';
import * as sendList from './sendList.operation';
import * as sendTemplate from './sendTemplate.operation';

export const operations = { sendTemplate, sendButtons, sendList };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['whatsapp'] } },
		options: [
			{
				name: 'Send Buttons',
				value: 'sendButtons',
				action: 'Send message with reply buttons',
				description: 'Send a text with 1 to 3 reply buttons (within 24 hours of the person’s last message)',
			},
			{
				name: 'Send List',
				value: 'sendList',
				action: 'Send list message',
				description: 'Send a text with a list to pick from (within 24 hours of the person’s last message)',
			},
			{
				name: 'Send Template',
				value: 'sendTemplate',
				action: 'Send template message',
				description: 'Send an approved template, at any time',
			},
		],
		default: 'sendTemplate',
	},
	...sendTemplate.description,
	...sendButtons.description,
	...sendList.description,
];
