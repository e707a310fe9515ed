/**
 * The webhook envelope (spec 2.1) and every payload object (2.2–2.11), as field tables from which
 * both the zod schemas (validation) and the GET query-string decoding (types) are built.
 */
import { z } from 'zod';

import { findEventType, type WebhookEventType } from './events';

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

const numericText = /^-?\d+(\.\d+)?$/;
const integerText = /^-?\d+$/;

function schemaOf(kind: FieldKind): z.ZodTypeAny {
	if (typeof kind === 'object') return objectSchema(kind.object);
	switch (kind) {
		case 'string':
			return z.string();
		case 'nullableString':
			return z.string().nullable();
		case 'number':
			return z.union([z.number(), z.string().regex(numericText, 'expected a number')]);
		case 'integer':
			return z.union([z.number().int(), z.string().regex(integerText, 'expected an integer')]);
		case 'boolean':
			return z.boolean();
		case 'code':
		case 'id':
			return z.union([z.string(), z.number()]);
	}
}

function objectSchema(table: FieldTable) {
	const shape: Record<string, z.ZodTypeAny> = {};
	for (const [name, spec] of Object.entries(table)) {
		shape[name] = spec.required ? schemaOf(spec.kind) : schemaOf(spec.kind).optional();
	}
	// Fields the spec does not list pass through: the gateway may add some.
	return z.object(shape).passthrough();
}

export const envelopeSchema = objectSchema(ENVELOPE_FIELDS);
export const isreplySchema = objectSchema(ISREPLY_FIELDS).nullable().optional();
export const payloadSchemas: Record<string, z.ZodTypeAny> = Object.fromEntries(
	Object.entries(PAYLOAD_FIELDS).map(([type, table]) => [type, objectSchema(table)]),
);

/** One webhook event, as sent: envelope fields, one payload object, maybe `isreply`, maybe more. */
export type WebhookEvent = Record<string, unknown> & { webhook_id: string | number; webhook_type: string };

export type ParseEventResult =
	| { ok: true; event: WebhookEvent; type: WebhookEventType | undefined }
	| { ok: false; errors: string[] };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

function valueAt(input: unknown, path: Array<string | number>): unknown {
	return path.reduce<unknown>((value, key) => (isPlainObject(value) ? value[key] : undefined), input);
}

function describeIssues(error: z.ZodError, input: unknown, prefix: string): string[] {
	return error.issues.map((issue) => {
		const path = [prefix, ...issue.path].filter((part) => part !== '').join('.');
		return valueAt(input, issue.path) === undefined ? `${path}: missing` : `${path}: ${issue.message}`;
	});
}

/**
 * Checks that `json` is a webhook event: the envelope, and for a known type its payload object.
 * A type the spec does not list is accepted on its envelope alone. The event is returned as given.
 */
export function parseEvent(json: unknown): ParseEventResult {
	if (!isPlainObject(json)) {
		return { ok: false, errors: [`expected a JSON object, got ${Array.isArray(json) ? 'an array' : typeof json}`] };
	}
	const envelope = envelopeSchema.safeParse(json);
	const errors = envelope.success ? [] : describeIssues(envelope.error, json, '');
	const type = typeof json.webhook_type === 'string' ? findEventType(json.webhook_type) : undefined;
	if (!type) return errors.length ? { ok: false, errors } : { ok: true, event: json as WebhookEvent, type: undefined };

	const webhookType = type.value;
	const payload = json[type.payloadKey];
	if (!isPlainObject(payload)) {
		errors.push(`${type.payloadKey}: missing (a ${webhookType} event carries a "${type.payloadKey}" object)`);
	} else {
		const parsed = payloadSchemas[webhookType].safeParse(payload);
		if (!parsed.success) errors.push(...describeIssues(parsed.error, payload, type.payloadKey));
	}
	if (webhookType === 'inbox_message') {
		const reply = isreplySchema.safeParse(json.isreply);
		if (!reply.success) errors.push(...describeIssues(reply.error, json.isreply, 'isreply'));
	}
	return errors.length ? { ok: false, errors } : { ok: true, event: json as WebhookEvent, type };
}

export type ParseEventsResult =
	| { ok: true; events: Array<{ event: WebhookEvent; type: WebhookEventType | undefined }> }
	| { ok: false; errors: string[] };

/** A body holds one event or a JSON array of events; every one must be valid. */
export function parseEvents(body: unknown): ParseEventsResult {
	const list = Array.isArray(body) ? body : [body];
	if (list.length === 0) return { ok: false, errors: ['the array holds no event'] };
	const events: Array<{ event: WebhookEvent; type: WebhookEventType | undefined }> = [];
	const errors: string[] = [];
	list.forEach((entry, index) => {
		const result = parseEvent(entry);
		const where = Array.isArray(body) ? `event ${index}: ` : '';
		if (result.ok) events.push({ event: result.event, type: result.type });
		else errors.push(...result.errors.map((error) => where + error));
	});
	return errors.length ? { ok: false, errors } : { ok: true, events };
}

/** Text of a query-string value in the spec's type (GET webhooks carry every value as text). */
function decodeQueryValue(value: unknown, kind: FieldKind): unknown {
	if (typeof kind === 'object') return isPlainObject(value) ? decodeQueryObject(value, kind.object) : value;
	if (typeof value !== 'string') return value;
	switch (kind) {
		case 'number':
			return numericText.test(value) ? Number(value) : value;
		case 'integer':
			return integerText.test(value) ? Number(value) : value;
		case 'boolean':
			if (value === 'true' || value === '1') return true;
			if (value === 'false' || value === '0') return false;
			return value;
		case 'nullableString':
			// A query string cannot say null; the emulator sends it as an empty value.
			return value === '' ? null : value;
		default:
			return value;
	}
}

function decodeQueryObject(values: Record<string, unknown>, table: FieldTable): Record<string, unknown> {
	const decoded: Record<string, unknown> = {};
	for (const [name, value] of Object.entries(values)) {
		decoded[name] = table[name] ? decodeQueryValue(value, table[name].kind) : value;
	}
	return decoded;
}

/**
 * Turns a GET webhook's parsed query (nested objects from `message[messageid]=…`, all values text)
 * into the shape of the POST body: numbers, booleans and nulls where the spec has them.
 */
export function decodeQueryEvent(query: Record<string, unknown>): Record<string, unknown> {
	const event = { ...query };
	const type = typeof query.webhook_type === 'string' ? findEventType(query.webhook_type) : undefined;
	if (type && isPlainObject(query[type.payloadKey])) {
		event[type.payloadKey] = decodeQueryObject(query[type.payloadKey] as Record<string, unknown>, PAYLOAD_FIELDS[type.value]);
	}
	if (isPlainObject(query.isreply)) event.isreply = decodeQueryObject(query.isreply, ISREPLY_FIELDS);
	return event;
}
