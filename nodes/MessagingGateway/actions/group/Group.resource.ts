import type { INodeProperties } from 'n8n-workflow';

import * as getAll from './getAll.operation';
import * as rename from './rename.operation';

export const operations = { getAll, rename };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['group'] } },
		options: [
			{ name: 'Get Many', value: 'getAll', action: 'Get many groups', description: "List the account's groups" },
			{ name: 'Rename', value: 'rename', action: 'Rename a group', description: 'Give a group a new name' },
		],
		default: 'getAll',
	},
	...getAll.description,
	...rename.description,
];
