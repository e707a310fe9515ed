/**
 * GET webhooks carry the event as a query string (docs/gateway-api.md#webhooks): `encodeQuery`
 * writes it the way the gateway does (the emulator sends it); `decodeQueryEvent` reads it back into
 * the POST shape with the field tables of event-fields.ts. test/unit/core/events/query.test.ts proves the round trip
 * for all 14 webhook types.
 */
import { findEventType } from './events';
import { isObject } from '../objects';
import {
	integerText,
	ISREPLY_FIELDS,
	numericText,
	PAYLOAD_FIELDS,
	type FieldKind,
	type FieldTable,
} from './event-fields';

/**
 * Percent-encodes everything but RFC 3986's unreserved characters. encodeURIComponent leaves
 * `!'()*` as they are, and an HTTP client's URL parser then turns `'` into `%27`: the request would
 * carry another query string than the one signed. This form is the same before and after parsing.
 */
function encodeQueryPart(text: string): string {
	return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `message[messageid]=…&…` as qs and Express parse it. A query string cannot say null: a null field
 * is left out (the trigger restores it for the fields that can be null); `""` is sent as `field=`.
 */
export function encodeQuery(value: Record<string, unknown>, prefix = ''): string {
	const parts: string[] = [];
	for (const [key, item] of Object.entries(value)) {
		if (item === null || item === undefined) continue;
		const name = prefix ? `${prefix}[${encodeQueryPart(key)}]` : encodeQueryPart(key);
		if (typeof item === 'object') {
			parts.push(encodeQuery(item as Record<string, unknown>, name));
		} else {
			parts.push(`${name}=${encodeQueryPart(String(item))}`);
		}
	}
	return parts.filter((part) => part !== '').join('&');
}

/** Text of a query-string value in the spec's type (GET webhooks carry every value as text). */
function decodeQueryValue(value: unknown, kind: FieldKind): unknown {
	if (typeof kind === 'object') return isObject(value) ? decodeQueryObject(value, kind.object) : value;
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
		default:
			// Text stays text, the empty text included: a query string sends null by leaving the field out.
			return value;
	}
}

/**
 * Decodes the fields of one object in the order they were sent. A query string cannot say null,
 * so the gateway (and the emulator) leaves such a field out: a field that can be null and is
 * absent comes back as null, placed after the field that precedes it in the spec.
 */
function decodeQueryObject(values: Record<string, unknown>, table: FieldTable): Record<string, unknown> {
	const order = Object.keys(table);
	const absentNulls = order.filter((name) => table[name].kind === 'nullableString' && !(name in values));
	const decoded: Record<string, unknown> = {};
	const addNullsBefore = (position: number) => {
		while (absentNulls.length && order.indexOf(absentNulls[0]) < position) decoded[absentNulls.shift()!] = null;
	};
	for (const [name, value] of Object.entries(values)) {
		if (table[name]) addNullsBefore(order.indexOf(name));
		decoded[name] = table[name] ? decodeQueryValue(value, table[name].kind) : value;
	}
	addNullsBefore(order.length);
	return decoded;
}

/**
 * Turns a GET webhook's parsed query (nested objects from `message[messageid]=…`, all values text)
 * into the shape of the POST body: numbers, booleans and nulls where the spec has them; an empty
 * value stays an empty text.
 */
export function decodeQueryEvent(query: Record<string, unknown>): Record<string, unknown> {
	const event = { ...query };
	const type = typeof query.webhook_type === 'string' ? findEventType(query.webhook_type) : undefined;
	if (type && isObject(query[type.payloadKey])) {
		event[type.payloadKey] = decodeQueryObject(
			query[type.payloadKey] as Record<string, unknown>,
			PAYLOAD_FIELDS[type.value],
		);
	}
	if (isObject(query.isreply)) event.isreply = decodeQueryObject(query.isreply, ISREPLY_FIELDS);
	return event;
}
