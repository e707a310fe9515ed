import { dirname } from 'node:path';

import { startEmulator, type Emulator } from '../../emulator/server';
import { MessagingGatewayTrigger } from '../../nodes/MessagingGateway/MessagingGatewayTrigger.node';
import { WEBHOOK_EVENT_TYPES } from '../../nodes/MessagingGateway/core/events/events';
import { encodeQuery } from '../../nodes/MessagingGateway/core/events/query';
import { DELIVERY_REPORT_MINIMAL, SPEC_EXAMPLES, specViolations } from '../fixtures/spec-events';
import { opensslHmacSha256 } from '../helpers/openssl';
import { WebhookContext } from 'n8n-core';
import { NodeHelpers, type INode, type INodeParameters } from 'n8n-workflow';

import { TRIGGER_TYPE, type GatewayCredentials } from '../harness/run';
import { startTriggerServer } from '../helpers/webhook-server';

const SECRET = 'whsec_trigger_test';
const credentials = { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's', signingSecret: SECRET };
const now = () => Math.floor(Date.now() / 1000);

/** Signs with openssl, as docs/gateway-api.md#signatures says: HMAC-SHA256 over timestamp + "." + raw payload. */
function signed(payload: string | Buffer, { secret = SECRET, t = now(), brand = 'Service' } = {}) {
	const v1 = opensslHmacSha256(secret, Buffer.concat([Buffer.from(`${t}.`), Buffer.from(payload)]));
	return { [`X-${brand}-Timestamp`]: String(t), [`X-${brand}-Signature`]: `t=${t},v1=${v1}` };
}

const post = (body: string, headers: Record<string, string> = signed(body)) => ({
	body,
	headers: { 'Content-Type': 'application/json', ...headers },
});

type Server = Awaited<ReturnType<typeof startTriggerServer>>;
const servers: Server[] = [];
/** A trigger of node version 1 (workflows saved before version 2); triggerV2 below for the default version. */
async function trigger(events: string[], options: Record<string, unknown> = {}, creds: GatewayCredentials = credentials, typeVersion = 1) {
	const server = await startTriggerServer({ events, options }, creds, typeVersion);
	servers.push(server);
	return server;
}
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('every webhook type comes out field for field', () => {
	test.each(Object.keys(SPEC_EXAMPLES))('%s', async (type) => {
		const server = await trigger(['*']);
		const body = JSON.stringify(SPEC_EXAMPLES[type]);
		const call = await server.call(post(body));
		expect(call.status).toBe(200);
		expect(call.body).toEqual({ received: 1, accepted: 1 });
		expect(call.items).toEqual([SPEC_EXAMPLES[type]]);
		expect(JSON.stringify(call.items![0])).toBe(body); // same names, same order, same types
		expect(specViolations(call.items![0] as Record<string, unknown>)).toEqual([]);
	});

	test('a delivery_report with no optional field', async () => {
		const server = await trigger(['delivery_report']);
		const call = await server.call(post(JSON.stringify(DELIVERY_REPORT_MINIMAL)));
		expect(call.items).toEqual([DELIVERY_REPORT_MINIMAL]);
	});

	test('unknown extra fields pass through', async () => {
		const server = await trigger(['*']);
		const event = { ...SPEC_EXAMPLES.add_group, extra: { a: [1, 2] }, group: { ...(SPEC_EXAMPLES.add_group.group as object), note: 'x' } };
		expect((await server.call(post(JSON.stringify(event)))).items).toEqual([event]);
	});
});

