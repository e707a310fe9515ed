import type { INodeProperties } from 'n8n-workflow';

import * as getAccount from './getAccount.operation';
import * as getBalance from './getBalance.operation';
import * as getSenderIds from './getSenderIds.operation';

export const operations = { getAccount, getBalance, getSenderIds };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['account'] } },
		options: [
			{
				name: 'Get Account',
				value: 'getAccount',
				action: 'Get account',
				description: 'Check the credential and get what the gateway says about its account (user name and the like)',
			},
			{
				name: 'Get Balance',
				value: 'getBalance',
				action: 'Get account balance',
				description: 'Get the credits left on the account',
			},
			{
				name: 'Get Sender IDs',
				value: 'getSenderIds',
				action: 'Get sender ID list',
				description: 'List the sender names and numbers the account may send SMS from',
			},
		],
		default: 'getBalance',
	},
];
