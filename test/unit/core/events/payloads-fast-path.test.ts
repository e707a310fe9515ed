/**
 * The trigger judges an event first with plain checks compiled from the field tables and asks zod
 * only when they find something. These properties prove that this fast path accepts and refuses
 * exactly what the zod schemas do, over the spec's example events and random mutations of them,
 * in both validation modes.
 */
import fc from 'fast-check';

import { findEventType } from '../../../../nodes/MessagingGateway/core/events/events';
import { conformsToSpec } from '../../../../nodes/MessagingGateway/core/events/event-checks';
import {
	envelopeSchema,
	isreplySchema,
	payloadSchemas,
} from '../../../../nodes/MessagingGateway/core/events/event-schemas';
import { parseEvents } from '../../../../nodes/MessagingGateway/core/events/parse-events';
import { receiveEvents } from '../../../../nodes/MessagingGateway/webhookTrigger/receive';
import { SPEC_ENVELOPE, SPEC_EXAMPLES, SPEC_ISREPLY, SPEC_PAYLOADS } from '../../../fixtures/spec-events';

type Json = Record<string, unknown>;

/** zod's verdict on an event that has its routing fields: what the trigger decided before the fast path. */
function zodAccepts(event: Json): boolean {
	if (!envelopeSchema.safeParse(event).success) return false;
	const type = typeof event.webhook_type === 'string' ? findEventType(event.webhook_type) : undefined;
	if (!type) return true;
	if (!payloadSchemas[type.value].safeParse(event[type.payloadKey]).success) return false;
	return type.value !== 'inbox_message' || isreplySchema.safeParse(event.isreply).success;
}

/** What a receiver needs to route an event (the lenient mode's only requirements). */
function routable(event: Json): boolean {
	const id = event.webhook_id;
	const type = event.webhook_type;
	const known = typeof type === 'string' ? findEventType(type) : undefined;
	const payload = known ? event[known.payloadKey] : {};
	return (
		((typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id))) &&
		typeof type === 'string' &&
		type !== '' &&
		typeof payload === 'object' &&
		payload !== null &&
		!Array.isArray(payload)
	);
}

const replacement = fc.oneof(
	fc.constant(undefined), // the field is removed (JSON drops it)
	fc.constant(null),
	fc.string({ maxLength: 8 }),
	fc.integer().map(String),
	fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map(String),
	fc.integer(),
	fc.double({ noNaN: true, noDefaultInfinity: true }),
	fc.boolean(),
	fc.constant(''),
	fc.array(fc.integer(), { maxLength: 2 }),
	fc.dictionary(
		fc.constantFrom('a', 'group', 'receiver', 'reply'),
		fc.oneof(fc.string({ maxLength: 3 }), fc.boolean()),
		{ maxKeys: 2 },
	),
);

/** Every path a mutation can hit in an event of `type`: envelope, payload object, its fields, nested fields, isreply. */
function pathsOf(type: string): string[][] {
	const { key, fields } = SPEC_PAYLOADS[type];
	const paths = [
		...Object.keys(SPEC_ENVELOPE).map((name) => [name]),
		[key],
		...Object.keys(fields).map((name) => [key, name]),
		['extra_field'],
		[key, 'extra_field'],
	];
	if (type === 'email2sms_received') paths.push([key, 'receiver', 'group'], [key, 'receiver', 'receiver']);
	if (type === 'inbox_message') paths.push(['isreply'], ...Object.keys(SPEC_ISREPLY).map((name) => ['isreply', name]));
	return paths;
}

function mutate(event: Json, path: string[], value: unknown): void {
	let target: unknown = event;
	for (const part of path.slice(0, -1)) {
		const next = (target as Json)[part];
		if (typeof next !== 'object' || next === null || Array.isArray(next)) {
			(target as Json)[part] = {};
		}
		target = (target as Json)[part];
	}
	(target as Json)[path[path.length - 1]] = value;
}

const types = Object.keys(SPEC_EXAMPLES);
const withReply = {
	...SPEC_EXAMPLES.inbox_message,
	isreply: Object.fromEntries(
		Object.keys(SPEC_ISREPLY).map((name) => [name, name === 'reply' ? true : name === 'orig_messageid' ? 7 : 'x']),
	),
};

/** A spec example, with up to four fields replaced or removed, as JSON. */
const mutatedEvent = fc
	.constantFrom(...types, 'inbox_message_with_reply')
	.chain((name) => {
		const type = name === 'inbox_message_with_reply' ? 'inbox_message' : name;
		const base = name === 'inbox_message_with_reply' ? withReply : SPEC_EXAMPLES[type];
		return fc.tuple(
			fc.constant(base),
			fc.array(fc.tuple(fc.constantFrom(...pathsOf(type)), replacement), { maxLength: 4 }),
		);
	})
	.map(([base, mutations]) => {
		const event = structuredClone(base) as Json;
		for (const [path, value] of mutations) mutate(event, path, value);
		return JSON.parse(JSON.stringify(event)) as Json;
	});

describe('the fast path of event validation', () => {
	it('the spec example of every webhook type passes the plain checks', () => {
		for (const type of types) {
			expect(conformsToSpec(SPEC_EXAMPLES[type], findEventType(type))).toBe(true);
		}
		expect(conformsToSpec(withReply, findEventType('inbox_message'))).toBe(true);
	});

	it('the plain checks accept exactly what the zod schemas accept', () => {
		fc.assert(
			fc.property(mutatedEvent, (event) => {
				const type = typeof event.webhook_type === 'string' ? findEventType(event.webhook_type) : undefined;
				expect(conformsToSpec(event, type)).toBe(zodAccepts(event));
			}),
			{ numRuns: 3000 },
		);
	});

	it('strict mode accepts exactly the routable events zod accepts', () => {
		fc.assert(
			fc.property(mutatedEvent, (event) => {
				const parsed = parseEvents(event, { strict: true });
				expect(parsed.ok).toBe(routable(event) && zodAccepts(event));
				expect(parsed.events.length).toBe(parsed.ok ? 1 : 0);
				expect(parsed.errorCount > 0).toBe(!parsed.ok);
			}),
			{ numRuns: 2000 },
		);
	});

	it('lenient mode accepts every routable event and names deviations exactly when zod finds some', () => {
		fc.assert(
			fc.property(mutatedEvent, (event) => {
				const parsed = parseEvents(event, { strict: false });
				expect(parsed.ok).toBe(routable(event));
				if (parsed.ok) expect(parsed.deviationCount > 0).toBe(!zodAccepts(event));
				else expect(parsed.deviationCount).toBe(0);
			}),
			{ numRuns: 2000 },
		);
	});

	it('an array of mutated events: the same verdict per entry in both modes, and receiveEvents keeps the selected ones', () => {
		fc.assert(
			fc.property(fc.array(mutatedEvent, { minLength: 1, maxLength: 5 }), (events) => {
				const lenient = receiveEvents(events, { strict: false, selected: ['*'] });
				expect(lenient.parsed.events.map(({ event }) => event)).toEqual(events.filter(routable));
				expect(lenient.starting).toEqual(events.filter(routable));
				const strict = receiveEvents(events, { strict: true, selected: ['delivery_report'] });
				const allExact = events.every((event) => routable(event) && zodAccepts(event));
				// Strict refuses the whole body for one wrong entry (and stops after enough problems).
				if (allExact)
					expect(strict.starting).toEqual(events.filter((event) => event.webhook_type === 'delivery_report'));
				else expect(strict.starting).toEqual([]);
			}),
			{ numRuns: 500 },
		);
	});
});
