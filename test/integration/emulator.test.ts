import { WEBHOOK_EVENT_TYPES } from '../../nodes/MessagingGateway/core/events/events';
import { parseEvent } from '../../nodes/MessagingGateway/core/events/parse-event';
import { startEmulator, type Emulator } from '../../emulator/server';
import { SPEC_PAYLOADS, specViolations } from '../fixtures/spec-events';
import { opensslHmacSha256 } from '../helpers/openssl';
import { startReceiver, type Receiver } from '../helpers/receiver';
import { emulatorClient } from './emulator-client';

let emulator: Emulator;
let receiver: Receiver;

const { call } = emulatorClient(() => emulator);
/** Status, headers and body. */
async function api(...args: Parameters<typeof call>) {
	const { response, body } = await call(...args);
	return { status: response.status, headers: response.headers, body };
}

const send = (body: unknown) => api('POST', '/v1/message/send', body);
const subscribe = (types: string[] = ['*'], method = 'POST') => api('POST', '/emulator/webhooks', { url: receiver.url, types, method }, {});
const eventsOf = (requests: Array<{ raw: Buffer }>) => requests.map((request) => JSON.parse(request.raw.toString('utf8')));

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 20, retryBaseMs: 10, webhookTimeoutMs: 1000 } });
	receiver = await startReceiver();
});
afterEach(async () => {
	await emulator.close();
	await receiver.close();
});

