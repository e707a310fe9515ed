/**
 * The emulator under requests a careless or hostile client sends (issue cases): bad request targets,
 * absurd fault counts, webhooks pointed at the emulator itself, empty optional fields, the request
 * log's query string, api_error for every failed API request, and brand words with `-`, `_`, `.`.
 * Real HTTP throughout.
 */
import { connect } from 'node:net';

import { verifySignature } from '../../nodes/MessagingGateway/core/events/signature';
import { startEmulator, type Emulator } from '../../emulator/server';
import { specViolations } from '../fixtures/spec-events';
import { emulatorClient } from '../support/emulator-client';

let emulator: Emulator;

const { api, controlAnswer } = emulatorClient(() => emulator);
const apiErrors = () =>
	emulator.events.map((entry) => entry.event).filter((event) => event.webhook_type === 'api_error');

/** One raw HTTP/1.1 request with `target` as written, and the status line of the answer. */
function rawRequest(target: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = connect(emulator.port, '127.0.0.1', () => {
			socket.write(`GET ${target} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`);
		});
		let answer = '';
		socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
		socket.on('end', () => resolve(answer.split('\r\n')[0]));
		socket.on('error', reject);
	});
}

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 10 } });
});
afterEach(() => emulator.close());

describe('no request crashes the emulator', () => {
	test.each(['http://a:99999/', 'http://[zz/', 'http://a:99999/v1/balance'])(
		'request target %s: 400, and the emulator still answers',
		async (target) => {
			expect(await rawRequest(target)).toMatch(/^HTTP\/1\.1 400 /);
			expect((await api('GET', '/v1/auth')).status).toBe(200);
		},
	);
});

describe('nothing grows without bound', () => {
	test('an absurd fault count is refused with 400 and queues nothing', async () => {
		const response = await controlAnswer('POST', '/emulator/faults', { status: 500, count: 100_000_000 });
		expect(response.status).toBe(400);
		expect(response.body.error).toMatch(/"count"/);
		expect((await controlAnswer('GET', '/emulator/faults')).body).toEqual([]);
	});

	test('the cap counts what is already queued', async () => {
		expect((await controlAnswer('POST', '/emulator/faults', { status: 503, count: 10_000 })).status).toBe(201);
		expect((await controlAnswer('POST', '/emulator/faults', { status: 503 })).status).toBe(400);
		await controlAnswer('DELETE', '/emulator/faults');
		expect((await api('GET', '/v1/auth')).status).toBe(200);
	});

	test.each([
		[{ maxAttempts: 1_000_000_000 }],
		[{ maxAttempts: 0 }],
		[{ maxAttempts: 2.5 }],
		[{ retryBaseMs: 1e15 }],
		[{ deliveryDelayMs: -1 }],
		[{ webhookTimeoutMs: 0 }],
	])('settings a timer or the attempt log cannot live with are refused: %j', async (fields) => {
		const before = { ...emulator.settings };
		const response = await controlAnswer('PUT', '/emulator/settings', fields);
		expect(response).toEqual({
			status: 400,
			body: { error: expect.stringMatching(/^settings field ".+" must be .+ from \d+ to \d+$/) },
		});
		expect(emulator.settings).toEqual(before);
	});

	test.each([
		['http://127.0.0.1:<port>/emulator/webhooks/add_group'],
		['http://localhost:<port>/emulator/events'],
		['http://[::1]:<port>/emulator/inbound'],
		['http://127.1.2.3:<port>/anything'],
		['http://0.0.0.0:<port>/emulator/webhooks/inbox_message'],
	])('a webhook URL at the emulator itself is refused: %s', async (url) => {
		const response = await controlAnswer('POST', '/emulator/webhooks', {
			url: url.replace('<port>', String(emulator.port)),
			types: ['*'],
		});
		expect(response).toEqual({ status: 400, body: { error: expect.stringContaining('the emulator itself') } });
		expect(emulator.endpoints).toEqual([]);
	});

	test('the same host on another port is an ordinary endpoint', async () => {
		const other = emulator.port === 1 ? 2 : emulator.port - 1;
		expect((await controlAnswer('POST', '/emulator/webhooks', { url: `http://127.0.0.1:${other}/hook` })).status).toBe(
			201,
		);
	});
});

