/** Message → Send against the emulator: gateway errors, retries and 1,000 items; Account → Get Balance (the requests and outputs: action.test.ts). */
import { startEmulator } from '../../emulator/server';
import { runAction } from '../support/run';
import { emulator, credentials, send, control } from '../support/send-setup';

describe('Message → Send', () => {
	test('a gateway error becomes a NodeApiError with the code and its explanation', async () => {
		const run = await runAction(send({}), [{}], { ...credentials, apiSecret: 'wrong' }, { typeVersion: 1 });
		expect(run.error?.message).toBe('Invalid credentials (gateway code 104)');
		expect(run.error?.description).toContain('The API key or API secret is wrong');
		expect(run.error?.description).toContain('HTTP 401');
		expect(run.error?.httpCode).toBe('401');
	});

	test('400 from the gateway without Continue On Fail: the run stops with the code explained', async () => {
		const run = await runAction(send({ to: '31610009131' }), [{}], credentials, { typeVersion: 1 });
		expect(run.error?.message).toBe('Number 31610009131 is on the opt-out list (gateway code 131)');
		expect(run.error?.description).toBe(
			'The recipient is on the opt-out list and must not be messaged; remove the number from your list. HTTP 400.',
		);
		expect(run.error?.httpCode).toBe('400');
		expect(run.items).toEqual([]);
	});

	test('400 from the gateway with Continue On Fail: error items keep their pairing', async () => {
		const run = await runAction(
			send({ to: '={{ $json.to }}' }),
			[{ to: '31612345678' }, { to: '31610009131' }, { to: 'x1' }],
			credentials,
			{
				typeVersion: 1,
				continueOnFail: true,
			},
		);
		expect(run.error).toBeUndefined();
		expect(run.items).toEqual([
			{ json: expect.objectContaining({ messageid: expect.any(String) }), pairedItem: { item: 0 } },
			{
				json: { error: 'Number 31610009131 is on the opt-out list (gateway code 131)', code: '131', httpCode: 400 },
				pairedItem: { item: 1 },
			},
			{
				json: { error: 'To: "x1" contains "x", which is not part of a phone number', code: null, httpCode: null },
				pairedItem: { item: 2 },
			},
		]);
		expect(emulator.requests).toHaveLength(2);
	});

	test('On Error: Continue (using error output): failed items take the error output with the code in details, sent ones the success output', async () => {
		const run = await runAction(send({ to: '={{ $json.to }}' }), [{ to: '31612345678' }, { to: 'x1' }], credentials, {
			errorOutput: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toEqual([
			{ json: expect.objectContaining({ messageid: expect.any(String), to: '31612345678' }), pairedItem: { item: 0 } },
		]);
		expect(run.errorItems).toEqual([
			{
				json: {
					error: 'To: "x1" contains "x", which is not part of a phone number',
					details: { code: null, httpCode: null },
				},
				pairedItem: { item: 1 },
			},
		]);
		await control('POST', '/emulator/faults', { status: 400 });
		const refused = await runAction(send({}), [{}], credentials, { errorOutput: true });
		expect(refused.items).toEqual([]);
		expect(refused.errorItems.map(({ json }) => json)).toEqual([
			{ error: 'Emulated fault: HTTP 400 (gateway code 105)', details: { code: '105', httpCode: 400 } },
		]);
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
		expect(run.error?.message).toBe('The gateway answered HTTP 500: the SMS may already have been sent');
		expect(run.error?.description).toMatch(
			/^A failure on the gateway's side \(its answer named code 105; a failure is no refusal\)\. Not retried\. /,
		);
	});

	test('a timeout is not retried, and the error says why', async () => {
		await control('POST', '/emulator/faults', { status: 'hang' });
		const run = await runAction(send({ options: { timeout: 300 } }), [{}], credentials, { typeVersion: 1 });
		expect(emulator.requests).toHaveLength(1);
		expect(run.error?.message).toBe('No answer from the gateway within 300 ms: the SMS may already have been sent');
		expect(run.error?.description).toMatch(/^Not retried\. /);
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
		const items = Array.from({ length: 1000 }, (_, index) => ({
			n: index,
			to: `3161${String(index).padStart(7, '0')}`,
		}));
		const run = await runAction(
			send({ to: '={{ $json.to }}', message: '={{ "Item " + $json.n }}', options: { concurrency: 8 } }),
			items,
			credentials,
			{ typeVersion: 1 },
		);
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
		const run = await runAction({ resource: 'account', operation: 'getBalance' }, [{}, {}], credentials, {
			typeVersion: 1,
		});
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
