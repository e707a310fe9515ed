import { parseEvent, parseEvents, WEBHOOK_EVENT_TYPES } from '../../nodes/MessagingGateway/core';
import { DELIVERY_REPORT_MINIMAL, SPEC_EXAMPLES, SPEC_PAYLOADS, specViolations } from '../fixtures/spec-events';

test('the 14 types of spec section 6, with their payload keys', () => {
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
	const event = { ...withoutUsername, message: { ...DELIVERY_REPORT_MINIMAL.message, cost: 'free', messageid: undefined } };
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
	expect(parseEvents([])).toEqual({ ok: false, errors: ['the array holds no event'] });
});
