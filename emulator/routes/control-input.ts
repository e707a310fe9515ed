/** Reads the control API's request bodies: a webhook endpoint, an incoming SMS, a fault. */
import { WEBHOOK_EVENT_TYPES } from '../../nodes/MessagingGateway/core/events/events';
import { isObject } from '../../nodes/MessagingGateway/core/objects';
import { internationalNumberProblem } from '../../nodes/MessagingGateway/core/numbers/international';
import { senderKindOf } from '../../nodes/MessagingGateway/core/numbers/sender-kind';
import { MAX_MESSAGE_LENGTH, senderRule } from '../../nodes/MessagingGateway/core/sending/rules';
import { DEFAULT_AUTORESPONDER, type Autoresponder } from '../autoresponders';
import type { WebhookEndpoint } from '../dispatch';
import { isreplyFor, type Fields } from '../events';
import { controlError } from '../http';
import { isOwnAddress } from '../self-address';
import { MAX_TIMER_MS } from '../tasks';
import type { Account, Fault, SentMessage } from '../types';

/** Most faults one request queues, and most waiting at once: a test needs a few, not millions. */
export const MAX_QUEUED_FAULTS = 10_000;

/** A number as the gateway writes it, international digits, by core's number rule; `field` names it in the error. */
export function readNumber(value: unknown, field: string): string {
	const problem = typeof value === 'string' ? internationalNumberProblem(value) : 'it is not a text';
	if (problem) throw controlError(`"${field}" must be an international number, digits only: ${problem}`);
	return value as string;
}

/**
 * Who an incoming SMS is from: an international number, or a machine sender (docs/emulator.md) — a short code
 * (digits only) or a name the gateway would take as a sender ("Vodafone", "INFO").
 */
function readFrom(value: unknown): string {
	const kind = senderKindOf(value);
	const machine =
		typeof value === 'string' &&
		(kind === 'shortCode' ? /^\d+$/.test(value) : kind === 'alphanumeric' && senderRule(value) === undefined);
	return machine ? value : readNumber(value, 'from');
}

export const EVENT_TYPE_VALUES: readonly string[] = WEBHOOK_EVENT_TYPES.map((type) => type.value);

/** A webhook endpoint to register; `ownPort` is the emulator's, whose own URLs are refused. */
export function readEndpoint(body: Fields, id: string, ownPort: number): WebhookEndpoint {
	let parsed: URL;
	try {
		parsed = new URL(String(body.url));
	} catch {
		throw controlError('"url" must be an absolute http(s) URL');
	}
	if (!/^https?:$/.test(parsed.protocol)) throw controlError('"url" must be an absolute http(s) URL');
	if (isOwnAddress(parsed, ownPort))
		throw controlError('"url" points at the emulator itself: its deliveries would loop');
	const method = body.method ?? 'POST';
	if (method !== 'POST' && method !== 'GET') throw controlError('"method" must be POST or GET');
	if (method === 'GET' && parsed.search) throw controlError('a GET endpoint URL cannot carry its own query string');
	const types = body.types ?? ['*'];
	const known = new Set<string>(['*', ...EVENT_TYPE_VALUES]);
	if (!Array.isArray(types) || types.length === 0 || types.some((type) => !known.has(type as string))) {
		throw controlError(`"types" must be a list of: ${[...known].join(', ')}`);
	}
	return { id, url: parsed.toString(), method, types: types as string[] };
}

/** `POST /emulator/events`: the type to emit and the fields to merge in. */
export function readEmit(body: Fields): { type: string; fields: Fields } {
	const type = body.type;
	if (typeof type !== 'string' || !EVENT_TYPE_VALUES.includes(type)) {
		throw controlError(`"type" must be one of: ${EVENT_TYPE_VALUES.join(', ')}`);
	}
	if (body.fields !== undefined && !isObject(body.fields)) throw controlError('"fields" must be an object');
	return { type, fields: (body.fields as Fields) ?? {} };
}

/**
 * An incoming SMS on the virtual number, as the fields of its `inbox_message`. `replyTo` (a sent
 * messageid) makes it a reply: `isreply` names the original, `orig_reference` included, and unless
 * given, `from` is the original's recipient and `to` the number it was sent from, so a test answers
 * any sent message with `{replyTo, content}` alone (`replyTo: "latest"` for the message sent last).
 */
export function readInbound(body: Fields, account: Account, messages: readonly SentMessage[]): Fields {
	// "latest": the message sent last (the demo's walk-through answers its question in one call).
	const original =
		body.replyTo === undefined
			? undefined
			: body.replyTo === 'latest'
				? messages.at(-1)
				: messages.find((message) => message.messageid === body.replyTo);
	if (body.replyTo !== undefined && !original)
		throw controlError(`no sent message with messageid "${String(body.replyTo)}"`);
	const from = readFrom(body.from ?? original?.to);
	if (typeof body.content !== 'string') throw controlError('"content" must be a text');
	const to =
		typeof body.to === 'string'
			? body.to
			: original && /^\d+$/.test(original.sender)
				? original.sender
				: account.virtualNumber;
	if (body.type !== undefined && body.type !== 'sms' && body.type !== 'whatsapp')
		throw controlError('"type" must be sms or whatsapp');
	const type = body.type ?? 'sms';
	const fields: Fields = { message: { sender: from, receiver: to, content: body.content, type } };
	if (original)
		fields.isreply = isreplyFor(
			{ ...original, receiver: original.to, created: new Date(original.created) },
			account.timezone,
		);
	return fields;
}