describe('filtering by type', () => {
	test.each(WEBHOOK_EVENT_TYPES.map((type) => type.value))('a trigger on %s starts only for that type', async (type) => {
		const server = await trigger([type]);
		for (const other of Object.keys(SPEC_EXAMPLES)) {
			const call = await server.call(post(JSON.stringify(SPEC_EXAMPLES[other])));
			expect(call.status).toBe(200);
			if (other === type) expect(call.items).toEqual([SPEC_EXAMPLES[other]]);
			else {
				expect(call.items).toBeUndefined();
				expect(call.body).toEqual({ received: 1, accepted: 0 });
			}
		}
	});

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
		expect(await refused(signed(body), body.replace('Yes', 'No!'))).toMatchObject({ error: 'invalid_signature', check: 'no_matching_signature' });
	});
	test('wrong secret', async () => {
		expect(await refused(signed(body, { secret: 'other' }))).toEqual({ error: 'invalid_signature', check: 'no_matching_signature' });
	});
	test('stale timestamp', async () => {
		expect(await refused(signed(body, { t: now() - 301 }))).toMatchObject({ check: 'timestamp_outside_tolerance' });
	});
	test('a shorter tolerance from the options', async () => {
		expect(await refused(signed(body, { t: now() - 30 }), body, { toleranceSeconds: 10 })).toMatchObject({ check: 'timestamp_outside_tolerance' });
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
		expect(call.body).toMatchObject({ error: 'not_an_event', errors: expect.arrayContaining(['webhook_id: missing', 'webhook_type: missing']) });
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
		for (const type of ['inbox_message', 'delivery_report', 'add_contact', 'email2sms_received', 'funds_purchased', 'api_error']) {
			const event = { ...SPEC_EXAMPLES[type], method: 'GET' };
			const query = encodeQuery(event);
			const call = await server.call({ method: 'GET', query, headers: signed(query) });
			expect(call.status).toBe(200);
			expect(call.items).toEqual([event]);
		}
	});

	test('a tampered query string is refused', async () => {
		const server = await trigger(['*']);
		const query = encodeQuery(SPEC_EXAMPLES.add_group);
		const call = await server.call({ method: 'GET', query: query.replace('Customers', 'Customerz'), headers: signed(query) });
		expect(call.status).toBe(401);
		expect(call.items).toBeUndefined();
	});
});

// ---------------------------------------------------------------------------------------------
// Issue 10: safe by default, never losing a real event. Each block below failed before the change.
// ---------------------------------------------------------------------------------------------

