/** The emulator's webhooks of every type, its faults and its control API. */
import { WEBHOOK_EVENT_TYPES } from '../../nodes/MessagingGateway/core/events/events';
import { parseEvent } from '../../nodes/MessagingGateway/core/events/parse-event';
import { SPEC_PAYLOADS, specViolations } from '../fixtures/spec-events';
import { opensslHmacSha256 } from '../support/openssl';
import { startReceiver } from '../support/receiver';
import { api, emulator, eventsOf, receiver, send, subscribe } from '../support/emulator-setup';

describe('webhooks of every type', () => {
	test.each(WEBHOOK_EVENT_TYPES.map((type) => type.value))(
		'%s matches docs/gateway-api.md#webhook-types and core/events/event-schemas',
		async (type) => {
			await subscribe([type]);
			const result = await api('POST', '/emulator/events?wait=true', { type }, {});
			expect(result.status).toBe(201);
			const [request] = await receiver.waitFor(1);
			const event = JSON.parse(request.raw.toString('utf8'));
			expect(event.webhook_type).toBe(type);
			expect(specViolations(event)).toEqual([]);
			expect(parseEvent(event).ok).toBe(true);
			expect(Object.keys(event)).toEqual([
				'webhook_id',
				'webhook_type',
				'username',
				'timezone',
				'method',
				'created',
				'created_utc',
				SPEC_PAYLOADS[type].key,
			]);
			expect(event.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		},
	);

	test('local and UTC pairs are the same instant in the account time zone', async () => {
		await api('PUT', '/emulator/account', { timezone: 'America/New_York' }, {});
		await subscribe(['inbox_message']);
		await api('POST', '/emulator/events?wait=true', { type: 'inbox_message' }, {});
		const [event] = eventsOf(await receiver.waitFor(1));
		expect(event.timezone).toBe('America/New_York');
		const local = Date.parse(event.message.date_iso8601);
		expect(local).toBe(Date.parse(event.message.date_utc_iso8601));
		expect(event.message.date_iso8601).toMatch(/-0[45]:00$/);
		expect(event.message.public_id).toMatch(/^inb_[0-9a-f]+$/);
	});

	test('fields override the defaults; an inbound reply carries isreply', async () => {
		await subscribe(['inbox_message']);
		const sent = await send({ message: 'Your order shipped', to: '31612345678', sender: 'Shop', reference: 'o-1' });
		await api(
			'POST',
			'/emulator/inbound?wait=true',
			{ from: '31612345678', content: 'Thanks!', replyTo: sent.body.messageid },
			{},
		);
		const event = eventsOf(receiver.requests).find((e) => e.webhook_type === 'inbox_message');
		expect(specViolations(event)).toEqual([]);
		expect(event.message).toMatchObject({
			sender: '31612345678',
			receiver: emulator.account.virtualNumber,
			content: 'Thanks!',
		});
		expect(event.isreply).toMatchObject({
			reply: true,
			orig_messageid: sent.body.messageid,
			orig_message_content: 'Your order shipped',
			orig_reference: 'o-1',
		});
	});

	test('a reply in one call: replyTo alone answers as the recipient, to the number that sent the original, with its reference', async () => {
		await subscribe(['inbox_message']);
		const sent = await send({
			message: 'Approve? Reply YES or NO',
			to: '31612345679',
			sender: '3197010000002',
			reference: 'n8n-wait:1:a:b',
		});
		await api('POST', '/emulator/inbound?wait=true', { content: 'yes', replyTo: sent.body.messageid }, {});
		const event = eventsOf(receiver.requests).find((e) => e.webhook_type === 'inbox_message');
		expect(specViolations(event)).toEqual([]);
		expect(event.message).toMatchObject({ sender: '31612345679', receiver: '3197010000002', content: 'yes' });
		expect(event.isreply).toMatchObject({
			orig_messageid: sent.body.messageid,
			orig_receiver: '31612345679',
			orig_sender: '3197010000002',
			orig_reference: 'n8n-wait:1:a:b',
		});
		await api('POST', '/emulator/inbound?wait=true', { content: 'no', replyTo: 'latest' }, {});
		const latest = eventsOf(receiver.requests)
			.filter((e) => e.webhook_type === 'inbox_message')
			.pop();
		expect(latest.isreply).toMatchObject({ orig_messageid: sent.body.messageid });
		const unknown = await api('POST', '/emulator/inbound', { content: 'yes', replyTo: 'nope' }, {});
		expect(unknown.status).toBe(400);
	});

	test('DELETE /emulator/webhooks?url=…: that URL no longer gets events, the others still do; an unknown URL is a 404', async () => {
		const other = await startReceiver();
		try {
			await subscribe(['add_group']);
			await api('POST', '/emulator/webhooks', { url: other.url, types: ['add_group'] }, {});
			const removed = await api('DELETE', `/emulator/webhooks?url=${encodeURIComponent(other.url)}`, undefined, {});
			expect(removed.status).toBe(200);
			expect((removed.body as unknown as Array<{ url: string }>).map((endpoint) => endpoint.url)).toEqual([
				receiver.url,
			]);
			await api('POST', '/emulator/events?wait=true', { type: 'add_group' }, {});
			expect(receiver.requests).toHaveLength(1);
			expect(other.requests).toHaveLength(0);
			expect(
				(await api('DELETE', `/emulator/webhooks?url=${encodeURIComponent(other.url)}`, undefined, {})).status,
			).toBe(404);
		} finally {
			await other.close();
		}
	});

	test('GET /emulator/messageid: the id of the last message sent to a number whose text contains a word, for a shell variable', async () => {
		const question = await send({ message: 'Approve the refund of €120?', to: '31612345670', sender: '3197010000002' });
		await send({ message: 'Thanks for your message', to: '31612345670', sender: 'Shop' });
		await send({ message: 'Approve the refund of €80?', to: '31612345671', sender: '3197010000002' });
		const found = await api('GET', '/emulator/messageid?to=31612345670&contains=refund', undefined, {});
		expect(found).toMatchObject({ status: 200, body: question.body.messageid });
		const none = await api('GET', '/emulator/messageid?to=31612345672&contains=refund', undefined, {});
		expect(none).toMatchObject({ status: 404, body: { error: 'no sent message to 31612345672 containing "refund"' } });
	});

	test('POST webhooks are signed over the raw body (checked with openssl)', async () => {
		await subscribe(['add_group']);
		await api(
			'POST',
			'/emulator/events?wait=true',
			{ type: 'add_group', fields: { group: { groupname: 'Grüße 👋' } } },
			{},
		);
		const [request] = await receiver.waitFor(1);
		const t = request.headers['x-service-timestamp'] as string;
		expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(5);
		const expected = opensslHmacSha256(
			emulator.account.signingSecret,
			Buffer.concat([Buffer.from(`${t}.`), request.raw]),
		);
		expect(request.headers['x-service-signature']).toBe(`t=${t},v1=${expected}`);
		expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
	});

	test('GET webhooks carry the event in the query string, signed over it (openssl)', async () => {
		await subscribe(['email2sms_received'], 'GET');
		await api('POST', '/emulator/events?wait=true', { type: 'email2sms_received' }, {});
		const [request] = await receiver.waitFor(1);
		expect(request.method).toBe('GET');
		const query = request.url.slice(request.url.indexOf('?') + 1);
		expect(query).toMatch(/(^|&)webhook_type=email2sms_received(&|$)/);
		expect(query).toMatch(/email2sms\[receiver\]\[group\]=false/);
		const t = request.headers['x-service-timestamp'] as string;
		expect(request.headers['x-service-signature']).toBe(
			`t=${t},v1=${opensslHmacSha256(emulator.account.signingSecret, `${t}.${query}`)}`,
		);
	});

	test('brand word and an empty signing secret', async () => {
		await api('PUT', '/emulator/account', { brand: 'Acme' }, {});
		await subscribe(['add_group']);
		await api('POST', '/emulator/events?wait=true', { type: 'add_group' }, {});
		expect((await receiver.waitFor(1))[0].headers).toHaveProperty('x-acme-signature');
		await api('PUT', '/emulator/account', { signingSecret: '' }, {});
		await api('POST', '/emulator/events?wait=true', { type: 'add_group' }, {});
		const headers = (await receiver.waitFor(2))[1].headers;
		expect(Object.keys(headers).filter((name) => name.endsWith('-signature'))).toEqual([]);
	});

	test('only subscribed endpoints receive a type', async () => {
		await subscribe(['add_group']);
		await api('POST', '/emulator/events?wait=true', { type: 'delete_group' }, {});
		await api('POST', '/emulator/events?wait=true', { type: 'add_group' }, {});
		expect(eventsOf(receiver.requests).map((event) => event.webhook_type)).toEqual(['add_group']);
	});

	test('a failing receiver gets retries with backoff; every attempt is recorded', async () => {
		receiver.answers.push(500, 503);
		await subscribe(['add_group']);
		await api('POST', '/emulator/events?wait=true', { type: 'add_group' }, {});
		const deliveries = (await api('GET', '/emulator/deliveries', undefined, {})).body as unknown as Array<
			Record<string, unknown>
		>;
		expect(deliveries).toHaveLength(1);
		expect(deliveries[0]).toMatchObject({
			state: 'delivered',
			attempts: [{ status: 500 }, { status: 503 }, { status: 200 }],
		});
		const [first, second] = receiver.requests;
		expect(second.raw.equals(first.raw)).toBe(true); // the same event, the same webhook_id
	});

	test('a receiver that never answers 2xx: the delivery fails after maxAttempts', async () => {
		receiver.answers.push(500, 500, 500, 500, 500);
		await subscribe(['add_group']);
		await api('POST', '/emulator/events?wait=true', { type: 'add_group' }, {});
		expect(emulator.deliveries[0]).toMatchObject({
			state: 'failed',
			attempts: [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }],
		});
	});

	test('an unreachable receiver is recorded with the error', async () => {
		const closed = await startReceiver();
		await closed.close(); // its port now refuses connections
		await api('POST', '/emulator/webhooks', { url: closed.url, types: ['add_group'] }, {});
		await api('POST', '/emulator/events?wait=true', { type: 'add_group' }, {});
		expect(emulator.deliveries[0].state).toBe('failed');
		expect(emulator.deliveries[0].attempts[0].error).toMatch(/ECONNREFUSED/);
	});
});
