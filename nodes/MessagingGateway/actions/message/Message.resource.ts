import type { INodeProperties } from 'n8n-workflow';

import * as estimate from './estimate.operation';
import * as getAll from './getAll.operation';
import * as send from './send.operation';
import * as sendAndWait from './sendAndWait.operation';
import * as sendVoice from './sendVoice.operation';
import * as sendWithFailover from './sendWithFailover.operation';
import { orFailoverStep } from './sendWithFailover/step';

/** A Send and Wait node of a Send with Failover chain runs its step (sendWithFailover/chain.ts). */
export const operations = {
	send,
	sendVoice,
	sendAndWait: { ...sendAndWait, execute: orFailoverStep(sendAndWait.execute) },
	sendWithFailover,
	getAll,
	estimate,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['message'] } },
		options: [
			{
				name: 'Estimate Cost',
				value: 'estimate',
				action: 'Estimate the cost of an SMS',
				description: 'Segments and credits an SMS would take, without sending',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many sent messages',
				description: 'List the messages the account sent, with their delivery status (the sent history)',
			},
			{
				name: 'Send and Wait for Response',
				value: 'sendAndWait',
				action: 'Send message and wait for response',
				description:
					'Send a question to one number, by SMS or WhatsApp buttons, and wait for the reply (approve/disapprove or free text) or the delivery report',
			},
			{ name: 'Send SMS', value: 'send', action: 'Send SMS', description: 'Send an SMS to one or more numbers' },
			{
				name: 'Send Voice Message',
				value: 'sendVoice',
				action: 'Send voice message',
				description: 'Call one or more numbers and read a text aloud',
			},
			{
				name: 'Send with Failover',
				value: 'sendWithFailover',
				action: 'Send with failover',
				description:
					'Reach one person whatever it takes: a WhatsApp template, then an SMS, then a call, each step going on when the one before is not delivered or read in time',
			},
		],
		default: 'send',
	},
	...send.description,
	...sendVoice.description,
	...sendAndWait.description,
	...sendWithFailover.description,
	...getAll.description,
	...estimate.description,
];
