import fc from 'fast-check';
import { parse as parseQuery } from 'qs';

import { isInterimDeliveryReport, WEBHOOK_EVENT_TYPES } from '../../../../nodes/MessagingGateway/core/events/events';
import { parseEvent } from '../../../../nodes/MessagingGateway/core/events/parse-event';
import { MAX_LISTED_PROBLEMS, parseEvents } from '../../../../nodes/MessagingGateway/core/events/parse-events';
import { decodeQueryEvent, encodeQuery } from '../../../../nodes/MessagingGateway/core/events/query';
import { DELIVERY_REPORT_MINIMAL, SPEC_EXAMPLES, SPEC_PAYLOADS, specViolations } from '../../../fixtures/spec-events';

test('the 14 types of docs/gateway-api.md#webhook-types, with their payload keys', () => {
	expect(WEBHOOK_EVENT_TYPES.map((type) => [type.value, type.payloadKey])).toEqual(
		Object.entries(SPEC_PAYLOADS).map(([type, payload]) => [type, payload.key]),
	);
});

test.each(Object.keys(SPEC_EXAMPLES))('the spec example of %s parses and is returned as given', (type) => {
	const example = SPEC_EXAMPLES[type];
	expect(specViolations(example)).toEqual([]);
	const result = parseEvent(example);
	expect(result).toMatchObject({ ok: true, type: { value: type } });
	if (result.ok) expect(result.event).toBe(example);
});

test('a delivery_report without its optional fields parses', () => {
	expect(specViolations(DELIVERY_REPORT_MINIMAL)).toEqual([]);
	expect(parseEvent(DELIVERY_REPORT_MINIMAL).ok).toBe(true);
});

test('codes and ids may arrive as numbers; unknown fields pass through', () => {
	const event = {
		...DELIVERY_REPORT_MINIMAL,
		webhook_id: 12345,
		extra_envelope_field: { nested: true },
		message: { ...DELIVERY_REPORT_MINIMAL.message, delivery_code: 1, cost: '0.075', new_field: 'x' },
	};
	expect(parseEvent(event)).toEqual({ ok: true, event, type: expect.objectContaining({ value: 'delivery_report' }) });
});

test('a type the spec does not list is accepted on its envelope', () => {
	const event = { ...DELIVERY_REPORT_MINIMAL, webhook_type: 'voice_report', voice: {} };
	expect(parseEvent(event)).toMatchObject({ ok: true, type: undefined });
});

test('what is wrong is listed with its path', () => {
	const { username: _username, ...withoutUsername } = DELIVERY_REPORT_MINIMAL;
	void _username;
	const event = {
		...withoutUsername,
		message: { ...DELIVERY_REPORT_MINIMAL.message, cost: 'free', messageid: undefined },
	};
	expect(parseEvent(event)).toEqual({
		ok: false,
		errors: ['username: missing', 'message.messageid: missing', 'message.cost: expected a number'],
	});
	expect(parseEvent({ ...SPEC_EXAMPLES.add_group, group: undefined })).toEqual({
		ok: false,
		errors: ['group: missing (a add_group event carries a "group" object)'],
	});
	expect(parseEvent('hello')).toEqual({ ok: false, errors: ['expected a JSON object, got string'] });
	expect(parseEvent([1])).toEqual({ ok: false, errors: ['expected a JSON object, got an array'] });
});

test('an array body holds several events; errors name the event', () => {
	const both = parseEvents([SPEC_EXAMPLES.add_group, SPEC_EXAMPLES.api_error]);
	expect(both.ok && both.events.map(({ event }) => event.webhook_type)).toEqual(['add_group', 'api_error']);
	expect(parseEvents([SPEC_EXAMPLES.add_group, { webhook_type: 'add_group' }])).toMatchObject({
		ok: false,
		errors: expect.arrayContaining(['event 1: webhook_id: missing']),
	});
	expect(parseEvents([])).toMatchObject({ ok: false, events: [], errors: ['the array holds no event'], errorCount: 1 });
});

