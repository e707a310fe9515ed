import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getUnanswered from './getUnanswered.operation';

export const operations = { get, getUnanswered };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['conversation'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get a conversation',
				description: 'Get the thread with one number: the messages it sent and those sent to it',
			},
			{
				name: 'Get Unanswered',
				value: 'getUnanswered',
				action: 'Get unanswered messages',
				description:
					'Get the messages a number sent since the last one sent to it, and whether the one that started this run is the latest',
			},
		],
		default: 'get',
	},
	...get.description,
	...getUnanswered.description,
];
