/**
 * Account → Get Sender IDs / Get Account, Number → Format and the Sender list of Send (node
 * version 2), through n8n-core's WorkflowExecute and LoadOptionsContext against the emulator.
 */
import { NodeApiError, type IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../../emulator/server';
import { runAction, searchList, type GatewayCredentials } from '../support/run';
import { MessagingGateway } from '../../nodes/MessagingGateway/MessagingGateway.node';
import { emulatorClient } from '../support/emulator-client';

let emulator: Emulator;
let credentials: GatewayCredentials;

const { control } = emulatorClient(() => emulator);
const requestLine = () => emulator.requests.map((request) => ({
	method: request.method,
	path: request.path,
	id: request.headers['x-client-id'],
	secret: request.headers['x-client-secret'],
	body: request.body === '' ? undefined : JSON.parse(request.body),
}));
const withAuth = (entry: { method: string; path: string; body?: unknown }) => ({ id: 'emulator-key', secret: 'emulator-secret', body: undefined, ...entry });
const wrongSecret = () => ({ ...credentials, apiSecret: 'wrong' });
const CREDENTIALS_ERROR = { error: 'Invalid credentials (gateway code 104)', code: '104', httpCode: 401 };

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 5 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
	await control('PUT', '/emulator/senderids', { senderids: ['Shop', 'Alerts', '3197010000001'] });
});
afterEach(() => emulator.close());

const SENDER_IDS_ANSWER = {
	senderids: [
		{ senderid: 'Shop', status: 'approved' },
		{ senderid: 'Alerts', status: 'approved' },
		{ senderid: '3197010000001', status: 'approved' },
	],
};

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
	const formatNumber = (fields: Record<string, unknown>) => ({ resource: 'number', operation: 'format', number: '06 12345678', countryCode: 'NL', ...fields });

	test('POST /v1/format/number with number and countrycode; the answer as the item', async () => {
		const run = await runAction(formatNumber({}), [{}], credentials, { typeVersion: 1 });
		expect(requestLine()).toEqual([withAuth({ method: 'POST', path: '/v1/format/number', body: { number: '06 12345678', countrycode: 'NL' } })]);
		expect(emulator.requests[0].headers['content-type']).toMatch(/^application\/json/);
		expect(run.items).toEqual([{ json: { number: '31612345678', countrycode: 'NL', e164: '+31612345678' }, pairedItem: { item: 0 } }]);
	});

	test('per item from expressions; a lower-case country code is sent in capitals', async () => {
		const items = [{ n: ' 0470 12 34 56 ', c: 'be' }, { n: '07700 900123', c: 'GB' }];
		const run = await runAction(formatNumber({ number: '={{ $json.n }}', countryCode: '={{ $json.c }}' }), items, credentials, { typeVersion: 1 });
		expect(requestLine().map((request) => request.body)).toEqual([
			{ number: '0470 12 34 56', countrycode: 'BE' },
			{ number: '07700 900123', countrycode: 'GB' },
		]);
		expect(run.items.map((item) => [item.json.number, item.pairedItem])).toEqual([
			['32470123456', { item: 0 }],
			['447700900123', { item: 1 }],
		]);
	});

	test.each([
		['empty number', { number: '  ' }, 'Number: the number is empty'],
		['number without digits', { number: 'call me' }, 'Number: "call me" has no digits'],
		['unknown country code', { countryCode: '={{ "XX" }}' }, 'Country: "XX" is not an ISO 3166-1 alpha-2 country code'],
		['empty country code', { countryCode: '={{ "" }}' }, 'Country: empty, and "06 12345678" is not written internationally'],
		['null country code', { countryCode: '={{ null }}' }, 'Country: empty, and "06 12345678" is not written internationally'],
	])('%s is refused before any request', async (_, fields, message) => {
		const run = await runAction(formatNumber(fields), [{}, {}], credentials, { typeVersion: 1 });
		expect(run.error?.message).toContain(message);
		expect(run.error?.description).toBe('Item 0 was refused before anything was sent.');
		expect(emulator.requests).toHaveLength(0);
	});

	test('Country empty from an expression: a number written internationally is sent without countrycode', async () => {
		const items = [{ n: '+44 7700 900123', c: '' }, { n: '0032 470 12 34 56', c: null }];
		const run = await runAction(formatNumber({ number: '={{ $json.n }}', countryCode: '={{ $json.c }}' }), items, credentials, { typeVersion: 1 });
		expect(requestLine().map((request) => request.body)).toEqual([{ number: '+44 7700 900123' }, { number: '0032 470 12 34 56' }]);
		expect(run.items.map((item) => item.json.number)).toEqual(['447700900123', '32470123456']);
	});

	test('a refused item stops the whole run before any request; the error names the item', async () => {
		const run = await runAction(formatNumber({ number: '={{ $json.n }}' }), [{ n: '0612345678' }, { n: '' }], credentials, { typeVersion: 1 });
		expect(run.error?.description).toBe('Item 1 was refused before anything was sent.');
		expect(emulator.requests).toHaveLength(0);
	});

	test('a gateway error stops the run with the code explained', async () => {
		const run = await runAction(formatNumber({ number: '06 12' }), [{}], credentials, { typeVersion: 1 });
		expect(run.error?.message).toBe('Invalid phone number (gateway code 106)');
		expect(run.error?.description).toBe('A recipient is not a valid number: use international format, 8 to 15 digits, e.g. 31612345678. HTTP 400.');
	});

	test('with Continue On Fail: refused and failed items carry the error and keep their pairing', async () => {
		const items = [{ n: '0612345678' }, { n: '06 12' }, { n: '' }];
		const run = await runAction(formatNumber({ number: '={{ $json.n }}' }), items, credentials, { typeVersion: 1, continueOnFail: true });
		expect(run.error).toBeUndefined();
		expect(run.items).toEqual([
			{ json: { number: '31612345678', countrycode: 'NL', e164: '+31612345678' }, pairedItem: { item: 0 } },
			{ json: { error: 'Invalid phone number (gateway code 106)', code: '106', httpCode: 400 }, pairedItem: { item: 1 } },
			{ json: { error: 'Number: the number is empty', code: null, httpCode: null }, pairedItem: { item: 2 } },
		]);
		expect(emulator.requests).toHaveLength(2);
	});
});

