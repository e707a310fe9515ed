/** The 14 webhook types of the gateway (docs/gateway-api.md#webhook-types) and the payload object each one carries. */

export type PayloadKey = 'message' | 'contact' | 'group' | 'optout' | 'funds' | 'email2sms' | 'error';

export interface WebhookEventType {
	value: string;
	name: string;
	description: string;
	payloadKey: PayloadKey;
	/** The node panel's action name ("On …"); n8n lower-cases the name otherwise, acronyms included. */
	action?: string;
}

export const WEBHOOK_EVENT_TYPES = [
	{
		value: 'delivery_report',
		name: 'Delivery Report',
		description:
			'A sent message changed state. Often sent twice: first submitted (code 0), later delivered or not delivered.',
		payloadKey: 'message',
	},
	{
		value: 'read_report',
		name: 'Read Report',
		description: 'A message was read (social messaging or a read-report link only)',
		payloadKey: 'message',
	},
	{
		value: 'inbox_message',
		name: 'Inbox Message',
		description: 'An incoming message arrived on a virtual number; carries isreply when it answers a sent message',
		payloadKey: 'message',
	},
	{
		value: 'call_forwarding',
		name: 'Call Forwarding',
		description: 'A call to a virtual number was forwarded',
		payloadKey: 'message',
	},
	{ value: 'add_contact', name: 'Contact Added', description: 'A contact was added', payloadKey: 'contact' },
	{ value: 'delete_contact', name: 'Contact Deleted', description: 'A contact was removed', payloadKey: 'contact' },
	{ value: 'add_group', name: 'Group Added', description: 'A group was added', payloadKey: 'group' },
	{ value: 'delete_group', name: 'Group Deleted', description: 'A group was removed', payloadKey: 'group' },
	{
		value: 'add_optout',
		name: 'Opt-Out Added',
		description: 'A number was added to the opt-out list',
		// One name for one thing: the action node's operation is "Add to opt-out list".
		action: 'On number added to opt-out list',
		payloadKey: 'optout',
	},
	{
		value: 'delete_optout',
		name: 'Opt-Out Removed',
		description: 'A number was removed from the opt-out list',
		action: 'On number removed from opt-out list',
		payloadKey: 'optout',
	},
	{
		value: 'funds_purchased',
		name: 'Funds Purchased',
		description: 'The account completed an order of funds',
		payloadKey: 'funds',
	},
	{
		value: 'insufficient_funds',
		name: 'Insufficient Funds',
		description: 'The account has no funds left',
		payloadKey: 'funds',
	},
	{
		value: 'email2sms_received',
		name: 'Email to SMS Received',
		description: 'The email-to-SMS feature received an email and tried to send it as SMS',
		payloadKey: 'email2sms',
		action: 'On email to SMS received',
	},
	{
		value: 'api_error',
		name: 'API Error',
		description: 'An API request failed; carries its message, error code and HTTP status',
		payloadKey: 'error',
		action: 'On API error',
	},
] as const satisfies readonly WebhookEventType[];

export type WebhookTypeValue = (typeof WEBHOOK_EVENT_TYPES)[number]['value'];

/** The value of the `events` option that selects every type, including types added to the gateway later. */
export const ALL_EVENTS = '*';

const BY_VALUE = new Map<string, WebhookEventType>(WEBHOOK_EVENT_TYPES.map((type) => [type.value, type]));

export function findEventType(webhookType: string): WebhookEventType | undefined {
	return BY_VALUE.get(webhookType);
}

/** True when an event of `webhookType` should start the workflow for the given selection. */
export function isEventSelected(webhookType: string, selected: readonly string[]): boolean {
	return selected.includes(ALL_EVENTS) || selected.includes(webhookType);
}

/**
 * Delivery codes after which the gateway sends another delivery_report for the same message
 * (docs/gateway-api.md#codes): `0` submitted and `3` buffered (reached the operator, not yet the recipient).
 * Every other code is final.
 */
export const INTERIM_DELIVERY_CODES: readonly string[] = ['0', '3'];

/** True for a delivery_report whose code says a later report follows; anything unclear is not. */
export function isInterimDeliveryReport(event: Record<string, unknown>): boolean {
	if (event.webhook_type !== 'delivery_report') return false;
	const message = event.message;
	if (typeof message !== 'object' || message === null) return false;
	const code = (message as Record<string, unknown>).delivery_code;
	return (typeof code === 'string' || typeof code === 'number') && INTERIM_DELIVERY_CODES.includes(String(code).trim());
}