/** `POST /emulator/faults`: the faults to queue, `count` of them, the first after `after` requests (to `path` only, if given). */
export function readFaults(body: Fields, queued: number): Fault[] {
	const status = body.status === 'hang' || body.hang === true ? 'hang' : body.status;
	if (
		status !== 'hang' &&
		status !== 200 &&
		status !== 400 &&
		status !== 404 &&
		status !== 429 &&
		status !== 500 &&
		status !== 502 &&
		status !== 503
	) {
		throw controlError('"status" must be 200, 400, 404, 429, 500, 502, 503 or "hang"');
	}
	if (body.body !== undefined && status !== 200) throw controlError('"body" is only for a fault with "status" 200');
	if (body.echo !== undefined && (typeof body.echo !== 'boolean' || status === 'hang'))
		throw controlError('"echo" must be true or false, and needs a status');
	const count = body.count ?? 1;
	if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
		throw controlError('"count" must be a positive integer');
	}
	if (queued + count > MAX_QUEUED_FAULTS) {
		throw controlError(`"count" ${count} would queue more than ${MAX_QUEUED_FAULTS} faults (${queued} waiting)`);
	}
	if (body.retryAfter !== undefined && typeof body.retryAfter !== 'number') {
		throw controlError('"retryAfter" must be a number of seconds');
	}
	if (body.after !== undefined && (typeof body.after !== 'number' || !Number.isInteger(body.after) || body.after < 0)) {
		throw controlError('"after" must be a whole number of requests');
	}
	if (body.path !== undefined && (typeof body.path !== 'string' || !body.path.startsWith('/v1/')))
		throw controlError('"path" must be an API path such as "/v1/optouts"');
	const fault: Fault = {
		status,
		...(body.path !== undefined ? { path: body.path as string } : {}),
		retryAfter: body.retryAfter as number | undefined,
		...(body.echo ? { echo: true } : {}),
		...(status === 200 ? { body: body.body ?? {} } : {}),
	};
	const faults: Fault[] = body.after ? [{ ...fault, after: body.after as number }] : [];
	faults.push(...Array.from({ length: body.after ? count - 1 : count }, () => ({ ...fault })));
	return faults;
}

/** `POST /emulator/optouts`: the number to add. */
export function readOptOut(body: Fields): string {
	return readNumber(body.number, 'number');
}

/** `POST /emulator/groups`: the new group's name. */
export function readGroupName(body: Fields): string {
	if (typeof body.name !== 'string' || body.name.trim() === '') throw controlError('"name" must be a text');
	return body.name;
}

/** Most texts one burst sends, and the longest gap between two: a test needs a few, seconds apart. */
export const MAX_BURST_TEXTS = 100;
export const MAX_BURST_GAP_MS = 60_000;

/** `POST /emulator/inbound` with `texts` (and `gapMs`, default 1000): a burst of SMS; undefined for one SMS (`content`). */
export function readBurst(body: Fields): { texts: string[]; gapMs: number } | undefined {
	if (body.texts === undefined) return undefined;
	const { texts, gapMs = 1000 } = body;
	if (body.content !== undefined) throw controlError('give "content" (one SMS) or "texts" (a burst), not both');
	if (
		!Array.isArray(texts) ||
		texts.length === 0 ||
		texts.length > MAX_BURST_TEXTS ||
		texts.some((text) => typeof text !== 'string')
	)
		throw controlError(`"texts" must be a list of 1 to ${MAX_BURST_TEXTS} texts`);
	if (typeof gapMs !== 'number' || !Number.isFinite(gapMs) || gapMs < 0 || gapMs > MAX_BURST_GAP_MS)
		throw controlError(`"gapMs" must be a number from 0 to ${MAX_BURST_GAP_MS}`);
	return { texts: texts as string[], gapMs };
}

/** A delay a timer can wait, or the default when absent. */
function readDelay(value: unknown): number {
	if (value === undefined) return DEFAULT_AUTORESPONDER.delayMs;
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_TIMER_MS)
		throw controlError(`"delayMs" must be a number from 0 to ${MAX_TIMER_MS}`);
	return value;
}

/** `PUT /emulator/autoresponders`: `{autoresponders: [{number, delayMs?, text?}]}`, the list that replaces the set one. */
export function readAutoresponders(body: Fields): Autoresponder[] {
	const list = body.autoresponders;
	if (!Array.isArray(list)) throw controlError('"autoresponders" must be a list of {number, delayMs?, text?}');
	return list.map((entry: unknown) => {
		if (!isObject(entry)) throw controlError('each auto-responder must be an object {number, delayMs?, text?}');
		const text = entry.text ?? DEFAULT_AUTORESPONDER.text;
		if (typeof text !== 'string' || text.trim() === '' || text.length > MAX_MESSAGE_LENGTH)
			throw controlError(`"text" must be a text of 1 to ${MAX_MESSAGE_LENGTH} characters`);
		return { number: readNumber(entry.number, 'number'), delayMs: readDelay(entry.delayMs), text };
	});
}
