/**
 * What each list operation outputs: the gateway's records with its own field names (nothing is renamed), and
 * where another list names the same thing differently (docs/inbox-and-history.md#field-reference).
 */
import type { INodeProperties } from 'n8n-workflow';

const FIELD_NOTES = {
	inbox: "One item per received message, with the gateway's names: ID, message, sender, receiver, type, date (the account's time zone). A Conversation names these messageId and datetime.",
	conversation:
		"One item per message, with the gateway's names: messageId (null when received), direction, sender, receiver, message, datetime (the account's time zone), unixDatetime (UTC), deliveryStatus. The Inbox names these ID and date.",
	history: "One item per sent message, with the gateway's names: ID, message, to, sender, date (the account's time zone), amount, type, status. It has no messageid to match Send SMS's output.",
	contacts: "One item per contact, with the gateway's names (phone, groupid, …). groupid holds a group's ID, the value Send To Group outputs as groupId.",
	groups: "One item per group, with the gateway's names: ID, name. A contact's groupid and Send To Group's groupId hold this ID.",
};

/** A notice above a list operation's fields: its output fields as the gateway names them. */
export function fieldNotice(list: keyof typeof FIELD_NOTES, show: { resource: string[]; operation: string[] }): INodeProperties {
	return { displayName: FIELD_NOTES[list], name: 'fieldNotice', type: 'notice', default: '', displayOptions: { show } };
}
