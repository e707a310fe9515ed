import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
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
import * as whatsapp from './actions/whatsapp/Whatsapp.resource';
import { router } from './actions/router';
import { resumeWebhook, RESUME_WEBHOOKS } from './actions/message/sendAndWait/webhook';
import { APP_DESCRIPTION, CREDENTIAL_TYPE } from './constants';
import { searchGroups, searchReplySenderIds, searchSenderIds } from './methods/listSearch';

export class MessagingGateway implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Gateway',
		name: 'messagingGateway',
		icon: { light: 'file:messagingGateway.svg', dark: 'file:messagingGateway.dark.svg' },
		group: ['output'],
		// 2: the Sender is a list of the account's sender IDs (or a value); 1 keeps a plain text field.
		// Send SMS gives one output item per recipient; 1 keeps one item per input item (`messageids`).
		// 3: On Unknown Outcome is Do Not Resend unless set (Retry On Fail does not repeat a send the gateway may have processed); 1 and 2 resend.
		// 4: a recipient on the opt-out list (131) is an item `skipped: "optedOut"`, its request's others are still sent;
		// Smart Encoding is on unless set (typographic look-alikes replaced when that keeps the SMS GSM-7).
		// 5: numbers are read by libphonenumber (core/numbers/phone.ts): digits that can be a number of the Default Country are one,
		// a number libphonenumber calls invalid is refused unless Accept Unrecognized Numbers is on; 1–4 read as before, guarded.
		version: [1, 2, 3, 4, 5],
		defaultVersion: 5,
		// The canvas line under the node's name, per resource and operation (n8n's own read "Get many contacts", "Send and wait").
		subtitle:
			'={{ ({ "message:send": "Send SMS", "message:sendAndWait": "Send and wait", "message:sendVoice": "Send voice message", "message:sendWithFailover": "Send with failover", "message:estimate": "Estimate cost", "message:getAll": "Get many sent messages", "inbox:getAll": "Get many inbox messages", "conversation:get": "Get conversation", "conversation:getUnanswered": "Get unanswered messages", "contact:create": "Create contact", "contact:getAll": "Get many contacts", "group:getAll": "Get many groups", "group:rename": "Rename group", "optOut:create": "Add to opt-out list", "whatsapp:sendTemplate": "Send WhatsApp template", "whatsapp:sendButtons": "Send WhatsApp buttons", "whatsapp:sendList": "Send WhatsApp list", "account:getAccount": "Get account", "account:getBalance": "Get balance", "account:getSenderIds": "Get sender IDs", "number:format": "Format number" })[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}',
		description: APP_DESCRIPTION,
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
					{ name: 'WhatsApp', value: 'whatsapp' },
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
			...whatsapp.description,
		],
	};

	methods = { listSearch: { searchSenderIds, searchReplySenderIds, searchGroups } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeWebhook.call(this);
	}
}
