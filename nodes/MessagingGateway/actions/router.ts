import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import * as account from './account/Account.resource';
import * as message from './message/Message.resource';
import * as number from './number/Number.resource';
// The gateway's message lists.
import * as conversation from './conversation/Conversation.resource';
import * as inbox from './inbox/Inbox.resource';
// Contacts, groups and opt-outs (docs/contacts-and-groups.md).
import * as contact from './contact/Contact.resource';
import * as group from './group/Group.resource';
import * as optOut from './optOut/OptOut.resource';
// WhatsApp through the same gateway (docs/whatsapp.md).
import * as whatsapp from './whatsapp/Whatsapp.resource';
import { redactDeep } from '../core/secrets/redact';
import { operationError, withoutSecrets } from '../nodeErrors';
import { credentialSecrets } from '../credentialSecrets';

/** Every resource with its operations; a new operation is added to its resource file's `operations`. */
const RESOURCES = { account, message, number, inbox, conversation, contact, group, optOut, whatsapp };
type Resources = typeof RESOURCES;

/** The resource / operation pairs the node offers, e.g. `{ resource: 'account'; operation: 'getBalance' }`. */
export type MessagingGatewayOperation = {
	[R in keyof Resources]: { resource: R; operation: keyof Resources[R]['operations'] };
}[keyof Resources];

function selectedOperation(resource: string, operation: string): MessagingGatewayOperation | undefined {
	const operations: object | undefined = RESOURCES[resource as keyof Resources]?.operations;
	if (!operations || !Object.prototype.hasOwnProperty.call(operations, operation)) return undefined;
	return { resource, operation } as MessagingGatewayOperation;
}

/**
 * With Settings → On Error → Continue (using error output), n8n sends an item down the error output only when its
 * json holds nothing but `error`, `message` and `details` (an item carrying an Error object instead loses its json
 * to `{ error }`). This node's error items say `error`, `code`, `httpCode` and, for a send, `to`, `outcome`, …: there,
 * the fields beside `error` move into `details`, so the item takes the error output with them (n8n adds the input
 * item's fields) and the success output keeps only what succeeded. Other settings see the items unchanged.
 */
function forErrorOutput(ctx: IExecuteFunctions, items: INodeExecutionData[]): INodeExecutionData[] {
	if (ctx.getNode().onError !== 'continueErrorOutput') return items;
	return items.map((item) => {
		const { error, ...details } = item.json;
		if (typeof error !== 'string') return item;
		return { ...item, json: Object.keys(details).length > 0 ? { error, details } : { error } };
	});
}

/**
 * The operation's items, and its error if it stops, without the credential's secrets: a value typed into a field
 * (a key pasted into To) is "***" in every title, description and Continue On Fail item.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const secrets = await credentialSecrets(this);
	let items: INodeExecutionData[];
	try {
		items = await run.call(this);
	} catch (error) {
		throw withoutSecrets(error, secrets);
	}
	const clean = items.map((item) =>
		typeof item.json.error === 'string' ? { ...item, json: redactDeep(item.json, secrets) } : item,
	);
	return [forErrorOutput(this, clean)];
}

async function run(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const selected = selectedOperation(resource, operation);
	if (!selected) {
		throw operationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`, {
			description:
				'Choose the operation again in the node; the workflow may come from a newer version of this package.',
		});
	}
	switch (selected.resource) {
		case 'account':
			return await account.operations[selected.operation].execute.call(this);
		case 'message':
			return await message.operations[selected.operation].execute.call(this);
		case 'number':
			return await number.operations[selected.operation].execute.call(this);
		// The gateway's message lists.
		case 'inbox':
			return await inbox.operations[selected.operation].execute.call(this);
		case 'conversation':
			return await conversation.operations[selected.operation].execute.call(this);
		case 'contact':
			return await contact.operations[selected.operation].execute.call(this);
		case 'group':
			return await group.operations[selected.operation].execute.call(this);
		case 'optOut':
			return await optOut.operations[selected.operation].execute.call(this);
		case 'whatsapp':
			return await whatsapp.operations[selected.operation].execute.call(this);
	}
}
