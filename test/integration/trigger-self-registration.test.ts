/**
 * Register Webhook Automatically (issue 51) against the emulator's registration API, through n8n-core's HookContext
 * and real HTTP: one registration per active trigger with its events, verified with its own secret, none after
 * deactivation, never doubled, never another's touched; the Test URL while listening, beside the production one.
 */
import { activate, deactivate } from '../support/hooks';
import { control, emulator, fire, registrations, workflow } from '../support/registration-setup';
import { signed } from '../support/trigger-helpers';
import { SPEC_EVENT_TYPES } from '../support/spec-event-types';

const webhookCalls = () =>
	emulator.requests.filter((request) => request.path.startsWith('/v1/webhook/')).map((r) => `${r.method} ${r.path}`);

test('activate: one registration of the Production URL with the events; a signed inbox_message starts the workflow', async () => {
	const flow = await workflow(['inbox_message', 'delivery_report']);
	expect(flow.creds.signingSecret).toBeUndefined();
	await flow.activate();
	const list = await registrations();
	expect(list).toEqual([
		expect.objectContaining({ url: flow.server.url, method: 'POST', types: ['delivery_report', 'inbox_message'] }),
	]);
	expect(flow.kept()).toEqual({ url: flow.server.url, id: list[0].id, secret: list[0].secret });
	expect(await fire('inbox_message')).toEqual([{ url: flow.server.url, status: 200 }]);
	expect(flow.server.lastResult()?.workflowData?.[0].map((item) => item.json.webhook_type)).toEqual(['inbox_message']);
	// The GET webhook's pass found the registration: one list per webhook, one create.
	expect(webhookCalls()).toEqual([
		'GET /v1/webhook/endpoint-list',
		'POST /v1/webhook/create',
		'GET /v1/webhook/endpoint-list',
	]);
});

test('All Events registers every type of the spec', async () => {
	const flow = await workflow(['*']);
	await flow.activate();
	expect((await registrations()).map((entry) => entry.types)).toEqual([SPEC_EVENT_TYPES]);
});

test("the registration's secret verifies; the credential's is refused", async () => {
	const flow = await workflow(['inbox_message'], {}, { signingSecret: emulator.account.signingSecret });
	await flow.activate();
	const body = JSON.stringify({ webhook_id: 'w1', webhook_type: 'inbox_message', message: {} });
	const withCredential = await flow.server.call({
		body,
		headers: { 'Content-Type': 'application/json', ...signed(body, { secret: emulator.account.signingSecret }) },
	});
	expect(withCredential.status).toBe(401);
	expect(await fire('inbox_message')).toEqual([{ url: flow.server.url, status: 200 }]);
});

test('deactivate: none left; a registration already gone is no error', async () => {
	const flow = await workflow(['inbox_message']);
	await flow.activate();
	await flow.deactivate();
	expect(await registrations()).toEqual([]);
	expect(flow.kept()).toBeUndefined();
	await flow.activate();
	await control('DELETE', '/emulator/webhooks');
	await expect(flow.deactivate()).resolves.toBeUndefined();
	expect(flow.kept()).toBeUndefined();
});

test('activate again (n8n restarted, static data kept): still one, nothing created', async () => {
	const flow = await workflow(['inbox_message']);
	await flow.activate();
	const [first] = await registrations();
	await flow.activate();
	expect(await registrations()).toEqual([first]);
	expect(webhookCalls().filter((call) => call.startsWith('POST'))).toHaveLength(1);
});

test('saved with other events: the registration is replaced, never doubled', async () => {
	const flow = await workflow(['inbox_message']);
	await flow.activate();
	const [old] = await registrations();
	flow.parameters.events = ['add_optout'];
	await flow.activate();
	const list = await registrations();
	expect(list).toEqual([expect.objectContaining({ url: flow.server.url, types: ['add_optout'] })]);
	expect(list[0].id).not.toBe(old.id);
	expect(await fire('inbox_message')).toEqual([]);
});

test('a double of its URL (made by hand) is replaced by one registration', async () => {
	const flow = await workflow(['inbox_message']);
	await control('POST', '/emulator/webhooks', { url: flow.server.url, types: ['inbox_message'] });
	await flow.activate();
	expect(await registrations()).toEqual([
		expect.objectContaining({ url: flow.server.url, secret: expect.any(String) }),
	]);
});

test("two workflows: two registrations, each gets only its own events; deactivating one leaves the other's", async () => {
	const a = await workflow(['inbox_message']);
	const b = await workflow(['add_optout']);
	await a.activate();
	await b.activate();
	expect(await registrations()).toHaveLength(2);
	expect(await fire('inbox_message')).toEqual([{ url: a.server.url, status: 200 }]);
	expect(await fire('add_optout')).toEqual([{ url: b.server.url, status: 200 }]);
	await a.deactivate();
	expect(await registrations()).toEqual([expect.objectContaining({ url: b.server.url, types: ['add_optout'] })]);
	expect(await fire('add_optout')).toEqual([{ url: b.server.url, status: 200 }]);
});

test('a registration made by hand for another URL is never touched', async () => {
	const byHand = await control<{ id: string }>('POST', '/emulator/webhooks', { url: 'http://example.com/h' });
	const flow = await workflow(['*']);
	await flow.activate();
	await flow.deactivate();
	expect(await registrations()).toEqual([expect.objectContaining({ id: byHand.id, url: 'http://example.com/h' })]);
});

test('listening for a test event registers the Test URL and removes it after; the production one stays', async () => {
	const flow = await workflow(['inbox_message']);
	await flow.activate();
	const [production] = await registrations();
	const testStaticData = {};
	const listening = { ...flow.hooks(true), staticData: testStaticData };
	await activate(flow.parameters, flow.creds, listening);
	const testUrl = flow.server.url.replace('/webhook/', '/webhook-test/');
	expect(await registrations()).toEqual([production, expect.objectContaining({ url: testUrl })]);
	await deactivate(flow.parameters, flow.creds, listening);
	expect(await registrations()).toEqual([production]);
});

test('option off: nothing is asked of the gateway, the URL is pasted by hand as before', async () => {
	const flow = await workflow(['inbox_message'], { autoRegister: false });
	await flow.activate();
	await flow.deactivate();
	expect(webhookCalls()).toEqual([]);
	expect(await registrations()).toEqual([]);
});

test('saved with the option turned off: deactivating still removes the registration it made', async () => {
	const flow = await workflow(['inbox_message']);
	await flow.activate();
	flow.parameters.options.autoRegister = false;
	await flow.deactivate();
	expect(await registrations()).toEqual([]);
});

test("n8n's URL changed (WEBHOOK_URL): the registration of the old URL is removed, the new one registered", async () => {
	const flow = await workflow(['inbox_message']);
	await flow.activate();
	const moved = { ...flow.hooks(), n8nBaseUrl: 'http://127.0.0.1:9' };
	await activate(flow.parameters, flow.creds, moved);
	expect((await registrations()).map((entry) => entry.url)).toEqual([
		'http://127.0.0.1:9/webhook/test-webhook-id/webhook',
	]);
});
