/**
 * The webhook envelope (docs/gateway-api.md#webhooks) and every payload object (docs/gateway-api.md#webhook-types), as field tables from which
 * both the zod schemas (validation) and the GET query-string decoding (types, in query.ts) are built.
 *
 * Longer than the other core files on purpose: the field tables of all 14 payloads are data, one per
 * table of the reference, and the two things built from them (the zod schemas that name problems, the
 * plain checks compiled for the webhook's hot path) stay beside them so that a field is changed in one
 * place. Split it only along the tables.
 */
import { z } from 'zod';

import { isObject } from './objects';
import { findEventType, isEventSelected, isInterimDeliveryReport, type WebhookEventType } from './events';

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

/**
 * The same field tables as plain checks, compiled once: true only when the zod schema built from
 * the table would accept the value. It is the fast path for the common case (an event as the spec
 * describes it); anything it does not accept goes to the zod schemas, which decide and name the
 * problems. It may say false where zod accepts (a non-finite number, an object with another
 * prototype): zod then decides, so the outcome is always zod's.
 */
type Check = (value: unknown) => boolean;

const isString: Check = (value) => typeof value === 'string';
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function checkOf(kind: FieldKind): Check {
	if (typeof kind === 'object') return objectCheck(kind.object);
	switch (kind) {
		case 'string':
			return isString;
		case 'nullableString':
			return (value) => value === null || typeof value === 'string';
		case 'number':
			return (value) => isFiniteNumber(value) || (typeof value === 'string' && numericText.test(value));
		case 'integer':
			return (value) => Number.isInteger(value) || (typeof value === 'string' && integerText.test(value));
		case 'boolean':
			return (value) => typeof value === 'boolean';
		case 'code':
		case 'id':
			return (value) => typeof value === 'string' || isFiniteNumber(value);
	}
}

/** Only objects as JSON.parse makes them: zod judges anything else. */
const isJsonObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function objectCheck(table: FieldTable): Check {
	const fields = Object.entries(table).map(([name, spec]) => {
		const check = checkOf(spec.kind);
		return { name, check: spec.required ? check : (value: unknown) => value === undefined || check(value) };
	});
	return (value) => {
		if (!isJsonObject(value)) return false;
		for (const { name, check } of fields) if (!check(value[name])) return false;
		return true;
	};
}

const envelopeCheck = objectCheck(ENVELOPE_FIELDS);
const isreplyObjectCheck = objectCheck(ISREPLY_FIELDS);
const payloadChecks: Record<string, Check> = Object.fromEntries(
	Object.entries(PAYLOAD_FIELDS).map(([type, table]) => [type, objectCheck(table)]),
);

/**
 * True when `json` matches docs/gateway-api.md#webhook-types field for field (what shapeErrors would find no problem
 * in). A false only means "ask zod".
 */
export function conformsToSpec(json: unknown, type: WebhookEventType | undefined): boolean {
	if (!envelopeCheck(json)) return false;
	if (!type) return true;
	const event = json as Record<string, unknown>;
	if (!payloadChecks[type.value](event[type.payloadKey])) return false;
	if (type.value === 'inbox_message' && !(event.isreply === undefined || event.isreply === null || isreplyObjectCheck(event.isreply))) return false;
	return true;
}

export const envelopeSchema = objectSchema(ENVELOPE_FIELDS);
export const isreplySchema = objectSchema(ISREPLY_FIELDS).nullable().optional();
export const payloadSchemas: Record<string, z.ZodTypeAny> = Object.fromEntries(
	Object.entries(PAYLOAD_FIELDS).map(([type, table]) => [type, objectSchema(table)]),
);

/** One webhook event, as sent: envelope fields, one payload object, maybe `isreply`, maybe more. */
export type WebhookEvent = Record<string, unknown> & { webhook_id: string | number; webhook_type: string };

export interface ParsedEvent {
	event: WebhookEvent;
	type: WebhookEventType | undefined;
}

export type ParseEventResult =
	| (ParsedEvent & { ok: true; deviations?: string[] })
	| { ok: false; errors: string[] };

export interface ParseOptions {
	/**
	 * true (the default here): every field of docs/gateway-api.md#webhook-types must be present with its type.
	 * false: only what a receiver needs to route the event is required (`webhook_id`, `webhook_type`
	 * and, for a known type, its payload object); every other deviation is returned in
	 * `deviations` and the event passes as sent.
	 */
	strict?: boolean;
}

function valueAt(input: unknown, path: Array<string | number>): unknown {
	return path.reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), input);
}