describe('lenient parsing (strict: false): only what a receiver needs is required', () => {
	test('missing, null and mistyped payload fields pass; each deviation is reported', () => {
		const event = {
			...DELIVERY_REPORT_MINIMAL,
			username: undefined,
			message: { ...DELIVERY_REPORT_MINIMAL.message, reference: null, cost: 'free', messageid: undefined },
		};
		expect(parseEvent(event, { strict: false })).toEqual({
			ok: true,
			event,
			type: expect.objectContaining({ value: 'delivery_report' }),
			deviations: [
				'username: missing',
				'message.messageid: missing',
				'message.reference: Expected string, received null',
				'message.cost: expected a number',
			],
		});
		expect(parseEvent(event).ok).toBe(false); // strict, the default of parseEvent
	});

	test.each([
		[{ webhook_type: 'add_group', group: {} }, ['webhook_id: missing']],
		[{ webhook_id: '', webhook_type: 'add_group', group: {} }, ['webhook_id: empty']],
		[{ webhook_id: 'wh_1', webhook_type: '' }, ['webhook_type: empty']],
		[
			{ webhook_id: true, webhook_type: 'add_group', group: {} },
			['webhook_id: expected a text or a number, got boolean'],
		],
		[{ webhook_id: 'wh_1', webhook_type: null }, ['webhook_type: expected a text, got null']],
		[
			{ webhook_id: 'wh_1', webhook_type: 'add_group', group: [] },
			['group: missing (a add_group event carries a "group" object)'],
		],
		[[], ['expected a JSON object, got an array']],
	])('%j is not an event', (json, errors) => {
		expect(parseEvent(json, { strict: false })).toEqual({ ok: false, errors });
	});

	test('an array: valid events are returned, invalid ones counted and named', () => {
		const result = parseEvents([SPEC_EXAMPLES.add_group, 5, SPEC_EXAMPLES.api_error, {}], { strict: false });
		expect(result).toMatchObject({
			ok: false,
			rejected: 2,
			errors: [
				'event 1: expected a JSON object, got number',
				'event 3: webhook_id: missing',
				'event 3: webhook_type: missing',
			],
			errorCount: 3,
		});
		expect(result.events.map(({ event }) => event)).toEqual([SPEC_EXAMPLES.add_group, SPEC_EXAMPLES.api_error]);
	});

	test('a huge array: at most 10 problems named, all counted; strict stops early', () => {
		const body = Array.from({ length: 300_000 }, () => ({}));
		const lenient = parseEvents(body, { strict: false });
		expect(lenient.errors).toHaveLength(MAX_LISTED_PROBLEMS);
		expect(lenient).toMatchObject({ rejected: 300_000, errorCount: 600_000, stoppedEarly: false, events: [] });
		const strict = parseEvents(body);
		expect(strict.errors).toHaveLength(MAX_LISTED_PROBLEMS);
		expect(strict.stoppedEarly).toBe(true);
		expect(strict.errorCount).toBeLessThan(30);
	});

	test('deviations are compared only until 10 are listed', () => {
		const event = { ...SPEC_EXAMPLES.add_group, username: 1 };
		const result = parseEvents(
			Array.from({ length: 1000 }, () => event),
			{ strict: false },
		);
		expect(result.events).toHaveLength(1000);
		expect(result.deviations).toHaveLength(MAX_LISTED_PROBLEMS);
		expect(result.deviationCount).toBe(MAX_LISTED_PROBLEMS);
	});
});

test('interim delivery reports are those with code 0 (submitted) or 3 (buffered), docs/gateway-api.md#codes', () => {
	const report = (code: unknown) => ({
		...DELIVERY_REPORT_MINIMAL,
		message: { ...DELIVERY_REPORT_MINIMAL.message, delivery_code: code },
	});
	expect(['0', '3', 0, 3, ' 0'].map((code) => isInterimDeliveryReport(report(code)))).toEqual([
		true,
		true,
		true,
		true,
		true,
	]);
	expect(
		['1', '2', '4', '5', '9', 1, undefined, null, '03'].map((code) => isInterimDeliveryReport(report(code))),
	).toEqual(Array(9).fill(false));
	expect(isInterimDeliveryReport({ ...SPEC_EXAMPLES.read_report, message: { delivery_code: '0' } })).toBe(false);
});

describe('GET webhooks: the query string the emulator signs is the one a client sends, and decodes back', () => {
	/** What an HTTP client sends for `?query` (WHATWG URL parsing, as fetch does). */
	const sentQuery = (query: string) => new URL(`http://127.0.0.1/webhook?${query}`).search.slice(1);

	test('an apostrophe is percent-encoded, so the URL parser leaves the query as signed', () => {
		const query = encodeQuery({ message: { content: "It's here" } });
		expect(query).toBe('message[content]=It%27s%20here');
		expect(sentQuery(query)).toBe(query);
	});

	test('any text, empty or null, in any field: sent as signed, decoded as sent', () => {
		const text = fc.oneof(
			fc.string(),
			fc.string({ unit: 'grapheme' }),
			fc.constantFrom('', "'", '%27', '+', '&=[]#?', ' '),
		);
		fc.assert(
			fc.property(text, text, fc.option(text, { nil: null }), text, (content, reference, custom, firstname) => {
				const report = {
					...SPEC_EXAMPLES.delivery_report,
					method: 'GET',
					message: { ...(SPEC_EXAMPLES.delivery_report.message as object), content, reference },
				};
				const contact = {
					...SPEC_EXAMPLES.add_contact,
					method: 'GET',
					contact: { ...(SPEC_EXAMPLES.add_contact.contact as object), Custom3: custom, firstname },
				};
				for (const event of [report, contact]) {
					const query = encodeQuery(event);
					expect(sentQuery(query)).toBe(query);
					const decoded = decodeQueryEvent(parseQuery(sentQuery(query), { depth: 5 }) as Record<string, unknown>);
					expect(JSON.stringify(decoded)).toBe(JSON.stringify(event));
				}
			}),
			{ numRuns: 500 },
		);
	});
});
