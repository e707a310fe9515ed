import type { INodeProperties } from 'n8n-workflow';

import * as send from './send.operation';

export const operations = { send };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['message'] } },
		options: [{ name: 'Send', value: 'send', action: 'Send an SMS', description: 'Send an SMS to one or more numbers' }],
		default: 'send',
	},
	...send.description,
];