describe('Send: the Sender (node version 2)', () => {
	const send = (sender: string | IDataObject) => ({ resource: 'message', operation: 'send', sender, to: '31612345678', message: 'Hello' });
	const sentSender = () => JSON.parse(emulator.requests.find((request) => request.path === '/v1/message/send')!.body).sender;

	test('picked from the list', async () => {
		const run = await runAction(send({ __rl: true, mode: 'list', value: 'Alerts', cachedResultName: 'Alerts' }), [{}], credentials);
		expect(run.error).toBeUndefined();
		expect(sentSender()).toBe('Alerts');
		expect(run.items[0].json.sender).toBe('Alerts');
	});

	test('by value, also one not in the list; no sender ID request is made', async () => {
		const run = await runAction(send({ __rl: true, mode: 'id', value: 'NewBrand' }), [{}], credentials);
		expect(run.error).toBeUndefined();
		expect(requestLine().map((request) => request.path)).toEqual(['/v1/message/send']);
		expect(sentSender()).toBe('NewBrand');
	});

	test('an expression in the value is resolved per item', async () => {
		const run = await runAction(send({ __rl: true, mode: 'id', value: '={{ $json.brand }}' }), [{ brand: 'Shop' }, { brand: 'Alerts' }], credentials);
		expect(run.items.map((item) => [item.json.sender, item.pairedItem])).toEqual([
			['Shop', { item: 0 }],
			['Alerts', { item: 1 }],
		]);
	});

	test('the checks of the sender still apply', async () => {
		const run = await runAction(send({ __rl: true, mode: 'id', value: 'TwelveChars1' }), [{}], credentials);
		expect(run.error?.message).toContain('Sender: the sender name "TwelveChars1" has 12 characters; at most 11');
		expect(emulator.requests).toHaveLength(0);
	});

	test('version 1 keeps the plain text field of saved workflows', async () => {
		const run = await runAction(send('Shop'), [{}], credentials, { typeVersion: 1 });
		expect(run.error).toBeUndefined();
		expect(sentSender()).toBe('Shop');
	});
});

describe('Sender list search (LoadOptionsContext)', () => {
	const parameters = { resource: 'message', operation: 'send', sender: { __rl: true, mode: 'list', value: '' } };

	test("lists the account's sender IDs from GET /v1/senderids with the credential's headers", async () => {
		const result = await searchList('searchSenderIds', parameters, credentials);
		expect(requestLine()).toEqual([withAuth({ method: 'GET', path: '/v1/senderids' })]);
		expect(result).toEqual({
			results: [
				{ name: 'Shop', value: 'Shop', description: 'approved' },
				{ name: 'Alerts', value: 'Alerts', description: 'approved' },
				{ name: '3197010000001', value: '3197010000001', description: 'approved' },
			],
		});
	});

	test('the filter keeps senders containing it, in any letter case', async () => {
		expect((await searchList('searchSenderIds', parameters, credentials, { filter: 'AL' })).results.map((entry) => entry.value)).toEqual(['Alerts']);
		expect((await searchList('searchSenderIds', parameters, credentials, { filter: '3197' })).results.map((entry) => entry.value)).toEqual([
			'3197010000001',
		]);
	});

	test("Send and Wait's list offers only the numbers, the senders a reply can reach; its Sender field asks that list", async () => {
		const question = { resource: 'message', operation: 'sendAndWait', sender: { __rl: true, mode: 'list', value: '' } };
		expect(await searchList('searchReplySenderIds', question, credentials)).toEqual({
			results: [{ name: '3197010000001', value: '3197010000001', description: 'approved' }],
		});
		const senderOf = (operation: string) =>
			new MessagingGateway().description.properties.find((property) => property.name === 'sender' && property.type === 'resourceLocator' && property.displayOptions?.show?.operation?.includes(operation));
		expect(senderOf('sendAndWait')?.modes?.[0].typeOptions?.searchListMethod).toBe('searchReplySenderIds');
		expect(senderOf('send')?.modes?.[0].typeOptions?.searchListMethod).toBe('searchSenderIds');
	});

	test('a list the gateway will not give is a NodeApiError with its code; sending by value is unaffected', async () => {
		const error = await searchList('searchSenderIds', parameters, wrongSecret()).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toBe('Invalid credentials (gateway code 104)');
		// A read is tried again after a 500 (it changes nothing at the gateway): three 500s make it fail.
		await control('POST', '/emulator/faults', { status: 500, count: 3 });
		const failed = await searchList('searchSenderIds', parameters, credentials).catch((caught: unknown) => caught);
		expect((failed as NodeApiError).message).toBe('The gateway answered HTTP 500 (a failure on its side), 3 tries');
		const run = await runAction(
			{ resource: 'message', operation: 'send', sender: { __rl: true, mode: 'id', value: 'Shop' }, to: '31612345678', message: 'Hi' },
			[{}],
			credentials,
		);
		expect(run.error).toBeUndefined();
		expect(run.items[0].json.messageid).toEqual(expect.any(String));
	});
});
