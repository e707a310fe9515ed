/** The Messaging Gateway Trigger in n8n-core: unsigned requests, replay protection, what strangers and the owner learn, payload fields never refuse an event. */
import { MessagingGatewayTrigger } from '../../nodes/MessagingGateway/MessagingGatewayTrigger.node';
import { SPEC_EXAMPLES } from '../fixtures/spec-events';
import { NodeHelpers, type INode, type INodeParameters } from 'n8n-workflow';
import { TRIGGER_TYPE } from '../support/run';
import { SECRET, credentials, now, loggedText, post, signed, trigger, triggerV2, unsignedCredentials } from '../support/trigger-helpers';

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

	test('the node shows a warning notice while the option is on, version 3 is the default', () => {
		const { description } = new MessagingGatewayTrigger();
		expect(description.version).toEqual([1, 2, 3]);
		expect(description.defaultVersion).toBe(3);
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

	test('Strict Validation is offered in every version: on by default in version 1, off from version 2; Opt-Out Keywords on from version 3', () => {
		const collections = new MessagingGatewayTrigger().description.properties.filter((property) => property.name === 'options');
		const defaults = collections.map((collection) => [
			collection.displayOptions?.show?.['@version'],
			(collection.options as Array<{ name: string; default: unknown }>).find((option) => option.name === 'strictValidation')!.default,
			(collection.options as Array<{ name: string; default: unknown }>).find((option) => option.name === 'optOutKeywords')!.default,
		]);
		expect(defaults).toEqual([
			[[1], true, false],
			[[2], false, false],
			[[{ _cnd: { gte: 3 } }], false, true],
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
