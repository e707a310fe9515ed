/**
 * The emulator's webhook registration calls over real HTTP (shared/spec/api-surface.md §10 as the package assumes it):
 * list, create with a secret and an id, delete by secret or id, 134 for neither; several registrations each get
 * only their own events, signed with their own secret; `webhookApi: false` answers 404.
 */
import { opensslHmacSha256 } from '../support/openssl';
import { startReceiver, type Receiver } from '../support/receiver';
import { api, emulator, eventsOf, receiver } from '../support/emulator-setup';

const create = (url: string, types: string[], method = 'POST') =>
	api('POST', '/v1/webhook/create', { webhook_endpoint: url, webhook_method: method, webhook_types: types });

/** Whether a delivery's signature is the HMAC of its timestamp and body under `secret` (computed by openssl). */
function signedWith(request: Receiver['requests'][number], secret: string): boolean {
	const t = String(request.headers['x-service-timestamp']);
	const v1 = opensslHmacSha256(secret, Buffer.concat([Buffer.from(`${t}.`), request.raw]));
	return request.headers['x-service-signature'] === `t=${t},v1=${v1}`;
}

let other: Receiver;
beforeEach(async () => {
	other = await startReceiver();
});
afterEach(async () => other.close());

test('create answers an id and a secret; the list shows the registration with the fields it was made with', async () => {
	const created = await create(receiver.url, ['inbox_message', 'delivery_report']);
	expect(created.status).toBe(200);
	expect(created.body).toMatchObject({ id: expect.any(String), secret: expect.stringMatching(/^whsec_[0-9a-f]{48}$/) });
	const list = await api('GET', '/v1/webhook/endpoint-list');
	expect(list).toMatchObject({
		status: 200,
		body: [
			{
				id: created.body.id,
				webhook_endpoint: receiver.url,
				webhook_method: 'POST',
				webhook_types: ['inbox_message', 'delivery_report'],
			},
		],
	});
	// The secret is the create's answer only.
	expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
	expect((await api('GET', '/emulator/webhooks', undefined, {})).body).toEqual([
		expect.objectContaining({ id: created.body.id, url: receiver.url, secret: created.body.secret }),
	]);
});

test('two registrations: each gets only its own events, signed with its own secret', async () => {
	const first = await create(receiver.url, ['inbox_message']);
	const second = await create(other.url, ['add_optout']);
	await api('POST', '/emulator/events?wait=true', { type: 'inbox_message' }, {});
	await api('POST', '/emulator/events?wait=true', { type: 'add_optout' }, {});
	expect(eventsOf(receiver.requests).map((event) => event.webhook_type)).toEqual(['inbox_message']);
	expect(eventsOf(other.requests).map((event) => event.webhook_type)).toEqual(['add_optout']);
	expect(signedWith(receiver.requests[0], first.body.secret as string)).toBe(true);
	expect(signedWith(other.requests[0], second.body.secret as string)).toBe(true);
	expect(signedWith(other.requests[0], emulator.account.signingSecret)).toBe(false);
});

test('* receives every type', async () => {
	await create(receiver.url, ['*']);
	await api('POST', '/emulator/events?wait=true', { type: 'funds_purchased' }, {});
	expect(eventsOf(receiver.requests).map((event) => event.webhook_type)).toEqual(['funds_purchased']);
});

test('delete by secret or by id removes that registration only; unknown → 134', async () => {
	const first = await create(receiver.url, ['inbox_message']);
	const second = await create(other.url, ['inbox_message']);
	expect((await api('DELETE', `/v1/webhook/${first.body.secret as string}`)).status).toBe(200);
	expect((await api('DELETE', `/v1/webhook/${second.body.id as string}`)).status).toBe(200);
	expect((await api('GET', '/v1/webhook/endpoint-list')).body).toEqual([]);
	expect(await api('DELETE', `/v1/webhook/${first.body.secret as string}`)).toMatchObject({
		status: 404,
		body: { error: '134', errorMsg: 'Webhook ID not found' },
	});
});

test('a registration made through the control API is listed and can be deleted by its id', async () => {
	const made = await api('POST', '/emulator/webhooks', { url: receiver.url, types: ['*'] }, {});
	expect((await api('GET', '/v1/webhook/endpoint-list')).body).toEqual([
		{ id: made.body.id, webhook_endpoint: receiver.url, webhook_method: 'POST', webhook_types: ['*'] },
	]);
	expect((await api('DELETE', `/v1/webhook/${made.body.id as string}`)).status).toBe(200);
});

test.each([
	[{ webhook_method: 'POST', webhook_types: ['inbox_message'] }, '"webhook_endpoint" must be an absolute http(s) URL'],
	[{ webhook_endpoint: 'http://example.com/h', webhook_method: 'PUT', webhook_types: ['*'] }, '"webhook_method"'],
	[
		{ webhook_endpoint: 'http://example.com/h', webhook_method: 'POST', webhook_types: ['sms_inbound'] },
		'"webhook_types"',
	],
])('a create with %j is refused (105) and registers nothing', async (body, names) => {
	const answer = await api('POST', '/v1/webhook/create', body);
	expect(answer.status).toBe(400);
	expect(answer.body).toMatchObject({ error: '105' });
	expect(answer.body.errorMsg).toContain(names);
	expect((await api('GET', '/v1/webhook/endpoint-list')).body).toEqual([]);
});

test('webhookApi: false — all three calls answer 404, as a gateway without them; nothing is registered', async () => {
	await api('PATCH', '/emulator/settings', { webhookApi: false }, {});
	expect((await api('GET', '/v1/webhook/endpoint-list')).status).toBe(404);
	expect((await create(receiver.url, ['*'])).status).toBe(404);
	expect((await api('DELETE', '/v1/webhook/anything')).status).toBe(404);
	expect((await api('GET', '/emulator/webhooks', undefined, {})).body).toEqual([]);
});

test('the calls need the credential', async () => {
	const answer = await api('GET', '/v1/webhook/endpoint-list', undefined, {});
	expect(answer).toMatchObject({ status: 401, body: { error: '104' } });
});