/** The Logger n8n-core's contexts hand to nodes (this.logger), as n8n-core itself resolves it. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Logger } = require(require.resolve('@n8n/backend-common', { paths: [dirname(require.resolve('n8n-core'))] })) as {
	Logger: { prototype: { warn(message: string, metadata?: object): void } };
};
let ownerLog: jest.SpyInstance;
beforeEach(() => {
	ownerLog = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => {});
});
afterEach(() => ownerLog.mockRestore());
const loggedText = () => ownerLog.mock.calls.map(([message]) => String(message)).join('\n');

const triggerV2 = (events: string[], options: Record<string, unknown> = {}, creds: GatewayCredentials = credentials) =>
	trigger(events, options, creds, 2);
const unsignedCredentials = { ...credentials, signingSecret: '' };

describe('item 1: without a signing secret, requests are refused unless Accept Unsigned Requests is on', () => {
	const body = JSON.stringify(SPEC_EXAMPLES.inbox_message);

	test.each([1, 2])('node version %i: 401 no_signing_secret, no run, a line in the log', async (version) => {
		for (const creds of [unsignedCredentials, { ...credentials, signingSecret: undefined }]) {
			const server = await trigger(['*'], {}, creds, version);
			const call = await server.call(post(body, {}));
			expect(call.status).toBe(401);
			expect(call.body).toEqual({ error: 'invalid_signature', check: 'no_signing_secret' });
			expect(call.items).toBeUndefined();
		}
		expect(loggedText()).toMatch(/no signing secret.*Accept Unsigned Requests/);
	});

	test('a signed request is refused as well: nothing can be verified without the secret', async () => {
		const server = await triggerV2(['*'], {}, unsignedCredentials);
		expect((await server.call(post(body))).status).toBe(401);
	});

	test.each([1, 2])('node version %i with Accept Unsigned Requests: accepted unverified', async (version) => {
		const server = await trigger(['*'], { acceptUnsigned: true }, unsignedCredentials, version);
		expect((await server.call(post(body, {}))).items).toEqual([SPEC_EXAMPLES.inbox_message]);
	});

	test('Accept Unsigned Requests does not switch verification off when a secret is set', async () => {
		const server = await triggerV2(['*'], { acceptUnsigned: true });
		expect((await server.call(post(body, {}))).body).toEqual({ error: 'invalid_signature', check: 'missing_header' });
	});

	test.each([1, 2])('node version %i: n8n resolves the parameters (as on activation) and shows the notice only while the option is on', (typeVersion) => {
		const { description } = new MessagingGatewayTrigger();
		const node = { name: 'Gateway Event', type: TRIGGER_TYPE, typeVersion, parameters: {} } as unknown as INode;
		const shownNotices = (options: Record<string, unknown>) => {
			const parameters = NodeHelpers.getNodeParameters(description.properties, { events: ['*'], options } as INodeParameters, true, false, node, description)!;
			return description.properties
				.filter((property) => property.type === 'notice' && NodeHelpers.displayParameter(parameters, property, node, description))
				.map((property) => property.name);
		};
		expect(shownNotices({})).toEqual(['setupNotice']);
		expect(shownNotices({ acceptUnsigned: true })).toEqual(['setupNotice', 'unsignedWarning']);
	});

	test('the node shows a warning notice while the option is on, version 2 is the default', () => {
		const { description } = new MessagingGatewayTrigger();
		expect(description.version).toEqual([1, 2]);
		expect(description.defaultVersion).toBe(2);
		const notice = description.properties.find((property) => property.type === 'notice' && property.displayOptions?.show?.['/options.acceptUnsigned']);
		expect(notice).toMatchObject({ displayOptions: { show: { '/options.acceptUnsigned': [true] } } });
		expect(notice!.displayName).toMatch(/anyone who learns the URL/);
	});
});

describe('item 2: replay protection fails closed', () => {
	const body = JSON.stringify(SPEC_EXAMPLES.add_group);
	const dayOld = () => signed(body, { t: now() - 86_400 });

	test.each([null, '', -1, 'abc', '0', Number.NaN, Number.POSITIVE_INFINITY])('tolerance %p means the default: a day-old request is refused', async (toleranceSeconds) => {
		for (const version of [1, 2]) {
			const server = await trigger(['*'], { toleranceSeconds }, credentials, version);
			const call = await server.call(post(body, dayOld()));
			expect(call.status).toBe(401);
			expect(call.body).toEqual({ error: 'invalid_signature', check: 'timestamp_outside_tolerance' });
		}
	});

	test('the default still accepts a request 299 s old; an explicit 0 turns the age check off', async () => {
		expect((await (await triggerV2(['*'])).call(post(body, signed(body, { t: now() - 299 })))).status).toBe(200);
		expect((await (await triggerV2(['*'], { toleranceSeconds: 0 })).call(post(body, dayOld()))).status).toBe(200);
	});
});

describe('item 3: strangers learn the check, the owner reads the diagnosis in the log', () => {
	const body = JSON.stringify(SPEC_EXAMPLES.add_group);

	test('a secret with surrounding whitespace: the 401 says only the check, the log says why', async () => {
		const server = await triggerV2(['*'], {}, { ...credentials, signingSecret: ` ${SECRET}\n` });
		const call = await server.call(post(body));
		expect(call.status).toBe(401);
		expect(call.body).toEqual({ error: 'invalid_signature', check: 'no_matching_signature' });
		expect(JSON.stringify(call.body)).not.toMatch(/whitespace|secret/i);
		expect(loggedText()).toMatch(/Messaging Gateway Trigger.*no_matching_signature.*leading or trailing whitespace/s);
	});

	test('a stale request: the log says how stale, a wrong secret: the log names the header and the raw body', async () => {
		const server = await triggerV2(['*']);
		await server.call(post(body, signed(body, { t: now() - 1000 })));
		expect(loggedText()).toMatch(/timestamp is 100\d s old; at most 300 s/);
		await server.call(post(body, signed(body, { secret: 'other', brand: 'Acme' })));
		expect(loggedText()).toMatch(/raw bytes.*x-acme-signature/s);
	});

	const hugeBody = `[${Array.from({ length: 300_000 }, () => '{}').join(',')}]`; // ~900 KB

	test.each([
		['version 1, signed', 1, {}, credentials],
		['version 2, signed', 2, {}, credentials],
		['version 2, Strict Validation on', 2, { strictValidation: true }, credentials],
		['version 2, unsigned accepted', 2, { acceptUnsigned: true }, unsignedCredentials],
	] as const)('900 KB of [{}…] (%s): 400, under 10 KB, at most 10 problems and a count', async (_name, version, options, creds) => {
		expect(hugeBody.length).toBeGreaterThan(880_000);
		const server = await trigger(['*'], options, creds, version);
		const headers = creds.signingSecret ? signed(hugeBody) : {};
		const response = await fetch(server.url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: hugeBody });
		const text = await response.text();
		expect(response.status).toBe(400);
		expect(Buffer.byteLength(text)).toBeLessThan(10_000);
		const answer = JSON.parse(text);
		expect(answer.error).toBe('not_an_event');
		expect(answer.errors.length).toBeLessThanOrEqual(10);
		expect(answer.errorCount).toBeGreaterThanOrEqual(answer.errors.length);
		expect(answer.errors[0]).toBe('event 0: webhook_id: missing');
		expect(server.lastResult()).toEqual({ noWebhookResponse: true });
	});
});

describe('item 4: a real event is never refused over a payload field (version 2)', () => {
	const report = SPEC_EXAMPLES.delivery_report as { message: Record<string, unknown> };

	test.each([
		['reference: null', { ...SPEC_EXAMPLES.delivery_report, message: { ...report.message, reference: null } }],
		['a field left out', { ...SPEC_EXAMPLES.delivery_report, message: Object.fromEntries(Object.entries(report.message).filter(([key]) => key !== 'cost')) }],
		['a numeric item_amount', { ...SPEC_EXAMPLES.insufficient_funds, funds: { ...(SPEC_EXAMPLES.insufficient_funds.funds as object), item_amount: 0 } }],
		['an envelope field left out', Object.fromEntries(Object.entries(SPEC_EXAMPLES.add_group).filter(([key]) => key !== 'created_utc'))],
		['a boolean as text', { ...SPEC_EXAMPLES.add_contact, contact: { ...(SPEC_EXAMPLES.add_contact.contact as object), unsubscribed: 'false' } }],
	])('%s: the event runs exactly as sent, the deviation goes to the log', async (_name, event) => {
		const server = await triggerV2(['*']);
		const body = JSON.stringify(event);
		const call = await server.call(post(body));
		expect(call.status).toBe(200);
		expect(call.body).toEqual({ received: 1, accepted: 1 });
		expect(JSON.stringify(call.items)).toBe(`[${body}]`);
		expect(loggedText()).toMatch(/differ from the documented fields/);
	});

	test('the same events are refused in version 1 and with Strict Validation on', async () => {
		const event = { ...SPEC_EXAMPLES.delivery_report, message: { ...report.message, reference: null } };
		for (const server of [await trigger(['*']), await triggerV2(['*'], { strictValidation: true })]) {
			const call = await server.call(post(JSON.stringify(event)));
			expect(call).toMatchObject({ status: 400, body: { errors: ['message.reference: Expected string, received null'], errorCount: 1 } });
		}
		// And version 1 can be switched to the lenient behaviour.
		expect((await (await trigger(['*'], { strictValidation: false })).call(post(JSON.stringify(event)))).status).toBe(200);
	});

	test('Strict Validation is offered in both versions: on by default in version 1, off in version 2', () => {
		const collections = new MessagingGatewayTrigger().description.properties.filter((property) => property.name === 'options');
		const defaults = collections.map((collection) => [
			collection.displayOptions?.show?.['@version'],
			(collection.options as Array<{ name: string; default: unknown }>).find((option) => option.name === 'strictValidation')!.default,
		]);
		expect(defaults).toEqual([
			[[1], true],
			[[{ _cnd: { gte: 2 } }], false],
		]);
	});

	test('what a receiver cannot do without is still required', async () => {
		const server = await triggerV2(['*']);
		for (const [event, error] of [
			[{ ...SPEC_EXAMPLES.add_group, webhook_id: undefined }, 'webhook_id: missing'],
			[{ ...SPEC_EXAMPLES.add_group, webhook_type: 7 }, 'webhook_type: expected a text, got number'],
			[{ ...SPEC_EXAMPLES.add_group, group: 'x' }, 'group: missing (a add_group event carries a "group" object)'],
		] as const) {
			const call = await server.call(post(JSON.stringify(event)));
			expect(call).toMatchObject({ status: 400, body: { error: 'not_an_event', errors: [error], errorCount: 1 } });
			expect(call.items).toBeUndefined();
		}
	});

	test('in an array every valid event runs; the invalid one is named in the answer and the log', async () => {
		const server = await triggerV2(['*']);
		const events = [SPEC_EXAMPLES.add_group, { hello: 'world' }, SPEC_EXAMPLES.api_error];
		const call = await server.call(post(JSON.stringify(events)));
		expect(call.status).toBe(200);
		expect(call.items).toEqual([SPEC_EXAMPLES.add_group, SPEC_EXAMPLES.api_error]);
		expect(call.body).toEqual({
			received: 3,
			accepted: 2,
			rejected: 1,
			errors: ['event 1: webhook_id: missing', 'event 1: webhook_type: missing'],
			errorCount: 2,
		});
		expect(loggedText()).toMatch(/accepted a webhook request with 1 entry that is not a gateway event: event 1: webhook_id: missing/);
	});
});

describe('item 5: Final Delivery Reports Only', () => {
	const reportWith = (delivery_code: unknown) => ({
		...SPEC_EXAMPLES.delivery_report,
		message: { ...(SPEC_EXAMPLES.delivery_report.message as object), delivery_code },
	});

	test.each(['0', '3', 0, 3])('code %p (a later report follows): acknowledged, nothing starts', async (code) => {
		const server = await triggerV2(['delivery_report'], { finalReportsOnly: true });
		const call = await server.call(post(JSON.stringify(reportWith(code))));
		expect(call).toMatchObject({ status: 200, body: { received: 1, accepted: 0 } });
		expect(call.items).toBeUndefined();
	});

	test.each(['1', '2', '4', '5', '9'])('final code %s starts the workflow', async (code) => {
		const server = await triggerV2(['delivery_report'], { finalReportsOnly: true });
		expect((await server.call(post(JSON.stringify(reportWith(code))))).items).toEqual([reportWith(code)]);
	});

	test('off (the default): the submitted report starts the workflow too', async () => {
		const server = await triggerV2(['delivery_report']);
		expect((await server.call(post(JSON.stringify(reportWith('0'))))).items).toHaveLength(1);
	});

	test("the option's description says which codes are final", () => {
		const options = new MessagingGatewayTrigger().description.properties.find((property) => property.name === 'options')!.options as Array<{ name: string; description?: string }>;
		expect(options.find((option) => option.name === 'finalReportsOnly')!.description).toMatch(/0 submitted, 3 buffered.*Final codes: 1 delivered, 2 not delivered, 4 and 5 rejected, 9 unknown/);
	});
});

describe('item 7: testing with the emulator — a sample event of any type at the registered URL', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await startEmulator({ account: { signingSecret: SECRET }, settings: { maxAttempts: 1 } });
	});
	afterAll(async () => emulator.close());

	test.each(WEBHOOK_EVENT_TYPES.map((type) => type.value))('POST /emulator/webhooks/%s', async (type) => {
		const server = await triggerV2(['*']);
		await fetch(`${emulator.url}/emulator/webhooks`, { method: 'DELETE' });
		await fetch(`${emulator.url}/emulator/webhooks`, { method: 'POST', body: JSON.stringify({ url: server.url, types: ['*'] }) });
		const response = await fetch(`${emulator.url}/emulator/webhooks/${type}?wait=true`, { method: 'POST' });
		expect(response.status).toBe(201);
		const { event, deliveries } = (await response.json()) as { event: Record<string, unknown>; deliveries: Array<{ state: string; attempts: Array<{ status: number }> }> };
		expect(event.webhook_type).toBe(type);
		expect(deliveries).toHaveLength(1);
		expect(deliveries[0]).toMatchObject({ state: 'delivered', attempts: [{ status: 200 }] });
		expect(server.lastResult()?.workflowData?.[0].map((item) => item.json)).toEqual([event]);
		expect(specViolations(event)).toEqual([]);
	});

	test('an unknown type is refused with the list of types', async () => {
		const response = await fetch(`${emulator.url}/emulator/webhooks/no_such_type`, { method: 'POST' });
		expect(response.status).toBe(400);
		expect(await response.json()).toEqual({ error: expect.stringContaining('delivery_report') });
	});

	test('the trigger panel explains listening for a test event with a one-URL gateway', () => {
		const { triggerPanel } = new MessagingGatewayTrigger().description as { triggerPanel?: { executionsHelp: { inactive: string; active: string } } };
		expect(triggerPanel!.executionsHelp.inactive).toMatch(/one URL per account.*listen for a test event.*\/emulator\/webhooks/s);
		expect(triggerPanel!.executionsHelp.active).toMatch(/Production URL back/);
	});
});

describe('item 8: GET webhooks from the emulator verify whatever the values hold', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await startEmulator({ account: { signingSecret: SECRET }, settings: { maxAttempts: 1 } });
	});
	afterAll(async () => emulator.close());

	test.each([
		['an apostrophe', "It's on its way"],
		["every ASCII sign", ` !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`],
		['unicode', 'Grüße 👋 ça va'],
		['an empty text', ''],
	])('%s in the content, an empty reference', async (_name, content) => {
		const server = await triggerV2(['*']);
		await fetch(`${emulator.url}/emulator/webhooks`, { method: 'DELETE' });
		await fetch(`${emulator.url}/emulator/webhooks`, { method: 'POST', body: JSON.stringify({ url: server.url, types: ['*'], method: 'GET' }) });
		const fields = { message: { content, reference: '' } };
		const response = await fetch(`${emulator.url}/emulator/events?wait=true`, { method: 'POST', body: JSON.stringify({ type: 'delivery_report', fields }) });
		const { event, deliveries } = (await response.json()) as { event: Record<string, unknown>; deliveries: Array<{ attempts: Array<{ status: number }> }> };
		expect(deliveries[0].attempts[0].status).toBe(200);
		const [item] = server.lastResult()!.workflowData![0].map((entry) => entry.json);
		expect(item).toEqual({ ...event, method: 'GET' });
		expect((item.message as Record<string, unknown>).reference).toBe('');
	});

	test('null fields come back as null, empty texts as empty texts', async () => {
		const server = await triggerV2(['*']);
		await fetch(`${emulator.url}/emulator/webhooks`, { method: 'DELETE' });
		await fetch(`${emulator.url}/emulator/webhooks`, { method: 'POST', body: JSON.stringify({ url: server.url, types: ['*'], method: 'GET' }) });
		const fields = { contact: { Custom1: '', Custom2: null, firstname: '' } };
		const response = await fetch(`${emulator.url}/emulator/events?wait=true`, { method: 'POST', body: JSON.stringify({ type: 'add_contact', fields }) });
		const { event } = (await response.json()) as { event: Record<string, unknown> };
		const [item] = server.lastResult()!.workflowData![0].map((entry) => entry.json);
		expect(item).toEqual({ ...event, method: 'GET' });
		expect(JSON.stringify(item)).toBe(JSON.stringify({ ...event, method: 'GET' })); // field order too
		expect(item.contact).toMatchObject({ Custom1: '', Custom2: null, firstname: '' });
	});
});

describe('a test event of a type the trigger does not listen for (issue 22, item 5)', () => {
	const body = JSON.stringify(SPEC_EXAMPLES.delivery_report);
	// n8n runs a test webhook (the editor listening for a test event) in the mode 'manual'.
	const listeningForTestEvent = () => jest.spyOn(WebhookContext.prototype, 'getMode').mockReturnValue('manual');

	test('while the editor listens: the answer and the log say which type came and which are selected', async () => {
		const mode = listeningForTestEvent();
		try {
			const server = await triggerV2(['inbox_message', 'read_report']);
			const call = await server.call(post(body));
			expect(call.status).toBe(200);
			expect(call.items).toBeUndefined();
			expect(call.body).toEqual({
				received: 1,
				accepted: 0,
				message: 'Nothing started: the event is of type delivery_report, and this trigger listens for inbox_message, read_report (its Events parameter)',
				arrived: ['delivery_report'],
				selected: ['inbox_message', 'read_report'],
			});
			expect(loggedText()).toContain('the event is of type delivery_report, and this trigger listens for inbox_message, read_report');
		} finally {
			mode.mockRestore();
		}
	});

	test('a selected event in the same test answers as before; an active workflow answers as before', async () => {
		const mode = listeningForTestEvent();
		try {
			const server = await triggerV2(['delivery_report']);
			expect((await server.call(post(body))).body).toEqual({ received: 1, accepted: 1 });
		} finally {
			mode.mockRestore();
		}
		const active = await triggerV2(['inbox_message']);
		expect((await active.call(post(body))).body).toEqual({ received: 1, accepted: 0 });
		expect(loggedText()).toBe('');
	});
});
