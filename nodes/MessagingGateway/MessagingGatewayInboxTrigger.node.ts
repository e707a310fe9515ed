/**
 * The Inbox Trigger: a polling trigger (n8n's Poll Times) for an n8n the gateway's webhooks cannot reach.
 * Each poll emits the received messages not emitted before, oldest first (docs/inbox-trigger.md); the
 * poll, its walk over the inbox's pages and what is new since the mark are in inboxTrigger/.
 */
import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from './constants';
import { inboxFilters } from './descriptions/lists';
import { pollTrigger } from './inboxTrigger/poll';

export class MessagingGatewayInboxTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Gateway Inbox Trigger',
		name: 'messagingGatewayInboxTrigger',
		icon: { light: 'file:messagingGateway.svg', dark: 'file:messagingGateway.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ "Every received message" + ($parameter["filters"]["type"] ? " (" + $parameter["filters"]["type"] + ")" : "") }}',
		description: 'Starts the workflow on messages the gateway received, by polling its inbox: no public URL needed',
		eventTriggerDescription: '',
		activationMessage:
			'Each poll now starts this workflow once for every message received since the last one, oldest first.',
		defaults: { name: 'Messaging Gateway Inbox Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName:
					'Polling reads received messages only (no delivery reports), up to one poll interval late, and cannot answer Send and Wait for Response: use the Messaging Gateway Trigger for those when the gateway can reach this n8n.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			inboxFilters,
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollTrigger(this);
	}
}