function describeIssues(error: z.ZodError, input: unknown, prefix: string): string[] {
	return error.issues.map((issue) => {
		const path = [prefix, ...issue.path].filter((part) => part !== '').join('.');
		return valueAt(input, issue.path) === undefined ? `${path}: missing` : `${path}: ${issue.message}`;
	});
}

function describeType(value: unknown): string {
	return Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
}

/**
 * What a receiver cannot do without: an object with a `webhook_id` (text or number, not empty),
 * a `webhook_type` (text, not empty) and, for a type the spec lists, the payload object it carries.
 * Cheap and bounded (a few checks per event), so it can run on every entry of a huge array; with
 * `describe` false the problems are only counted, no text is built.
 */
function routingProblems(json: unknown, describe = true): { count: number; errors: string[]; type?: WebhookEventType } {
	const errors: string[] = [];
	let count = 0;
	const problem = (text: () => string) => {
		count++;
		if (describe) errors.push(text());
	};
	if (!isObject(json)) {
		problem(() => `expected a JSON object, got ${describeType(json)}`);
		return { count, errors };
	}
	const id = json.webhook_id;
	if (id === undefined) problem(() => 'webhook_id: missing');
	else if (id === '') problem(() => 'webhook_id: empty');
	else if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) {
		problem(() => `webhook_id: expected a text or a number, got ${describeType(id)}`);
	}
	const webhookType = json.webhook_type;
	if (webhookType === undefined) problem(() => 'webhook_type: missing');
	else if (webhookType === '') problem(() => 'webhook_type: empty');
	else if (typeof webhookType !== 'string') {
		problem(() => `webhook_type: expected a text, got ${describeType(webhookType)}`);
	}
	const type = typeof webhookType === 'string' ? findEventType(webhookType) : undefined;
	if (type && !isObject(json[type.payloadKey])) {
		problem(() => `${type.payloadKey}: missing (a ${type.value} event carries a "${type.payloadKey}" object)`);
	}
	return { count, errors, type };
}

/** Every deviation from docs/gateway-api.md#webhook-types: the envelope's fields, the payload object's, `isreply`. */
function shapeErrors(json: Record<string, unknown>, type: WebhookEventType | undefined): string[] {
	const envelope = envelopeSchema.safeParse(json);
	const errors = envelope.success ? [] : describeIssues(envelope.error, json, '');
	if (!type) return errors;
	const payload = json[type.payloadKey];
	if (!isObject(payload)) {
		errors.push(`${type.payloadKey}: missing (a ${type.value} event carries a "${type.payloadKey}" object)`);
	} else {
		const parsed = payloadSchemas[type.value].safeParse(payload);
		if (!parsed.success) errors.push(...describeIssues(parsed.error, payload, type.payloadKey));
	}
	if (type.value === 'inbox_message') {
		const reply = isreplySchema.safeParse(json.isreply);
		if (!reply.success) errors.push(...describeIssues(reply.error, json.isreply, 'isreply'));
	}
	return errors;
}

/** shapeErrors, with zod asked only when the plain checks find something to name. */
function deviationsOf(json: Record<string, unknown>, type: WebhookEventType | undefined): string[] {
	return conformsToSpec(json, type) ? [] : shapeErrors(json, type);
}

/**
 * Checks that `json` is a webhook event and returns it as given. Strict (the default): the envelope
 * and, for a known type, its payload object must match docs/gateway-api.md#webhook-types field for field (a type the
 * spec does not list is accepted on its envelope alone). Lenient (`strict: false`): only the
 * routing fields are required, the rest is reported in `deviations`.
 */
export function parseEvent(json: unknown, { strict = true }: ParseOptions = {}): ParseEventResult {
	const routing = routingProblems(json);
	if (!isObject(json)) return { ok: false, errors: routing.errors };
	if (strict) {
		if (routing.count === 0 && conformsToSpec(json, routing.type)) return { ok: true, event: json as WebhookEvent, type: routing.type };
		const errors = shapeErrors(json, routing.type);
		for (const error of routing.errors) if (!errors.includes(error)) errors.push(error);
		return errors.length ? { ok: false, errors } : { ok: true, event: json as WebhookEvent, type: routing.type };
	}
	if (routing.errors.length) return { ok: false, errors: routing.errors };
	return { ok: true, event: json as WebhookEvent, type: routing.type, deviations: deviationsOf(json, routing.type) };
}

