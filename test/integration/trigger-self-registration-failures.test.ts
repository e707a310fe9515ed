/**
 * Register Webhook Automatically (issue 51) when the gateway does not offer what is assumed: no registration API
 * (404), answers without the documented fields, a new webhook without a secret. Activation fails with a one-line title
 * and the way out, and leaves no registration and nothing kept.
 */
import { TITLE_LIMIT } from '../../nodes/MessagingGateway/nodeErrors';
import { control, emulator, registrations, workflow } from '../support/registration-setup';
import { signed } from '../support/trigger-helpers';

const NOT_OFFERED = 'The gateway does not offer webhook registration';

const webhookCalls = () =>
	emulator.requests.filter((request) => request.path.startsWith('/v1/webhook/')).map((r) => `${r.method} ${r.path}`);

/** The activation's error: its title fits one line of n8n's error panel. */
async function activationError(flow: Awaited<ReturnType<typeof workflow>>) {
	const error = (await flow.activate().then(
		() => undefined,
		(thrown: unknown) => thrown,
	)) as (Error & { description?: string }) | undefined;
	expect(error?.message.length).toBeLessThanOrEqual(TITLE_LIMIT);
	expect(error?.message).not.toMatch(/\n/);
	return error;
}

/** The gateway lists the registration `id` of the flow's URL from the second list call on (n8n's GET webhook's pass). */
async function listedOnSecondPass(flow: Awaited<ReturnType<typeof workflow>>, id: string) {
	const entry = { id, webhook_endpoint: flow.server.url, webhook_method: 'POST', webhook_types: ['inbox_message'] };
	await control('POST', '/emulator/faults', {
		path: '/v1/webhook/endpoint-list',
		status: 200,
		after: 1,
		body: [entry],
	});
}

test('a gateway without the API (404): the title says so, the description says to paste the URL; nothing registered', async () => {
	await control('PATCH', '/emulator/settings', { webhookApi: false });
	const flow = await workflow(['inbox_message']);
	const error = await activationError(flow);
	expect(error?.message).toBe(NOT_OFFERED);
	expect(error?.description).toMatch(
		/HTTP 404 .*\/v1\/webhook\/endpoint-list.*Turn off the trigger's option Register Webhook Automatically and put the Production URL in the gateway's webhook settings by hand: https:\/\/\S+messaging-gateway-trigger\.md#set-up$/,
	);
	expect(await registrations()).toEqual([]);
	expect(flow.kept()).toBeUndefined();
});

test('a list that is no list of webhooks: not offered', async () => {
	await control('POST', '/emulator/faults', { path: '/v1/webhook/endpoint-list', status: 200, body: { ok: 1 } });
	const flow = await workflow(['inbox_message']);
	expect((await activationError(flow))?.message).toBe(NOT_OFFERED);
	expect(webhookCalls()).toEqual(['GET /v1/webhook/endpoint-list']);
});

test('a create answered 404: not offered, nothing kept', async () => {
	await control('POST', '/emulator/faults', { path: '/v1/webhook/create', status: 404 });
	const flow = await workflow(['inbox_message']);
	const error = await activationError(flow);
	expect(error?.message).toBe(NOT_OFFERED);
	expect(error?.description).toMatch(/^It answered HTTP 404 to \/v1\/webhook\/create\./);
	expect(flow.kept()).toBeUndefined();
});

test('a create answered without id or secret: not offered, and a registration of its URL is removed again', async () => {
	const flow = await workflow(['inbox_message']);
	// The gateway registered it (here by hand, with the URL) but named nothing in its answer.
	await control('POST', '/emulator/faults', { path: '/v1/webhook/create', status: 200, body: { success: true } });
	const before = emulator.requests.length;
	const made = await control<{ id: string }>('POST', '/emulator/webhooks', { url: flow.server.url });
	expect(emulator.requests.length).toBe(before);
	// The list is read first (no registration of the URL is the node's); the fault answers the create.
	await control('POST', '/emulator/faults', { path: '/v1/webhook/endpoint-list', status: 200, body: [] });
	const error = await activationError(flow);
	expect(error?.message).toBe(NOT_OFFERED);
	expect(error?.description).toMatch(/names no webhook id or secret/);
	expect(webhookCalls()).toContain(`DELETE /v1/webhook/${made.id}`);
	expect(await registrations()).toEqual([]);
});

test('a new webhook without a secret and no signing secret in the credential: activation fails, it is removed', async () => {
	const flow = await workflow(['inbox_message']);
	await control('POST', '/emulator/faults', { path: '/v1/webhook/create', status: 200, body: { id: 'wh_9' } });
	const error = await activationError(flow);
	expect(error?.message).toBe('The gateway gave the new webhook no signing secret');
	expect(error?.description).toMatch(/nothing was registered/);
	expect(webhookCalls()).toEqual([
		'GET /v1/webhook/endpoint-list',
		'POST /v1/webhook/create',
		'DELETE /v1/webhook/wh_9',
	]);
	expect(flow.kept()).toBeUndefined();
});

test("a new webhook without a secret: the credential's signing secret verifies", async () => {
	const secret = 'whsec_credential_secret';
	const flow = await workflow(['inbox_message'], {}, { signingSecret: secret });
	await control('POST', '/emulator/faults', { path: '/v1/webhook/create', status: 200, body: { id: 'wh_9' } });
	// The gateway lists what it registered to the GET webhook's pass (the POST webhook's created it).
	await listedOnSecondPass(flow, 'wh_9');
	await flow.activate();
	expect(flow.kept()).toEqual({ url: flow.server.url, id: 'wh_9' });
	const body = JSON.stringify({ webhook_id: 'w1', webhook_type: 'inbox_message', message: {} });
	const call = await flow.server.call({
		body,
		headers: { 'Content-Type': 'application/json', ...signed(body, { secret }) },
	});
	expect(call).toMatchObject({ status: 200, items: [{ webhook_id: 'w1' }] });
	const wrong = signed(body, { secret: 'whsec_other' });
	expect((await flow.server.call({ body, headers: { 'Content-Type': 'application/json', ...wrong } })).status).toBe(
		401,
	);
});

test('no events chosen: nothing is registered', async () => {
	const flow = await workflow([]);
	expect((await activationError(flow))?.message).toBe('No events to register');
	expect(await registrations()).toEqual([]);
});

test('a failure on the gateway side at create is the gateway error; nothing kept', async () => {
	await control('POST', '/emulator/faults', { path: '/v1/webhook/create', status: 500 });
	const flow = await workflow(['inbox_message']);
	expect((await activationError(flow))?.message).toMatch(/HTTP 500/);
	expect(flow.kept()).toBeUndefined();
});

test("a new webhook's secret that is the credential's signing secret is kept as it came, not redacted", async () => {
	const secret = 'whsec_account_wide_secret';
	const flow = await workflow(['inbox_message'], {}, { signingSecret: secret });
	await control('POST', '/emulator/faults', { path: '/v1/webhook/create', status: 200, body: { id: 'wh_5', secret } });
	await listedOnSecondPass(flow, 'wh_5');
	await flow.activate();
	expect(flow.kept()).toEqual({ url: flow.server.url, id: 'wh_5', secret });
});