describe('send API', () => {
	test('one number: 200 with a 30-character messageid', async () => {
		const response = await send({ message: 'Hello', to: '+31612345678', sender: 'Shop' });
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
		expect(response.body).toEqual({ messageid: expect.stringMatching(/^[a-z0-9]{30}$/) });
	});

	test('several numbers: messageids, one per recipient', async () => {
		const response = await send({ message: 'Hello', to: ['31612345678', '447700900123'], sender: 'Shop' });
		expect(response.body).toEqual({ messageids: [expect.stringMatching(/^[a-z0-9]{30}$/), expect.stringMatching(/^[a-z0-9]{30}$/)] });
		expect(emulator.messages.map((message) => message.to)).toEqual(['31612345678', '447700900123']);
	});

	test.each([
		['wrong secret', { 'X-Client-Id': 'emulator-key', 'X-Client-Secret': 'nope' }],
		['no headers', {}],
	])('%s: 401 with error 104', async (_, headers) => {
		const response = await api('POST', '/v1/message/send', { message: 'x', to: '31612345678', sender: 'S' }, headers);
		expect(response).toMatchObject({ status: 401, body: { error: '104', errorMsg: 'Invalid credentials' } });
	});

	test('unparsable JSON: 400 error parsing json', async () => {
		expect(await send('{"message": ')).toMatchObject({ status: 400, body: { error: 'error parsing json' } });
	});

	test.each([
		['empty message', { message: '  ', to: '31612345678', sender: 'Shop' }, '102'],
		['letters in the number', { message: 'x', to: '3161234abcd', sender: 'Shop' }, '103'],
		['no number', { message: 'x', to: [], sender: 'Shop' }, '103'],
		['number too short', { message: 'x', to: '31612', sender: 'Shop' }, '106'],
		['no sender', { message: 'x', to: '31612345678', sender: '' }, '109'],
		['sender with special characters', { message: 'x', to: '31612345678', sender: 'Shop!*' }, '110'],
		['sender name over 11', { message: 'x', to: '31612345678', sender: 'TwelveChars1' }, '111'],
		['sender number over 14 digits', { message: 'x', to: '31612345678', sender: '123456789012345' }, '111'],
		['message over 612 characters', { message: 'a'.repeat(613), to: '31612345678', sender: 'Shop' }, '118'],
		['date in the past', { message: 'x', to: '31612345678', sender: 'Shop', date: '2020-01-01 10:00' }, '121'],
		['date not in the documented form', { message: 'x', to: '31612345678', sender: 'Shop', date: 'tomorrow' }, '121'],
		['number on the opt-out list', { message: 'x', to: '31600009131', sender: 'Shop' }, '131'],
	])('%s: 400 with its code, and an api_error webhook', async (_, body, code) => {
		await subscribe(['api_error']);
		const response = await send(body);
		expect(response).toMatchObject({ status: 400, body: { error: code, errorMsg: expect.any(String) } });
		const [event] = eventsOf(await receiver.waitFor(1));
		expect(specViolations(event)).toEqual([]);
		expect(event.error).toMatchObject({ error: response.body.errorMsg, http_code: 400, error_code: expect.any(Number) });
	});

	test('a number added to the opt-out list is refused with 131', async () => {
		await api('POST', '/emulator/optouts', { number: '31612345678' }, {});
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).body.error).toBe('131');
	});

	test('test: true validates only: no credits, no delivery report', async () => {
		await subscribe();
		const response = await send({ message: 'x', to: '31612345678', sender: 'Shop', test: true });
		expect(response.status).toBe(200);
		await emulator.settle();
		expect(emulator.account.balance).toBe(100);
		expect(receiver.requests).toHaveLength(0);
		expect(emulator.messages[0]).toMatchObject({ test: true, deliveryCode: 'test' });
	});

	test('date schedules the message in the account time zone', async () => {
		const future = new Date(Date.now() + 3 * 24 * 3600 * 1000);
		const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam', dateStyle: 'short', timeStyle: 'short' }).format(future);
		const response = await send({ message: 'x', to: '31612345678', sender: 'Shop', date: local });
		expect(response.status).toBe(200);
		const scheduled = new Date(emulator.messages[0].scheduledFor!);
		expect(Math.abs(scheduled.getTime() - future.getTime())).toBeLessThan(60_000);
		expect(emulator.messages[0].deliveryCode).toBe('scheduled');
	});

	test('a send scheduled years ahead stays scheduled: no delivery report now', async () => {
		await subscribe(['delivery_report']);
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop', date: '2031-06-01 12:30' })).status).toBe(200);
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(receiver.requests).toHaveLength(0);
		expect(emulator.messages[0].deliveryCode).toBe('scheduled');
	});

	test('credits per segment; at zero the send fails with 108 and funds webhooks go out', async () => {
		await api('PUT', '/emulator/account', { balance: 3 }, {});
		await subscribe(['insufficient_funds', 'api_error']);
		expect((await send({ message: 'a'.repeat(161), to: '31612345678', sender: 'Shop' })).status).toBe(200); // 2 segments
		expect(emulator.account.balance).toBe(1);
		expect((await api('GET', '/v1/balance')).body).toMatchObject({ balance: 1 });
		const refused = await send({ message: 'a'.repeat(161), to: '31612345678', sender: 'Shop' });
		expect(refused).toMatchObject({ status: 400, body: { error: '108', errorMsg: 'Not enough credits' } });
		const events = eventsOf(await receiver.waitFor(2));
		expect(events.map((event) => event.webhook_type).sort()).toEqual(['api_error', 'insufficient_funds']);
		for (const event of events) expect(specViolations(event)).toEqual([]);
		expect(events.find((event) => event.webhook_type === 'api_error').error.error_code).toBe(2000);
		expect(events.find((event) => event.webhook_type === 'insufficient_funds').funds.item_amount).toBe('1.000');
	});

	test('GET /v1/auth checks the credentials and costs nothing', async () => {
		expect((await api('GET', '/v1/auth')).status).toBe(200);
		expect((await api('GET', '/v1/auth', undefined, {})).status).toBe(401);
		expect(emulator.account.balance).toBe(100);
	});
});

