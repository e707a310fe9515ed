/** The Messaging Gateway Trigger in n8n-core: every event type, filtering, signature checks, bodies that are not events, GET webhooks. */
import { WEBHOOK_EVENT_TYPES } from '../../nodes/MessagingGateway/core/events/events';
import { encodeQuery } from '../../nodes/MessagingGateway/core/events/query';
import { DELIVERY_REPORT_MINIMAL, SPEC_EXAMPLES, itemOf, specViolations } from '../fixtures/spec-events';
import { now, post, signed, trigger } from '../support/trigger-helpers';

describe('every webhook type comes out field for field', () => {
	test.each(Object.keys(SPEC_EXAMPLES))('%s', async (type) => {
		const server = await trigger(['*']);
		const body = JSON.stringify(SPEC_EXAMPLES[type]);
		const call = await server.call(post(body));
		expect(call.status).toBe(200);
		expect(call.body).toEqual({ received: 1, accepted: 1 });
		expect(call.items).toEqual([itemOf(SPEC_EXAMPLES[type])]);
		// Same names, same order, same types (an incoming message's senderKind after them).
		expect(JSON.stringify(call.items![0])).toBe(JSON.stringify(itemOf(SPEC_EXAMPLES[type])));
		expect(specViolations(call.items![0] as Record<string, unknown>)).toEqual([]);
	});

	test('a delivery_report with no optional field', async () => {
		const server = await trigger(['delivery_report']);
		const call = await server.call(post(JSON.stringify(DELIVERY_REPORT_MINIMAL)));
		expect(call.items).toEqual([DELIVERY_REPORT_MINIMAL]);
	});

	test('unknown extra fields pass through', async () => {
		const server = await trigger(['*']);
		const event = {
			...SPEC_EXAMPLES.add_group,
			extra: { a: [1, 2] },
			group: { ...(SPEC_EXAMPLES.add_group.group as object), note: 'x' },
		};
		expect((await server.call(post(JSON.stringify(event)))).items).toEqual([event]);
	});
});

describe('filtering by type', () => {
	test.each(WEBHOOK_EVENT_TYPES.map((type) => type.value))(
		'a trigger on %s starts only for that type',
		async (type) => {
			const server = await trigger([type]);
			for (const other of Object.keys(SPEC_EXAMPLES)) {
				const call = await server.call(post(JSON.stringify(SPEC_EXAMPLES[other])));
				expect(call.status).toBe(200);
				if (other === type) expect(call.items).toEqual([itemOf(SPEC_EXAMPLES[other])]);
				else {
					expect(call.items).toBeUndefined();
					expect(call.body).toEqual({ received: 1, accepted: 0 });
				}
			}
		},
	);

	test('an array body: one item per selected event', async () => {
		const server = await trigger(['add_group', 'api_error']);
		const events = [SPEC_EXAMPLES.add_group, SPEC_EXAMPLES.delete_group, SPEC_EXAMPLES.api_error];
		const call = await server.call(post(JSON.stringify(events)));
		expect(call.body).toEqual({ received: 3, accepted: 2 });
		expect(call.items).toEqual([SPEC_EXAMPLES.add_group, SPEC_EXAMPLES.api_error]);
	});
});

describe('signature checks: 401 and no workflow data', () => {
	const body = JSON.stringify(SPEC_EXAMPLES.inbox_message);
	const refused = async (headers: Record<string, string>, payload = body, options = {}) => {
		const server = await trigger(['*'], options);
		const call = await server.call(post(payload, headers));
		expect(call.status).toBe(401);
		expect(call.result).toEqual({ noWebhookResponse: true });
		expect(call.items).toBeUndefined();
		return call.body;
	};

	test('tampered body', async () => {
		expect(await refused(signed(body), body.replace('Yes', 'No!'))).toMatchObject({
			error: 'invalid_signature',
			check: 'no_matching_signature',
		});
	});
	test('wrong secret', async () => {
		expect(await refused(signed(body, { secret: 'other' }))).toEqual({
			error: 'invalid_signature',
			check: 'no_matching_signature',
		});
	});
	test('stale timestamp', async () => {
		expect(await refused(signed(body, { t: now() - 301 }))).toMatchObject({ check: 'timestamp_outside_tolerance' });
	});
	test('a shorter tolerance from the options', async () => {
		expect(await refused(signed(body, { t: now() - 30 }), body, { toleranceSeconds: 10 })).toMatchObject({
			check: 'timestamp_outside_tolerance',
		});
	});
	test('missing headers', async () => {
		expect(await refused({})).toMatchObject({ check: 'missing_header' });
	});
	test('garbled header', async () => {
		expect(await refused({ 'X-Service-Signature': 'v1=abc' })).toMatchObject({ check: 'malformed_header' });
	});

	test('tolerance 0 accepts an old timestamp', async () => {
		const server = await trigger(['*'], { toleranceSeconds: 0 });
		expect((await server.call(post(body, signed(body, { t: now() - 86400 })))).status).toBe(200);
	});

	test('another brand word in the header names', async () => {
		const server = await trigger(['*']);
		expect((await server.call(post(body, signed(body, { brand: 'Smsgatewayapi' })))).items).toHaveLength(1);
	});
});

describe('bodies that are not events: 400 and no workflow data', () => {
	test('JSON that is not an event names what is wrong', async () => {
		const server = await trigger(['*']);
		const payload = JSON.stringify({ hello: 'world' });
		const call = await server.call(post(payload));
		expect(call.status).toBe(400);
		expect(call.body).toMatchObject({
			error: 'not_an_event',
			errors: expect.arrayContaining(['webhook_id: missing', 'webhook_type: missing']),
		});
		expect(call.items).toBeUndefined();
	});

	test('an event missing a required payload field', async () => {
		const server = await trigger(['*']);
		const { cost: _cost, ...message } = DELIVERY_REPORT_MINIMAL.message;
		void _cost;
		const call = await server.call(post(JSON.stringify({ ...DELIVERY_REPORT_MINIMAL, message })));
		expect(call).toMatchObject({ status: 400, body: { errors: ['message.cost: missing'] } });
	});

	test('malformed JSON sent as text/plain gets our 400', async () => {
		const server = await trigger(['*']);
		const payload = '{"webhook_type": ';
		const call = await server.call({ body: payload, headers: { 'Content-Type': 'text/plain', ...signed(payload) } });
		expect(call.status).toBe(400);
		expect(call.body).toMatchObject({ error: 'malformed_json' });
	});
});

describe('GET webhooks', () => {
	test('the query string is verified raw and decoded into the POST shape', async () => {
		const server = await trigger(['*']);
		for (const type of [
			'inbox_message',
			'delivery_report',
			'add_contact',
			'email2sms_received',
			'funds_purchased',
			'api_error',
		]) {
			const event = { ...SPEC_EXAMPLES[type], method: 'GET' };
			const query = encodeQuery(event);
			const call = await server.call({ method: 'GET', query, headers: signed(query) });
			expect(call.status).toBe(200);
			expect(call.items).toEqual([itemOf(event)]);
		}
	});

	test('a tampered query string is refused', async () => {
		const server = await trigger(['*']);
		const query = encodeQuery(SPEC_EXAMPLES.add_group);
		const call = await server.call({
			method: 'GET',
			query: query.replace('Customers', 'Customerz'),
			headers: signed(query),
		});
		expect(call.status).toBe(401);
		expect(call.items).toBeUndefined();
	});
});

// ---------------------------------------------------------------------------------------------
// Issue 10: safe by default, never losing a real event. Each block below failed before the change.
// ---------------------------------------------------------------------------------------------
