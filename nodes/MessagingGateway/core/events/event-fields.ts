/**
 * The webhook envelope (docs/gateway-api.md#webhooks) and every payload object
 * (docs/gateway-api.md#webhook-types) as field tables: the one source of the zod schemas
 * (event-schemas.ts), the plain checks of the fast path (event-checks.ts) and the GET query-string
 * decoding (query.ts). Data, one table per table of the reference.
 */

/**
 * `code` and `id` take a string or a number: receivers have seen `delivery_code` and `webhook_id`
 * both ways. `number`/`integer` also take their decimal text, as JSON producers differ.
 */
export type FieldKind =
	| 'string'
	| 'nullableString'
	| 'number'
	| 'integer'
	| 'boolean'
	| 'code'
	| 'id'
	| { object: FieldTable };

export interface FieldSpec {
	kind: FieldKind;
	required: boolean;
}

export type FieldTable = Record<string, FieldSpec>;

const req = (kind: FieldKind): FieldSpec => ({ kind, required: true });
const opt = (kind: FieldKind): FieldSpec => ({ kind, required: false });

export const ENVELOPE_FIELDS: FieldTable = {
	webhook_id: req('id'),
	webhook_type: req('string'),
	username: req('string'),
	timezone: req('string'),
	method: req('string'),
	created: req('string'),
	created_utc: req('string'),
};

/** Fields 2.2 and 2.3 share. */
const SENT_MESSAGE_FIELDS: FieldTable = {
	messageid: req('id'),
	datetime: req('string'),
	content: req('string'),
	sender: req('string'),
	receiver: req('string'),
	reference: req('string'),
	message_type: req('string'),
	delivery_code: req('code'),
	delivery_status: req('string'),
	delivery_status_datetime: req('string'),
};

/** Fields 2.4 and 2.5 share. */
const RECEIVED_MESSAGE_FIELDS: FieldTable = {
	id: req('id'),
	public_id: req('string'),
	date: req('string'),
	date_iso8601: req('string'),
	date_utc: req('string'),
	date_utc_iso8601: req('string'),
	sender: req('string'),
	receiver: req('string'),
	content: req('string'),
	type: req('string'),
};

export const ISREPLY_FIELDS: FieldTable = {
	reply: req('boolean'),
	orig_message_content: opt('string'),
	orig_messageid: opt('id'),
	orig_messagedate: opt('string'),
	orig_messagedate_iso8601: opt('string'),
	orig_messagedate_utc: opt('string'),
	orig_messagedate_utc_iso8601: opt('string'),
	orig_sender: opt('string'),
	orig_receiver: opt('string'),
	orig_reference: opt('string'),
};

const CONTACT_FIELDS: FieldTable = {
	action: req('string'),
	groupid: req('id'),
	groupname: req('string'),
	receiver: req('string'),
	firstname: req('string'),
	lastname: req('string'),
	...Object.fromEntries(Array.from({ length: 8 }, (_, index) => [`Custom${index + 1}`, req('nullableString')])),
	unsubscribed: req('boolean'),
	unsubscribe_date: req('nullableString'),
};

const GROUP_FIELDS: FieldTable = { action: req('string'), groupid: req('id'), groupname: req('string') };

/** The payload object's fields for each webhook type. */
export const PAYLOAD_FIELDS: Record<string, FieldTable> = {
	delivery_report: {
		...SENT_MESSAGE_FIELDS,
		delivery_code_detail: opt('code'),
		delivery_code_detail_description: opt('string'),
		confirm_type: opt('string'),
		confirm_date: opt('string'),
		confirm_memo: opt('string'),
		cost: req('number'),
		cost_type: req('string'),
	},
	read_report: { ...SENT_MESSAGE_FIELDS, read_status: req('string'), read_datetime: req('string') },
	inbox_message: { ...RECEIVED_MESSAGE_FIELDS, file: req('nullableString'), processed: req('integer') },
	call_forwarding: { ...RECEIVED_MESSAGE_FIELDS, content_type: req('string') },
	add_contact: CONTACT_FIELDS,
	delete_contact: CONTACT_FIELDS,
	add_group: GROUP_FIELDS,
	delete_group: GROUP_FIELDS,
	add_optout: {
		action: req('string'),
		id: req('id'),
		number: req('string'),
		memo: req('string'),
		date: req('string'),
		date_utc: req('string'),
	},
	delete_optout: { action: req('string'), number: req('string'), date: req('string'), date_utc: req('string') },
	funds_purchased: {
		order_id: req('id'),
		item_amount: req('number'),
		currency: req('string'),
		total_price: req('number'),
		price_excl: req('number'),
		purchase_type: req('string'),
		payment_mode: req('string'),
		reference: req('string'),
		date: req('string'),
		date_utc: req('string'),
	},
	insufficient_funds: {
		item_amount: req('string'),
		item_type: req('string'),
		message: req('string'),
		date: req('string'),
		date_utc: req('string'),
	},
	email2sms_received: {
		sender: req('string'),
		receiver: req({ object: { group: req('boolean'), receiver: req('string') } }),
		result: req('string'),
		status: req('string'),
		email_message_id: req('id'),
		sms_message_id: req('id'),
		date: req('string'),
		date_utc: req('string'),
	},
	api_error: {
		error: req('string'),
		error_code: req('integer'),
		sender: req('string'),
		receiver: req('string'),
		http_code: req('integer'),
		date: req('string'),
		date_utc: req('string'),
	},
};

/** Decimal and integer text, as some JSON producers (and every query string) send numbers. */
export const numericText = /^-?\d+(\.\d+)?$/;
export const integerText = /^-?\d+$/;

/** One webhook event, as sent: envelope fields, one payload object, maybe `isreply`, maybe more. */
export type WebhookEvent = Record<string, unknown> & { webhook_id: string | number; webhook_type: string };
