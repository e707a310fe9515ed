/**
 * parseEvent: is a JSON value a webhook event? The cheap checks decide the common case (an event as
 * the reference describes it); only an event they do not accept is judged by the zod schemas, which
 * name every problem. Strict: every documented field must be there with its type. Lenient: only what
 * a receiver needs to route the event; the rest is reported as deviations.
 */
import type { z } from 'zod';

import { findEventType, type WebhookEventType } from './events';
import { conformsToSpec } from './event-checks';
import type { WebhookEvent } from './event-fields';
import { envelopeSchema, isreplySchema, payloadSchemas } from './event-schemas';
import { isObject } from '../objects';

export interface ParsedEvent {
	event: WebhookEvent;
	type: WebhookEventType | undefined;
}

export type ParseEventResult = (ParsedEvent & { ok: true; deviations?: string[] }) | { ok: false; errors: string[] };

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
export function routingProblems(
	json: unknown,
	describe = true,
): { count: number; errors: string[]; type?: WebhookEventType } {
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
export function deviationsOf(json: Record<string, unknown>, type: WebhookEventType | undefined): string[] {
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
		if (routing.count === 0 && conformsToSpec(json, routing.type))
			return { ok: true, event: json as WebhookEvent, type: routing.type };
		const errors = shapeErrors(json, routing.type);
		for (const error of routing.errors) if (!errors.includes(error)) errors.push(error);
		return errors.length ? { ok: false, errors } : { ok: true, event: json as WebhookEvent, type: routing.type };
	}
	if (routing.errors.length) return { ok: false, errors: routing.errors };
	return { ok: true, event: json as WebhookEvent, type: routing.type, deviations: deviationsOf(json, routing.type) };
}
