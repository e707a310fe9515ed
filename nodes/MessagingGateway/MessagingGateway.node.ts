import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as account from './actions/account/Account.resource';
// The gateway's message lists.
import * as conversation from './actions/conversation/Conversation.resource';
import * as inbox from './actions/inbox/Inbox.resource';
import * as message from './actions/message/Message.resource';
import * as number from './actions/number/Number.resource';
// Contacts, groups and opt-outs (docs/contacts-and-groups.md).
import * as contact from './actions/contact/Contact.resource';
import * as group from './actions/group/Group.resource';
import * as optOut from './actions/optOut/OptOut.resource';
import { router } from './actions/router';
import { resumeWebhook, RESUME_WEBHOOKS } from './actions/message/sendAndWait/webhook';
import { CREDENTIAL_TYPE } from './constants';
import { searchGroups, searchSenderIds } from './methods/listSearch';

export class MessagingGateway implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Gateway',
		name: 'messagingGateway',
		icon: { light: 'file:messagingGateway.svg', dark: 'file:messagingGateway.dark.svg' },
		group: ['output'],
		// 2: the Sender is a list of the account's sender IDs (or a value); 1 keeps a plain text field.
		// Send SMS gives one output item per recipient; 1 keeps one item per input item (`messageids`).
		// 3: On Unknown Outcome is Do Not Resend unless set (Retry On Fail does not repeat a send the gateway may have processed); 1 and 2 resend.
		// 4: Smart Encoding is on unless set (typographic look-alikes replaced when that keeps the SMS GSM-7).
		version: [1, 2, 3, 4],
		defaultVersion: 4,
		subtitle:
			'={{ ({ send: "Send SMS", estimate: "Estimate cost", sendVoice: "Send voice message", getBalance: "Get balance", getSenderIds: "Get sender IDs", getAccount: "Get account", format: "Format number", create: ({ contact: "Create contact", optOut: "Add to opt-out list" })[$parameter["resource"]], rename: "Rename group", getAll: "Get many", get: "Get conversation" })[$parameter["operation"]] || $parameter["operation"] }}',
		description: 'Send SMS and voice messages, read the inbox, conversations and sent history, manage contacts, groups and opt-outs, format numbers, and read the sender IDs and balance of a messaging gateway account',
		defaults: { name: 'Messaging Gateway' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		// Send and Wait for Response: where the trigger hands a question its answer (n8n's waiting webhook).
		webhooks: RESUME_WEBHOOKS,
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				// In alphabetical order (n8n's rule); Message stays the default.
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'Contact', value: 'contact' },
					{ name: 'Conversation', value: 'conversation' },
					{ name: 'Group', value: 'group' },
					{ name: 'Inbox', value: 'inbox' },
					{ name: 'Message', value: 'message' },
					{ name: 'Number', value: 'number' },
					{ name: 'Opt-Out', value: 'optOut' },
				],
				default: 'message',
			},
			...message.description,
			...account.description,
			...number.description,
			// The gateway's message lists.
			...inbox.description,
			...conversation.description,
			// Contacts, groups and opt-outs.
			...contact.description,
			...group.description,
			...optOut.description,
		],
	};

	methods = { listSearch: { searchSenderIds, searchGroups } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeWebhook.call(this);
	}
}
