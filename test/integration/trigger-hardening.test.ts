/** The Messaging Gateway Trigger in n8n-core: unsigned requests, replay protection, what strangers and the owner learn, payload fields never refuse an event. */
import { MessagingGatewayTrigger } from '../../nodes/MessagingGateway/MessagingGatewayTrigger.node';
import { SPEC_EXAMPLES, itemOf } from '../fixtures/spec-events';
import { NodeHelpers, type INode, type INodeParameters } from 'n8n-workflow';
import { TRIGGER_TYPE } from '../support/run';
import {
	SECRET,
	credentials,
	now,
	loggedText,
	post,
	signed,
	trigger,
	triggerV2,
	unsignedCredentials,
} from '../support/trigger-helpers';

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
		expect((await server.call(post(body, {}))).items).toEqual([itemOf(SPEC_EXAMPLES.inbox_message)]);
	});

	test('Accept Unsigned Requests does not switch verification off when a secret is set', async () => {
		const server = await triggerV2(['*'], { acceptUnsigned: true });
		expect((await server.call(post(body, {}))).body).toEqual({ error: 'invalid_signature', check: 'missing_header' });
	});

	test.each([1, 2])(
		'node version %i: n8n resolves the parameters (as on activation) and shows the notice only while the option is on',
		(typeVersion) => {
			const { description } = new MessagingGatewayTrigger();
			const node = { name: 'Gateway Event', type: TRIGGER_TYPE, typeVersion, parameters: {} } as unknown as INode;
			const shownNotices = (options: Record<string, unknown>) => {
				const parameters = NodeHelpers.getNodeParameters(
					description.properties,
					{ events: ['*'], options } as INodeParameters,
					true,
					false,
					node,
					description,
				)!;
				return description.properties
					.filter(
						(property) =>
							property.type === 'notice' && NodeHelpers.displayParameter(parameters, property, node, description),
					)
					.map((property) => property.name);
			};
			expect(shownNotices({})).toEqual(['setupNotice']);
			expect(shownNotices({ acceptUnsigned: true })).toEqual(['setupNotice', 'unsignedWarning']);
		},
	);

	test('the node shows a warning notice while the option is on, version 3 is the default', () => {
		const { description } = new MessagingGatewayTrigger();
		expect(description.version).toEqual([1, 2, 3]);
		expect(description.defaultVersion).toBe(3);
		const notice = description.properties.find(
			(property) => property.type === 'notice' && property.displayOptions?.show?.['/options.acceptUnsigned'],
		);
		expect(notice).toMatchObject({ displayOptions: { show: { '/options.acceptUnsigned': [true] } } });
		expect(notice!.displayName).toMatch(/anyone who learns the URL/);
	});
});

describe('item 2: replay protection fails closed', () => {
	const body = JSON.stringify(SPEC_EXAMPLES.add_group);
	const dayOld = () => signed(body, { t: now() - 86_400 });

	test.each([null, '', -1, 'abc', '0', Number.NaN, Number.POSITIVE_INFINITY])(
		'tolerance %p means the default: a day-old request is refused',
		async (toleranceSeconds) => {
			for (const version of [1, 2]) {
				const server = await trigger(['*'], { toleranceSeconds }, credentials, version);
				const call = await server.call(post(body, dayOld()));
				expect(call.status).toBe(401);
				expect(call.body).toEqual({ error: 'invalid_signature', check: 'timestamp_outside_tolerance' });
			}
		},
	);

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
	] as const)(
		'900 KB of [{}…] (%s): 400, under 10 KB, at most 10 problems and a count',
		async (_name, version, options, creds) => {
			expect(hugeBody.length).toBeGreaterThan(880_000);
			const server = await trigger(['*'], options, creds, version);
			const headers = creds.signingSecret ? signed(hugeBody) : {};
			const response = await fetch(server.url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', ...headers },
				body: hugeBody,
			});
			const text = await response.text();
			expect(response.status).toBe(400);
			expect(Buffer.byteLength(text)).toBeLessThan(10_000);
			const answer = JSON.parse(text);
			expect(answer.error).toBe('not_an_event');
			expect(answer.errors.length).toBeLessThanOrEqual(10);
			expect(answer.errorCount).toBeGreaterThanOrEqual(answer.errors.length);
			expect(answer.errors[0]).toBe('event 0: webhook_id: missing');
			expect(server.lastResult()).toEqual({ noWebhookResponse: true });
		},
	);
});
