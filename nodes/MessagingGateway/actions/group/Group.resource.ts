import type { INodeProperties } from 'n8n-workflow';

import * as rename from './rename.operation';

export const operations = { rename };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['group'] } },
		options: [{ name: 'Rename', value: 'rename', action: 'Rename a group', description: 'Give a group a new name' }],
		default: 'rename',
	},
	...rename.description,
];
