import type { INodeProperties } from 'n8n-workflow';

import * as format from './format.operation';

export const operations = { format };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['number'] } },
		options: [
			{
				name: 'Format',
				value: 'format',
				action: 'Format number',
				description:
					"Turn a number written the national way (e.g. 06 12345678 in the Netherlands) into the gateway's international form",
			},
		],
		default: 'format',
	},
	...format.description,
];
