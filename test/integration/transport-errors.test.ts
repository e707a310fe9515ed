/**
 * What the transport tells about a request, through n8n-core's WorkflowExecute and LoadOptionsContext
 * against real local HTTP servers: no credential in any error, reads that fail honestly,
 * Format refusing what is not text, Schedule Date against the emulator.
 */
import type { IDataObject } from 'n8n-workflow';
import { startEmulator, type Emulator } from '../../emulator/server';
import { runAction, searchList, type ActionRun, type GatewayCredentials } from '../support/run';
import { balance, credentials, gateway, json, send } from '../support/transport-setup';

describe('no credential in any error', () => {
	const PASSWORDS = ['p@ss-Secret-Tail-99', 'Zq9', 'Zq@9', 'Zq#9', 'Zq/9', 'Zq?9', 'Zq:9', 'Zq%409'];
	const shownOf = (run: ActionRun, continued: ActionRun) =>
		JSON.stringify([
			run.error?.message,
			run.error?.description,
			run.error?.context,
			(run.error as { errorResponse?: unknown } | undefined)?.errorResponse,
			continued.items,
		]);
	const expectNoSecret = (shown: string, password: string) => {
		expect(shown).not.toContain(password);
		expect(shown).not.toContain(encodeURIComponent(password));
		expect(shown).not.toContain('Secret-Tail');
		expect(shown).not.toContain('admin:');
		expect(shown).not.toContain('transport-secret-1');
		expect(shown).not.toMatch(/Basic [A-Za-z0-9+/=]{4}/);
	};

	test.each(PASSWORDS)('password %s in a Base URL nobody answers on', async (password) => {
		const baseUrl = `http://admin:${password}@127.0.0.1:1`;
		const run = await runAction(send(), [{}], { ...credentials, baseUrl });
		const continued = await runAction(send(), [{}], { ...credentials, baseUrl }, { continueOnFail: true });
		// Unencoded "#", "/" or "?" end the host part: such a Base URL is no address at all.
		expect(run.error?.message).toMatch(
			/^Could not reach the gateway at http:\/\/127\.0\.0\.1:1(: connection refused, 3 tries)?$|^The Base URL in the credential is not an http\(s\) address: http:\/\/127\.0\.0\.1:1$/,
		);
		expect(run.error?.context).toMatchObject({ outcome: 'notSent' });
		expectNoSecret(shownOf(run, continued), password);
	});

	test.each(PASSWORDS)(
		'password %s, and a server that echoes the request headers (Authorization: Basic …)',
		async (password) => {
			gateway.answer = (seen, _req, res) =>
				json(res, 400, {
					error: '104',
					errorMsg: `Invalid credentials, got ${seen.headers.authorization}`,
					headers: seen.headers,
				});
			const baseUrl = gateway.url.replace('http://', `http://admin:${password}@`);
			const run = await runAction(balance, [{}], { ...credentials, baseUrl });
			const continued = await runAction(balance, [{}], { ...credentials, baseUrl }, { continueOnFail: true });
			expectNoSecret(shownOf(run, continued), password);
			// An unencoded "#", "/" or "?" makes the Base URL no address: nothing is requested then.
			if (!/[#/?]/.test(password))
				expect(run.error?.message).toBe('Invalid credentials, got Basic *** (gateway code 104)');
			expect(gateway.requests.length > 0).toBe(!/[#/?]/.test(password));
		},
	);
});

describe('reads fail honestly', () => {
	const READS: Array<[string, IDataObject]> = [
		['Get Balance', balance],
		['Get Sender IDs', { resource: 'account', operation: 'getSenderIds' }],
		['Get Account', { resource: 'account', operation: 'getAccount' }],
		['Format', { resource: 'number', operation: 'format', number: '0612345678', countryCode: 'NL' }],
	];

	test.each(READS)(
		'%s: a 2xx carrying an error is an error with the gateway text and its explanation',
		async (_, parameters) => {
			gateway.answer = (_seen, _req, res) => json(res, 200, { error: '104', errorMsg: 'Invalid credentials' });
			const run = await runAction(parameters, [{}], credentials);
			expect(run.items).toEqual([]);
			expect(run.error?.message).toBe('Invalid credentials (gateway code 104)');
			expect(run.error?.description).toMatch(/^The API key or API secret is wrong/);
		},
	);

	test.each(READS)('%s: HTML, an empty body or a list is not an answer', async (_, parameters) => {
		for (const [body, shape] of [
			['<html>Welcome</html>', 'text that is not JSON'],
			['', 'an empty body'],
			['[1,2]', 'a JSON list'],
		]) {
			gateway.answer = (_seen, _req, res) =>
				res.writeHead(200, { 'Content-Type': body.startsWith('<') ? 'text/html' : 'application/json' }).end(body);
			const run = await runAction(parameters, [{}], credentials, { continueOnFail: true });
			expect(run.items).toEqual([
				{
					json: { error: 'The gateway answered HTTP 200 without the expected JSON object', code: null, httpCode: 200 },
					pairedItem: { item: 0 },
				},
			]);
			const stopped = await runAction(parameters, [{}], credentials);
			expect(stopped.error?.description).toContain(shape);
		}
	});

	test('the Sender list: a 2xx with an error is an error, not an empty list', async () => {
		gateway.answer = (_seen, _req, res) => json(res, 200, { error: '104', errorMsg: 'Invalid credentials' });
		const error = await searchList('searchSenderIds', send(), credentials).catch((caught: Error) => caught);
		expect((error as Error).message).toBe('Invalid credentials (gateway code 104)');
	});
});

describe('Format refuses what is not text', () => {
	test.each([
		['a list', '={{ ["06", "12345678"] }}', 'Number: expected text, got a list (["06","12345678"])'],
		['an object', '={{ { n: "0612345678" } }}', 'Number: expected text, got an object'],
		['true', '={{ true }}', 'Number: expected text, got true (boolean)'],
	])('%s is refused before any request', async (_, number, message) => {
		const run = await runAction(
			{ resource: 'number', operation: 'format', number, countryCode: 'NL' },
			[{}],
			credentials,
		);
		expect(run.error?.message).toContain(message);
		expect(gateway.requests).toHaveLength(0);
	});

	test('a whole number from an expression is taken as its digits', async () => {
		gateway.answer = (_seen, _req, res) => json(res, 200, { number: '31612345678' });
		const run = await runAction(
			{ resource: 'number', operation: 'format', number: '={{ 612345678 }}', countryCode: 'NL' },
			[{}],
			credentials,
		);
		expect(run.error).toBeUndefined();
		expect(JSON.parse(gateway.requests[0].body)).toEqual({ number: '612345678', countrycode: 'NL' });
	});
});

describe('Schedule Date (against the emulator, account zone Europe/Amsterdam)', () => {
	let emulator: Emulator;
	let emulatorCredentials: GatewayCredentials;
	beforeEach(async () => {
		emulator = await startEmulator({ settings: { deliveryDelayMs: 5 } });
		emulatorCredentials = {
			baseUrl: emulator.url,
			apiKey: emulator.account.apiKey,
			apiSecret: emulator.account.apiSecret,
		};
	});
	afterEach(() => emulator.close());
	const scheduled = (date: string) => ({ ...send(), additionalFields: { date } });

	test.each([
		['2031-02-30T10:00:00Z', 'February 2031 has 28 days'],
		['2031-02-30T10:00:00+01:00', 'February 2031 has 28 days'],
		['2031-02-30 10:00:00.000+0100', 'February 2031 has 28 days'],
		['2031-02-30 10:00', 'February 2031 has 28 days'],
		['2032-02-30T10:00', 'February 2032 has 29 days'],
		['2031-04-31T10:00Z', 'April 2031 has 30 days'],
		['2031-13-01 10:00', 'there is no month 13'],
		['2031-06-01 10:60', 'minute 60: minutes go from 00 to 59'],
		['2031-06-01T10:60:00Z', 'minute 60: minutes go from 00 to 59'],
		['2031-06-01 24:00', 'hour 24: hours go from 00 to 23'],
	])('%s is refused before any request: %s', async (date, problem) => {
		const run = await runAction(scheduled(date), [{}], emulatorCredentials);
		expect(run.error?.message).toContain(`"${date}" is not a valid calendar date`);
		// Where the title is too long for one line, the rest opens the description.
		expect(`${run.error?.message}: ${run.error?.description}`.toLowerCase()).toContain(problem.toLowerCase());
		expect(run.error?.message).not.toMatch(/summer time/);
		expect(emulator.requests).toHaveLength(0);
	});

	test('a time 30 s ahead is sent as the next minute, never as the minute already begun', async () => {
		const minuteOf = (millis: number) =>
			new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam', dateStyle: 'short', timeStyle: 'short' }).format(
				new Date(Math.ceil(millis / 60_000) * 60_000),
			);
		const before = Date.now() + 30_000;
		const run = await runAction(scheduled("={{ $now.plus(30, 'seconds').toISO() }}"), [{}], emulatorCredentials);
		const after = Date.now() + 30_000;
		expect(run.error).toBeUndefined();
		const { date } = JSON.parse(emulator.requests[0].body) as { date: string };
		expect([minuteOf(before), minuteOf(after)]).toContain(date);
	});
});