describe('empty optional fields mean absent', () => {
	test.each([[''], [null]])(
		'SMS with date, reference and subid %p: sent now, no reference, no subid',
		async (empty) => {
			const response = await api('POST', '/v1/message/send', {
				message: 'Hi',
				to: '31612345678',
				sender: 'Shop',
				date: empty,
				reference: empty,
				subid: empty,
			});
			expect(response).toEqual({ status: 200, body: { messageid: expect.any(String) } });
			expect(emulator.messages[0]).toMatchObject({ deliveryCode: '0', reference: '' });
			expect(emulator.messages[0]).not.toHaveProperty('scheduledFor');
			expect(emulator.messages[0]).not.toHaveProperty('subid');
		},
	);

	test.each([[''], [null]])('voice with date, reference, language and gender %p: the defaults', async (empty) => {
		const body = { message: 'Hi', to: '31612345678', date: empty, reference: empty, language: empty, gender: empty };
		expect((await api('POST', '/v1/voice/send', body)).status).toBe(200);
		expect(emulator.messages[0]).toMatchObject({ deliveryCode: '0', reference: '', language: 'en', gender: 'Female' });
	});

	test('a subid that is given is kept', async () => {
		await api('POST', '/v1/message/send', { message: 'Hi', to: '31612345678', sender: 'Shop', subid: 7 });
		expect(emulator.messages[0].subid).toBe('7');
	});
});

test('the request log keeps the query string', async () => {
	await api('POST', '/v1/format/number?number=0612345678&countrycode=NL', {});
	await api('GET', '/v1/balance');
	expect(emulator.requests.map(({ path, query }) => [path, query])).toEqual([
		['/v1/format/number', 'number=0612345678&countrycode=NL'],
		['/v1/balance', ''],
	]);
});

describe('every failed API request emits its api_error webhook', () => {
	test.each([
		['format: unknown country', 'POST', '/v1/format/number', { number: '0612345678', countrycode: 'XX' }, 400, '106'],
		['format: not a number', 'POST', '/v1/format/number', { number: 'call me', countrycode: 'NL' }, 400, '103'],
		['a body that does not parse', 'POST', '/v1/format/number', '{"number": ', 400, 'error parsing json'],
		['an unknown path', 'GET', '/v1/nothing-here', undefined, 404, 'not found'],
		[
			'voice: too many recipients',
			'POST',
			'/v1/voice/send',
			{ to: Array(101).fill('31612345678'), message: 'Hi' },
			400,
			'113',
		],
	])('%s', async (_, method, path, body, status, code) => {
		const response = await api(method, path, body);
		expect(response).toMatchObject({ status, body: { error: code } });
		const [event] = apiErrors();
		expect(specViolations(event)).toEqual([]);
		expect(event.error).toMatchObject({
			error: response.body.errorMsg ?? code,
			http_code: status,
			error_code: expect.any(Number),
		});
	});

	test('an SMS refusal names its sender and recipients, as before', async () => {
		await api('POST', '/v1/message/send', { message: 'x', to: ['31612345678', '31610009131'], sender: 'Shop' });
		expect(apiErrors()[0].error).toMatchObject({
			sender: 'Shop',
			receiver: '31612345678,31610009131',
			error_code: 4004,
		});
	});

	test('without valid credentials no account is known: 401 and no webhook', async () => {
		expect((await api('GET', '/v1/balance', undefined, {})).status).toBe(401);
		expect(apiErrors()).toEqual([]);
	});

	test('an emulated fault is not an API refusal: no webhook', async () => {
		await controlAnswer('POST', '/emulator/faults', { status: 500 });
		expect((await api('GET', '/v1/balance')).status).toBe(500);
		expect(apiErrors()).toEqual([]);
	});
});

describe('brand words', () => {
	test.each(['Acme-SMS', 'acme_sms', 'Acme.SMS', 'X1'])(
		'brand %s: the emulator signs with it and the trigger rule verifies it',
		async (brand) => {
			expect((await controlAnswer('PUT', '/emulator/account', { brand })).status).toBe(200);
			await controlAnswer('POST', '/emulator/events', { type: 'add_group' });
			const { body, headers } = emulator.events[0];
			expect(Object.keys(headers)).toEqual([`X-${brand}-Timestamp`, `X-${brand}-Signature`]);
			const asNodeReceivesThem = Object.fromEntries(
				Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
			);
			expect(verifySignature(body, asNodeReceivesThem, emulator.account.signingSecret)).toMatchObject({
				ok: true,
				header: `x-${brand.toLowerCase()}-signature`,
			});
		},
	);

	test.each(['Acme SMS', 'Acme:SMS', '', 'Ac/me'])(
		'brand %p, which no receiver could read, is refused',
		async (brand) => {
			expect((await controlAnswer('PUT', '/emulator/account', { brand })).status).toBe(400);
			expect(emulator.account.brand).toBe('Service');
		},
	);
});
