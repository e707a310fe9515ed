import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';

export const operations = { getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['inbox'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getAll',
				// The canvas subtitle's words (MessagingGateway.node.ts).
				action: 'Get many inbox messages',
				description: 'List the messages the account received (SMS, WhatsApp, forwarded calls), on many numbers or one',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
];
