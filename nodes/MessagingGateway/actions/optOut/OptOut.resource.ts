import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';

export const operations = { create };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['optOut'] } },
		options: [
			{
				name: 'Add to Opt-Out List',
				value: 'create',
				// The canvas subtitle's words (MessagingGateway.node.ts), and the trigger's "On number added to opt-out list";
				// n8n's lint wants an action in sentence case, which drops the hyphen.
				action: 'Add to opt out list',
				description: 'Put a number on the opt-out list: the gateway refuses to send to it (code 131)',
			},
		],
		default: 'create',
	},
	...create.description,
];
