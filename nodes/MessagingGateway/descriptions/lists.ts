/**
 * The fields of every list, shared by the operations and the Inbox Trigger: Return All / Limit, the inbox
 * filters, the labels of the fields a list call can refuse, and the notice of what each list outputs (the
 * gateway's records with its own field names, and where another list names the same thing differently:
 * docs/inbox-and-history.md#field-reference).
 */
import type { INodeProperties } from 'n8n-workflow';

import type { ListCall } from '../core/lists/calls';

type Show = { resource: string[]; operation: string[] };

/** Return All and Limit, as n8n's own Get Many operations show them, for one resource's operations. */
export function getManyFields(show: Show): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

/** The inbox filters: Inbox → Get Many and the Inbox Trigger show the same ones. */
export const inboxFilters: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		{
			displayName: 'Inbox Number',
			name: 'inboxNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. +31 970 1000 0001',
			description: 'Only messages received on this number of the account (international format); empty: all numbers',
		},
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			default: 'sms',
			options: [
				{ name: 'Call', value: 'call', description: 'Forwarded calls' },
				{ name: 'SMS', value: 'sms' },
				{ name: 'WhatsApp', value: 'whatsapp' },
			],
			description: 'Only received messages of this kind',
		},
	],
};

/** The fields a list call can refuse, by their labels in the nodes. */
export const FIELD_LABELS: Record<Extract<ListCall, { ok: false }>['field'], string> = {
	inboxNumber: 'Inbox Number',
	type: 'Type',
	phone: 'Phone Number',
	groupId: 'Group',
};

const FIELD_NOTES = {
	inbox:
		"One item per received message, with the gateway's names: ID, message, sender, receiver, type, date (the account's time zone). A Conversation names these messageId and datetime.",
	conversation:
		"One item per message, with the gateway's names: messageId (null when received), direction, sender, receiver, message, datetime (the account's time zone), unixDatetime (UTC), deliveryStatus. The Inbox names these ID and date.",
	history:
		"One item per sent message, with the gateway's names: ID, message, to, sender, date (the account's time zone), amount, type, status. It has no messageid to match Send SMS's output.",
	contacts:
		"One item per contact, with the gateway's names (phone, groupid, …). groupid holds a group's ID, the value Send To Group outputs as groupId.",
	groups:
		"One item per group, with the gateway's names: ID, name. A contact's groupid and Send To Group's groupId hold this ID.",
};

/** A notice above a list operation's fields: its output fields as the gateway names them. */
export function fieldNotice(list: keyof typeof FIELD_NOTES, show: Show): INodeProperties {
	return { displayName: FIELD_NOTES[list], name: 'fieldNotice', type: 'notice', default: '', displayOptions: { show } };
}
