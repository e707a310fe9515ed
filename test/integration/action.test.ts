import { startEmulator, type Emulator } from '../../emulator/server';
import { runAction, type GatewayCredentials } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

let emulator: Emulator;
let credentials: GatewayCredentials;

const send = (fields: Record<string, unknown>) => ({ resource: 'message', operation: 'send', sender: 'Shop', to: '+31 6 1234 5678', message: 'Hello', ...fields });
const { control } = emulatorClient(() => emulator);

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 5 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
});
afterEach(() => emulator.close());

describe('Message → Send', () => {
	test('one number: the exact request, and the output item', async () => {
		const run = await runAction(send({}), [{}], credentials, { typeVersion: 1 });
		expect(run.error).toBeUndefined();
		expect(emulator.requests).toHaveLength(1);
		const [request] = emulator.requests;
		expect(request).toMatchObject({ method: 'POST', path: '/v1/message/send' });
		expect(request.headers['x-client-id']).toBe('emulator-key');
		expect(request.headers['x-client-secret']).toBe('emulator-secret');
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(request.body)).toEqual({ message: 'Hello', to: '31612345678', sender: 'Shop' });
		expect(run.items).toEqual([
			{
				json: { messageid: emulator.messages[0].messageid, to: '31612345678', sender: 'Shop', segments: 1, encoding: 'GSM-7' },
				pairedItem: { item: 0 },
			},
		]);
	});

	test('several numbers: one request with an array, messageids back', async () => {
		const run = await runAction(send({ to: '+31 6 1234 5678, 0044 7700 900123;(415) 555-2671-1' }), [{}], credentials, { typeVersion: 1 });
		expect(JSON.parse(emulator.requests[0].body).to).toEqual(['31612345678', '447700900123', '41555526711']);
		expect(run.items[0].json).toMatchObject({
			messageids: emulator.messages.map((message) => message.messageid),
			to: ['31612345678', '447700900123', '41555526711'],
		});
	});

	test('every additional field is sent, and comes back in the output', async () => {
		const date = new Date(Date.now() + 2 * 86400_000);
		const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam', dateStyle: 'short', timeStyle: 'short' }).format(date);
		const run = await runAction(
			send({ message: 'Grüße 👋', additionalFields: { date: local.replace(' ', 'T') + ':00', reference: 'order-7', test: true, subId: 'sub-9' } }),
			[{}],
			credentials,
			{ typeVersion: 1 },
		);
		expect(JSON.parse(emulator.requests[0].body)).toEqual({
			message: 'Grüße 👋',
			to: '31612345678',
			sender: 'Shop',
			date: local,
			reference: 'order-7',
			test: true,
			subid: 'sub-9',
		});
		expect(run.items[0].json).toEqual({
			messageid: expect.stringMatching(/^[a-z0-9]{30}$/),
			to: '31612345678',
			sender: 'Shop',
			reference: 'order-7',
			date: local,
			test: true,
			subId: 'sub-9',
			segments: 1,
			encoding: 'UCS-2',
		});
	});

	test('a date with an offset is sent as wall-clock time in the workflow time zone', async () => {
		await runAction(send({ additionalFields: { date: '2031-06-01T10:30:00Z' } }), [{}], credentials, { typeVersion: 1 });
		expect(JSON.parse(emulator.requests[0].body).date).toBe('2031-06-01 12:30'); // Amsterdam, summer time
	});

	test.each([
		['empty message', { message: '   ' }, 'Message: the message is empty'],
		['number too short', { to: '+31 612' }, 'To: "+31 612" is not a valid international number: after the country code 31 it has only 3 digits'],
		['one bad number among several', { to: '31612345678, 12' }, 'To: recipient 2: "12" is not a valid international number'],
		['number with letters', { to: '+31 6 CALL ME' }, 'To: "+31 6 CALL ME" contains "C"'],
		['sender name over 11 characters', { sender: 'TwelveChars1' }, 'Sender: the sender name "TwelveChars1" has 12 characters; at most 11'],
		['sender number over 14 digits', { sender: '+123456789012345' }, 'Sender: the sender number has 15 digits; at most 14'],
		['date in the past', { additionalFields: { date: '2020-01-01T10:00:00' } }, 'Schedule Date: "2020-01-01T10:00:00" is in the past'],
		['reference over 255 characters', { additionalFields: { reference: 'r'.repeat(256) } }, 'Reference: the reference has 256 characters; at most 255'],
	])('%s is refused before any request', async (_, fields, message) => {
		const run = await runAction(send(fields), [{}, {}], credentials, { typeVersion: 1 });
		expect(run.error?.message).toContain(message);
		expect(run.error?.description).toBe('Item 0 was refused before anything was sent.');
		expect(emulator.requests).toHaveLength(0);
	});

	test('a bad item refuses the whole run before any request; the error names the item', async () => {
		const run = await runAction(send({ to: '={{ $json.to }}' }), [{ to: '31612345678' }, { to: '31612345678' }, { to: 'nope' }], credentials, { typeVersion: 1 });
		expect(run.error?.message).toContain('To: "nope" contains "n", which is not part of a phone number');
		expect(run.error?.description).toBe('Item 2 was refused before anything was sent.');
		expect(emulator.requests).toHaveLength(0);
	});

	test('a gateway error becomes a NodeApiError with the code and its explanation', async () => {
		const run = await runAction(send({}), [{}], { ...credentials, apiSecret: 'wrong' }, { typeVersion: 1 });
		expect(run.error?.message).toBe('Invalid credentials (gateway code 104)');
		expect(run.error?.description).toContain("The API key or API secret is wrong");
		expect(run.error?.description).toContain('HTTP 401');
		expect(run.error?.httpCode).toBe('401');
	});

	test('400 from the gateway without Continue On Fail: the run stops with the code explained', async () => {
		const run = await runAction(send({ to: '31600009131' }), [{}], credentials, { typeVersion: 1 });
		expect(run.error?.message).toBe('Number 31600009131 is on the opt-out list (gateway code 131)');
		expect(run.error?.description).toBe('The recipient is on the opt-out list and must not be messaged; remove the number from your list. HTTP 400.');
		expect(run.error?.httpCode).toBe('400');
		expect(run.items).toEqual([]);
	});

	test('400 from the gateway with Continue On Fail: error items keep their pairing', async () => {
		const run = await runAction(send({ to: '={{ $json.to }}' }), [{ to: '31612345678' }, { to: '31600009131' }, { to: 'x1' }], credentials, {
			typeVersion: 1,
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toEqual([
			{ json: expect.objectContaining({ messageid: expect.any(String) }), pairedItem: { item: 0 } },
			{
				json: { error: 'Number 31600009131 is on the opt-out list (gateway code 131)', code: '131', httpCode: 400 },
				pairedItem: { item: 1 },
			},
			{ json: { error: 'To: "x1" contains "x", which is not part of a phone number', code: null, httpCode: null }, pairedItem: { item: 2 } },
		]);
		expect(emulator.requests).toHaveLength(2);
	});

	test('a 500 with Continue On Fail: the item carries the code and HTTP status', async () => {
		await control('POST', '/emulator/faults', { status: 500 });
		const run = await runAction(send({}), [{}], credentials, { typeVersion: 1, continueOnFail: true });
		expect(run.items[0].json).toMatchObject({ code: '105', httpCode: 500 });
	});

	test('429 with Retry-After is retried after the wait, then succeeds', async () => {
		await control('POST', '/emulator/faults', { status: 429, retryAfter: 1 });
		const run = await runAction(send({}), [{}], credentials, { typeVersion: 1 });
		expect(run.error).toBeUndefined();
		expect(emulator.requests.map((request) => request.status)).toEqual([429, 200]);
		// The retry honoured Retry-After: the gateway saw it at least a second after the 429.
		const [refused, retried] = emulator.requests.map((request) => Date.parse(request.at));
		expect(retried - refused).toBeGreaterThanOrEqual(1000);
		expect(run.items[0].json.messageid).toEqual(expect.any(String));
	});

	test('503 three times: fails after 3 tries and says nothing was sent', async () => {
		await control('POST', '/emulator/faults', { status: 503, retryAfter: 0, count: 3 });
		const run = await runAction(send({}), [{}], credentials, { typeVersion: 1 });
		expect(emulator.requests.map((request) => request.status)).toEqual([503, 503, 503]);
		expect(run.error?.message).toBe('The gateway answered HTTP 503 (unavailable) 3 times');
		expect(run.error?.description).toMatch(/Nothing was sent/);
	});

	test('500 is not retried, and the error says why', async () => {
		await control('POST', '/emulator/faults', { status: 500 });
		const run = await runAction(send({}), [{}], credentials, { typeVersion: 1 });
		expect(emulator.requests).toHaveLength(1);
		expect(run.error?.message).toBe('The gateway answered HTTP 500 (a failure on its side). Not retried: the SMS may already have been sent');
	});

	test('a timeout is not retried, and the error says why', async () => {
		await control('POST', '/emulator/faults', { status: 'hang' });
		const run = await runAction(send({ options: { timeout: 300 } }), [{}], credentials, { typeVersion: 1 });
		expect(emulator.requests).toHaveLength(1);
		expect(run.error?.message).toBe('No answer from the gateway within 300 ms. Not retried: the SMS may already have been sent');
	});

	test('a refused connection is retried, then reported with the base URL', async () => {
		const closed = await startEmulator();
		await closed.close();
		const run = await runAction(send({}), [{}], { ...credentials, baseUrl: closed.url }, { typeVersion: 1 });
		expect(run.error?.message).toBe(`Could not reach the gateway at ${closed.url}: connection refused, 3 tries`);
		expect(run.error?.description).toMatch(/Base URL.*ECONNREFUSED/);
	});

	test('1,000 items: order and pairing kept, sent with bounded concurrency', async () => {
		await control('PUT', '/emulator/account', { balance: 10000 });
		const items = Array.from({ length: 1000 }, (_, index) => ({ n: index, to: `3161${String(index).padStart(7, '0')}` }));
		const run = await runAction(send({ to: '={{ $json.to }}', message: '={{ "Item " + $json.n }}', options: { concurrency: 8 } }), items, credentials, { typeVersion: 1 });
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(1000);
		const byId = new Map(emulator.messages.map((message) => [message.messageid, message]));
		run.items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json.to).toBe(items[index].to);
			expect(byId.get(item.json.messageid as string)).toMatchObject({ to: items[index].to, content: `Item ${index}` });
		});
	});
});

describe('Account → Get Balance', () => {
	test('GET /v1/balance with the credential headers, one item per input item', async () => {
		const run = await runAction({ resource: 'account', operation: 'getBalance' }, [{}, {}], credentials, { typeVersion: 1 });
		expect(emulator.requests.map((request) => [request.method, request.path, request.headers['x-client-id']])).toEqual([
			['GET', '/v1/balance', 'emulator-key'],
			['GET', '/v1/balance', 'emulator-key'],
		]);
		expect(run.items).toEqual([
			{ json: { balance: 100, type: 'credits', username: 'demo' }, pairedItem: { item: 0 } },
			{ json: { balance: 100, type: 'credits', username: 'demo' }, pairedItem: { item: 1 } },
		]);
	});
});
