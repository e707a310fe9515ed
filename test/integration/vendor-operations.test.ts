/**
 * Account → Get Sender IDs / Get Account, Number → Format and the Sender list of Send (node
 * version 2), through n8n-core's WorkflowExecute and LoadOptionsContext against the emulator.
 */
import { runAction } from '../support/run';
import {
	emulator,
	credentials,
	requestLine,
	withAuth,
	wrongSecret,
	CREDENTIALS_ERROR,
	SENDER_IDS_ANSWER,
} from '../support/vendor-operations-setup';

describe.each([
	['Get Sender IDs', 'getSenderIds', '/v1/senderids', SENDER_IDS_ANSWER],
	['Get Account', 'getAccount', '/v1/auth', { success: true, username: 'demo' }],
])('Account → %s', (_, operation, path, answer) => {
	const parameters = { resource: 'account', operation };

	test(`GET ${path} with the credential's headers, the answer as the item, one per input item`, async () => {
		const run = await runAction(parameters, [{}, {}], credentials);
		expect(run.error).toBeUndefined();
		expect(requestLine()).toEqual([withAuth({ method: 'GET', path }), withAuth({ method: 'GET', path })]);
		expect(run.items).toEqual([
			{ json: answer, pairedItem: { item: 0 } },
			{ json: answer, pairedItem: { item: 1 } },
		]);
	});

	test('a gateway error stops the run with the code explained', async () => {
		const run = await runAction(parameters, [{}], wrongSecret());
		expect(run.error?.message).toBe(CREDENTIALS_ERROR.error);
		expect(run.error?.description).toContain('The API key or API secret is wrong');
		expect(run.error?.httpCode).toBe('401');
		expect(run.items).toEqual([]);
	});

	test('a gateway error with Continue On Fail: an error item per input item, paired', async () => {
		const run = await runAction(parameters, [{}, {}], wrongSecret(), { continueOnFail: true });
		expect(run.error).toBeUndefined();
		expect(run.items).toEqual([
			{ json: CREDENTIALS_ERROR, pairedItem: { item: 0 } },
			{ json: CREDENTIALS_ERROR, pairedItem: { item: 1 } },
		]);
	});
});

describe('Number → Format', () => {
	const formatNumber = (fields: Record<string, unknown>) => ({
		resource: 'number',
		operation: 'format',
		number: '06 12345678',
		countryCode: 'NL',
		...fields,
	});

	test('POST /v1/format/number with number and countrycode; the answer as the item', async () => {
		const run = await runAction(formatNumber({}), [{}], credentials, { typeVersion: 1 });
		expect(requestLine()).toEqual([
			withAuth({ method: 'POST', path: '/v1/format/number', body: { number: '06 12345678', countrycode: 'NL' } }),
		]);
		expect(emulator.requests[0].headers['content-type']).toMatch(/^application\/json/);
		expect(run.items).toEqual([
			{ json: { number: '31612345678', countrycode: 'NL', e164: '+31612345678' }, pairedItem: { item: 0 } },
		]);
	});

	test('per item from expressions; a lower-case country code is sent in capitals', async () => {
		const items = [
			{ n: ' 0470 12 34 56 ', c: 'be' },
			{ n: '07700 100123', c: 'GB' },
		];
		const run = await runAction(
			formatNumber({ number: '={{ $json.n }}', countryCode: '={{ $json.c }}' }),
			items,
			credentials,
			{ typeVersion: 1 },
		);
		expect(requestLine().map((request) => request.body)).toEqual([
			{ number: '0470 12 34 56', countrycode: 'BE' },
			{ number: '07700 100123', countrycode: 'GB' },
		]);
		expect(run.items.map((item) => [item.json.number, item.pairedItem])).toEqual([
			['32470123456', { item: 0 }],
			['447700100123', { item: 1 }],
		]);
	});

	test.each([
		['empty number', { number: '  ' }, 'Number: the number is empty'],
		['number without digits', { number: 'call me' }, 'Number: "call me" has no digits'],
		['unknown country code', { countryCode: '={{ "XX" }}' }, 'Country: "XX" is not an ISO 3166-1 alpha-2 country code'],
		[
			'empty country code',
			{ countryCode: '={{ "" }}' },
			'Country: empty, and "06 12345678" is not written internationally',
		],
		[
			'null country code',
			{ countryCode: '={{ null }}' },
			'Country: empty, and "06 12345678" is not written internationally',
		],
	])('%s is refused before any request', async (_, fields, message) => {
		const run = await runAction(formatNumber(fields), [{}, {}], credentials, { typeVersion: 1 });
		expect(run.error?.message).toContain(message);
		expect(run.error?.description).toMatch(/Item 0 was refused before anything was sent\.$/);
		expect(emulator.requests).toHaveLength(0);
	});

	test('Country empty from an expression: a number written internationally is sent without countrycode', async () => {
		const items = [
			{ n: '+44 7700 100123', c: '' },
			{ n: '0032 470 12 34 56', c: null },
		];
		const run = await runAction(
			formatNumber({ number: '={{ $json.n }}', countryCode: '={{ $json.c }}' }),
			items,
			credentials,
			{ typeVersion: 1 },
		);
		expect(requestLine().map((request) => request.body)).toEqual([
			{ number: '+44 7700 100123' },
			{ number: '0032 470 12 34 56' },
		]);
		expect(run.items.map((item) => item.json.number)).toEqual(['447700100123', '32470123456']);
	});

	test('a refused item stops the whole run before any request; the error names the item', async () => {
		const run = await runAction(
			formatNumber({ number: '={{ $json.n }}' }),
			[{ n: '0612345678' }, { n: '' }],
			credentials,
			{ typeVersion: 1 },
		);
		expect(run.error?.description).toMatch(/Item 1 was refused before anything was sent\.$/);
		expect(emulator.requests).toHaveLength(0);
	});

	test('a gateway error stops the run with the code explained', async () => {
		const run = await runAction(formatNumber({ number: '06 12' }), [{}], credentials, { typeVersion: 1 });
		expect(run.error?.message).toBe('Invalid phone number (gateway code 106)');
		expect(run.error?.description).toBe(
			'A recipient is not a valid number: use international format, 8 to 15 digits, e.g. 31612345678. HTTP 400.',
		);
	});

	test('with Continue On Fail: refused and failed items carry the error and keep their pairing', async () => {
		const items = [{ n: '0612345678' }, { n: '06 12' }, { n: '' }];
		const run = await runAction(formatNumber({ number: '={{ $json.n }}' }), items, credentials, {
			typeVersion: 1,
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toEqual([
			{ json: { number: '31612345678', countrycode: 'NL', e164: '+31612345678' }, pairedItem: { item: 0 } },
			{
				json: { error: 'Invalid phone number (gateway code 106)', code: '106', httpCode: 400 },
				pairedItem: { item: 1 },
			},
			{ json: { error: 'Number: the number is empty', code: null, httpCode: null }, pairedItem: { item: 2 } },
		]);
		expect(emulator.requests).toHaveLength(2);
	});
});