describe('delivery reports', () => {
	const finalFor = async (number: string) => {
		await subscribe(['delivery_report']);
		await send({ message: 'Hi', to: number, sender: 'Shop', reference: 'ref-1' });
		await emulator.settle();
		return eventsOf(receiver.requests);
	};

	test('submitted first, then the final state, both signed and per docs/gateway-api.md#webhook-types', async () => {
		const [submitted, final] = await finalFor('31612345678');
		expect(receiver.requests).toHaveLength(2);
		expect(submitted.message).toMatchObject({ delivery_code: '0', delivery_status: 'submitted', reference: 'ref-1', cost: 1 });
		expect(final.message).toMatchObject({ delivery_code: '1', delivery_status: 'delivered', messageid: submitted.message.messageid });
		for (const event of [submitted, final]) expect(specViolations(event)).toEqual([]);
		expect(submitted.webhook_id).toMatch(/^wh_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
		expect(submitted.webhook_id).not.toBe(final.webhook_id);
	});

	test.each<[string, string, string, string | undefined]>([
		['31612349991', '1', 'delivered', undefined],
		['31612349992', '2', 'not delivered', undefined],
		['31612349993', '3', 'buffered', undefined],
		['31612349994', '4', 'rejected', undefined],
		['31612349995', '5', 'rejected', '10'],
		['31612349999', '9', 'unknown', undefined],
		...Array.from({ length: 10 }, (_, i): [string, string, string, string] => [`316123992${10 + i}`, '2', 'not delivered', String(10 + i)]),
		...Array.from({ length: 10 }, (_, i): [string, string, string, string] => [`316123995${10 + i}`, '5', 'rejected', String(10 + i)]),
	])('magic number %s ends in code %s (%s), detail %s', async (number, code, status, detail) => {
		const events = await finalFor(number);
		const final = events[1].message;
		expect(final).toMatchObject({ delivery_code: code, delivery_status: status });
		expect(final.delivery_code_detail).toBe(detail);
		if (detail) expect(final.delivery_code_detail_description).toEqual(expect.any(String));
		expect(specViolations(events[1])).toEqual([]);
	});

	test('with no endpoint registered, the event log shows both reports with their signatures', async () => {
		const sent = await send({ message: 'Hi', to: '31612349992', sender: 'Shop' });
		await emulator.settle();
		const logged = (await api('GET', `/emulator/events?messageid=${sent.body.messageid}`, undefined, {})).body as unknown as Array<{
			event: { message: { delivery_code: string } };
			body: string;
			headers: Record<string, string>;
		}>;
		expect(logged.map((entry) => entry.event.message.delivery_code)).toEqual(['0', '2']);
		for (const entry of logged) {
			const t = entry.headers['X-Service-Timestamp'];
			expect(entry.headers['X-Service-Signature']).toBe(`t=${t},v1=${opensslHmacSha256(emulator.account.signingSecret, `${t}.${entry.body}`)}`);
		}
	});

	test('magic number …9990 stays submitted: one report only', async () => {
		const events = await finalFor('31612349990');
		expect(events.map((event) => event.message.delivery_code)).toEqual(['0']);
	});
});

describe('webhooks of every type', () => {
	test.each(WEBHOOK_EVENT_TYPES.map((type) => type.value))('%s matches docs/gateway-api.md#webhook-types and core/events/event-schemas', async (type) => {
		await subscribe([type]);
		const result = await api('POST', '/emulator/events?wait=true', { type }, {});
		expect(result.status).toBe(201);
		const [request] = await receiver.waitFor(1);
		const event = JSON.parse(request.raw.toString('utf8'));
		expect(event.webhook_type).toBe(type);
		expect(specViolations(event)).toEqual([]);
		expect(parseEvent(event).ok).toBe(true);
		expect(Object.keys(event)).toEqual(
			['webhook_id', 'webhook_type', 'username', 'timezone', 'method', 'created', 'created_utc', SPEC_PAYLOADS[type].key],
		);
		expect(event.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
	});

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
		await api('POST', '/emulator/inbound?wait=true', { from: '31612345678', content: 'Thanks!', replyTo: sent.body.messageid }, {});
		const event = eventsOf(receiver.requests).find((e) => e.webhook_type === 'inbox_message');
		expect(specViolations(event)).toEqual([]);
		expect(event.message).toMatchObject({ sender: '31612345678', receiver: emulator.account.virtualNumber, content: 'Thanks!' });
		expect(event.isreply).toMatchObject({ reply: true, orig_messageid: sent.body.messageid, orig_message_content: 'Your order shipped', orig_reference: 'o-1' });
	});

	test('a reply in one call: replyTo alone answers as the recipient, to the number that sent the original, with its reference', async () => {
		await subscribe(['inbox_message']);
		const sent = await send({ message: 'Approve? Reply YES or NO', to: '31612345679', sender: '3197010000002', reference: 'n8n-wait:1:a:b' });
		await api('POST', '/emulator/inbound?wait=true', { content: 'yes', replyTo: sent.body.messageid }, {});
		const event = eventsOf(receiver.requests).find((e) => e.webhook_type === 'inbox_message');
		expect(specViolations(event)).toEqual([]);
		expect(event.message).toMatchObject({ sender: '31612345679', receiver: '3197010000002', content: 'yes' });
		expect(event.isreply).toMatchObject({ orig_messageid: sent.body.messageid, orig_receiver: '31612345679', orig_sender: '3197010000002', orig_reference: 'n8n-wait:1:a:b' });
		await api('POST', '/emulator/inbound?wait=true', { content: 'no', replyTo: 'latest' }, {});
		const latest = eventsOf(receiver.requests).filter((e) => e.webhook_type === 'inbox_message').pop();
		expect(latest.isreply).toMatchObject({ orig_messageid: sent.body.messageid });
		const unknown = await api('POST', '/emulator/inbound', { content: 'yes', replyTo: 'nope' }, {});
		expect(unknown.status).toBe(400);
	});

	test('POST webhooks are signed over the raw body (checked with openssl)', async () => {
		await subscribe(['add_group']);
		await api('POST', '/emulator/events?wait=true', { type: 'add_group', fields: { group: { groupname: 'Grüße 👋' } } }, {});
		const [request] = await receiver.waitFor(1);
		const t = request.headers['x-service-timestamp'] as string;
		expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(5);
		const expected = opensslHmacSha256(emulator.account.signingSecret, Buffer.concat([Buffer.from(`${t}.`), request.raw]));
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
		expect(request.headers['x-service-signature']).toBe(`t=${t},v1=${opensslHmacSha256(emulator.account.signingSecret, `${t}.${query}`)}`);
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
		const deliveries = (await api('GET', '/emulator/deliveries', undefined, {})).body as unknown as Array<Record<string, unknown>>;
		expect(deliveries).toHaveLength(1);
		expect(deliveries[0]).toMatchObject({ state: 'delivered', attempts: [{ status: 500 }, { status: 503 }, { status: 200 }] });
		const [first, second] = receiver.requests;
		expect(second.raw.equals(first.raw)).toBe(true); // the same event, the same webhook_id
	});

	test('a receiver that never answers 2xx: the delivery fails after maxAttempts', async () => {
		receiver.answers.push(500, 500, 500, 500, 500);
		await subscribe(['add_group']);
		await api('POST', '/emulator/events?wait=true', { type: 'add_group' }, {});
		expect(emulator.deliveries[0]).toMatchObject({ state: 'failed', attempts: [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }] });
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

describe('faults and control API', () => {
	test.each([500, 503])('the next API call answers %i', async (status) => {
		await api('POST', '/emulator/faults', { status }, {});
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).status).toBe(status);
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).status).toBe(200);
	});

	test('429 with Retry-After, count 2', async () => {
		await api('POST', '/emulator/faults', { status: 429, retryAfter: 7, count: 2 }, {});
		for (let i = 0; i < 2; i++) {
			const response = await send({ message: 'x', to: '31612345678', sender: 'Shop' });
			expect(response.status).toBe(429);
			expect(response.headers.get('retry-after')).toBe('7');
		}
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).status).toBe(200);
	});

	test('after: the first calls are answered normally, then the fault applies count times', async () => {
		await api('POST', '/emulator/faults', { status: 500, after: 2, count: 2 }, {});
		const statuses = [];
		for (let i = 0; i < 5; i++) statuses.push((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).status);
		expect(statuses).toEqual([200, 200, 500, 500, 200]);
	});

	test('hang: the call gets no answer', async () => {
		await api('POST', '/emulator/faults', { status: 'hang' }, {});
		const outcome = await Promise.race([
			send({ message: 'x', to: '31612345678', sender: 'Shop' }).then(() => 'answered'),
			new Promise((resolve) => setTimeout(() => resolve('no answer'), 300)),
		]);
		expect(outcome).toBe('no answer');
	});

	test('echo: a 4xx answers JSON whose errorMsg holds the request body, a 5xx an HTML page showing it', async () => {
		const body = JSON.stringify({ message: 'a <b> & c', to: '31612345678', sender: 'Shop', reference: 'order-1001' });
		await api('POST', '/emulator/faults', { status: 400, echo: true }, {});
		expect(await send(body)).toMatchObject({ status: 400, body: { error: '105', errorMsg: `Invalid request: ${body}` } });
		await api('POST', '/emulator/faults', { status: 502, echo: true }, {});
		const page = await fetch(`${emulator.url}/v1/message/send`, { method: 'POST', body });
		expect([page.status, page.headers.get('content-type')]).toEqual([502, 'text/html; charset=utf-8']);
		const html = await page.text();
		expect(html).toContain('order-1001');
		expect(html).not.toContain('<b>');
		expect((await send(body)).status).toBe(200);
	});

	test('apiLatencyMs delays every API answer', async () => {
		await api('PUT', '/emulator/settings', { apiLatencyMs: 150 }, {});
		const answer = send({ message: 'x', to: '31612345678', sender: 'Shop' });
		const outcome = await Promise.race([
			answer.then(() => 'answered'),
			new Promise((resolve) => setTimeout(() => resolve('still waiting'), 100)),
		]);
		expect(outcome).toBe('still waiting');
		expect((await answer).status).toBe(200);
	});

	test('bad control input names what is wrong', async () => {
		expect((await api('POST', '/emulator/faults', { status: 418 }, {})).body).toEqual({ error: '"status" must be 200, 400, 429, 500, 502, 503 or "hang"' });
		expect((await api('PUT', '/emulator/account', { balance: 'lots' }, {})).body).toEqual({ error: 'account field "balance" must be a number' });
		expect((await api('PUT', '/emulator/account', { timezone: 'Mars/Base' }, {})).body).toEqual({ error: '"Mars/Base" is not an IANA time zone name' });
		expect((await api('POST', '/emulator/events', { type: 'nope' }, {})).status).toBe(400);
		expect((await api('POST', '/emulator/webhooks', { url: 'ftp://x' }, {})).body).toEqual({ error: '"url" must be an absolute http(s) URL' });
	});

	test('requests and messages are listed', async () => {
		await send({ message: 'x', to: '31612345678', sender: 'Shop' });
		const requests = (await api('GET', '/emulator/requests', undefined, {})).body as unknown as Array<Record<string, unknown>>;
		expect(requests[0]).toMatchObject({ method: 'POST', path: '/v1/message/send', status: 200 });
		const messages = (await api('GET', '/emulator/messages', undefined, {})).body as unknown as Array<Record<string, unknown>>;
		expect(messages[0]).toMatchObject({ to: '31612345678', segments: 1, encoding: 'GSM-7', cost: 1 });
	});
});