/** At most this many problems are named in an answer or a log line; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 10;
/** A problem text is cut to this length, so that an answer stays small whatever it is sent. */
const MAX_PROBLEM_LENGTH = 200;

export interface ParseEventsResult {
	/** True when every entry is an event (strict: every one matches the spec exactly). */
	ok: boolean;
	/** The entries that are events, in order; empty in strict mode when anything is wrong. */
	events: ParsedEvent[];
	/** Entries that are not events. */
	rejected: number;
	/** The first problems, at most MAX_LISTED_PROBLEMS, each naming its entry in an array. */
	errors: string[];
	/** Problems found in all (in strict mode: until validation stopped). */
	errorCount: number;
	/** Strict mode stops at the first MAX_LISTED_PROBLEMS problems: the body is refused anyway. */
	stoppedEarly: boolean;
	/** Lenient mode: the first deviations from the spec among accepted events, for the log. */
	deviations: string[];
	/** Deviations found until MAX_LISTED_PROBLEMS were listed (the comparison stops there). */
	deviationCount: number;
}

const clip = (text: string) => (text.length > MAX_PROBLEM_LENGTH ? `${text.slice(0, MAX_PROBLEM_LENGTH - 1)}…` : text);

/**
 * A body holds one event or a JSON array of events. Lenient (`strict: false`): every entry that is
 * an event is returned, the others are counted and the first few named. Strict: any problem refuses
 * the body, and validation stops once MAX_LISTED_PROBLEMS are found. Either way the work per entry
 * and the size of the result are bounded, whatever the body holds.
 */
export function parseEvents(body: unknown, { strict = true }: ParseOptions = {}): ParseEventsResult {
	const isArray = Array.isArray(body);
	const list: unknown[] = isArray ? body : [body];
	const result: ParseEventsResult = {
		ok: true,
		events: [],
		rejected: 0,
		errors: [],
		errorCount: 0,
		stoppedEarly: false,
		deviations: [],
		deviationCount: 0,
	};
	const note = (target: string[], index: number, problems: string[]) => {
		for (const problem of problems) {
			if (target.length < MAX_LISTED_PROBLEMS) target.push(clip(isArray ? `event ${index}: ${problem}` : problem));
		}
	};
	if (list.length === 0) {
		return { ...result, ok: false, errors: ['the array holds no event'], errorCount: 1 };
	}
	for (let index = 0; index < list.length; index++) {
		if (strict && result.errorCount >= MAX_LISTED_PROBLEMS) {
			result.stoppedEarly = true;
			break;
		}
		const entry = list[index];
		// Lenient: the cheap routing check decides; the spec comparison (for the log) runs only
		// until enough deviations are listed, so a huge array costs little more than its parsing.
		let count: number;
		let errors: string[];
		let type: WebhookEventType | undefined;
		if (strict) {
			const parsed = parseEvent(entry);
			[errors, type] = parsed.ok ? [[], parsed.type] : [parsed.errors, undefined];
			count = errors.length;
		} else {
			({ count, errors, type } = routingProblems(entry, result.errors.length < MAX_LISTED_PROBLEMS));
		}
		if (count > 0) {
			result.ok = false;
			result.rejected++;
			result.errorCount += count;
			note(result.errors, index, errors);
			continue;
		}
		const event = entry as WebhookEvent;
		result.events.push({ event, type });
		if (!strict && result.deviations.length < MAX_LISTED_PROBLEMS) {
			const deviations = deviationsOf(event, type);
			result.deviationCount += deviations.length;
			note(result.deviations, index, deviations);
		}
	}
	if (strict && !result.ok) result.events = [];
	return result;
}

export interface ReceiveOptions extends ParseOptions {
	/** The trigger's Events selection (ALL_EVENTS for every type). */
	selected: readonly string[];
	/** Leave out delivery reports after which another one follows. */
	finalReportsOnly?: boolean;
}

/**
 * The trigger's work on a verified body, in one place for the node and the benchmark: judge every
 * entry (parseEvents), then keep the events that start the workflow.
 */
export function receiveEvents(
	body: unknown,
	{ selected, finalReportsOnly = false, ...parse }: ReceiveOptions,
): { parsed: ParseEventsResult; starting: WebhookEvent[] } {
	const parsed = parseEvents(body, parse);
	const starting: WebhookEvent[] = [];
	for (const { event } of parsed.events) {
		if (isEventSelected(event.webhook_type, selected) && !(finalReportsOnly && isInterimDeliveryReport(event))) starting.push(event);
	}
	return { parsed, starting };
}
