import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import * as getBalance from './actions/account/getBalance.operation';
import * as send from './actions/message/send.operation';
import * as sendVoice from './actions/message/sendVoice.operation';

export class MessagingGateway implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Gateway',
		name: 'messagingGateway',
		icon: { light: 'file:messagingGateway.svg', dark: 'file:messagingGateway.dark.svg' },
		group: ['output'],
		// 2: Send SMS gives one output item per recipient
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Send SMS and read the balance of a messaging gateway account',
		defaults: { name: 'Messaging Gateway' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'messagingGatewayApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Message', value: 'message' },
					{ name: 'Account', value: 'account' },
				],
				default: 'message',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['message'] } },
				options: [
					{ name: 'Send', value: 'send', action: 'Send an SMS', description: 'Send an SMS to one or more numbers' },
					{ name: 'Send Voice Message', value: 'sendVoice', action: 'Send a voice message', description: 'Call one or more numbers and read a text aloud' },
				],
				default: 'send',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['account'] } },
				options: [
					{
						name: 'Get Balance',
						value: 'getBalance',
						action: 'Get the account balance',
						description: 'Get the credits left on the account',
					},
				],
				default: 'getBalance',
			},
			...send.description,
			...sendVoice.description,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const resource = this.getNodeParameter('resource', 0) as string;
		const operation = this.getNodeParameter('operation', 0) as string;
		if (resource === 'message' && operation === 'send') return [await send.execute.call(this)];
		if (resource === 'message' && operation === 'sendVoice') return [await sendVoice.execute.call(this)];
		if (resource === 'account' && operation === 'getBalance') return [await getBalance.execute.call(this)];
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
}
