/**
 * What the transport tells about a request, through n8n-core's WorkflowExecute and LoadOptionsContext
 * against real local HTTP servers: whether a failed send may have been sent (`context.outcome`),
 * reads retried and worded apart from sends, redirects never followed with the credential, no
 * credential in any error, reads that fail honestly.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../../emulator/server';
import { runAction, searchList, type ActionRun, type GatewayCredentials } from '../harness/run';

interface Seen {
	method: string;
	url: string;
	headers: IncomingMessage['headers'];
	body: string;
}

/** A real HTTP server that records each request (body read in full) and answers as the test says. */
interface ScriptedServer {
	url: string;
	requests: Seen[];
	answer: (seen: Seen, req: IncomingMessage, res: ServerResponse) => void;
	close(): Promise<void>;
}

async function startScripted(): Promise<ScriptedServer> {
	const requests: Seen[] = [];
	const sockets = new Set<import('node:net').Socket>();
	const scripted = { requests, answer: (_seen: Seen, _req: IncomingMessage, res: ServerResponse) => void res.writeHead(200).end('{}') } as ScriptedServer;
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
			requests.push(seen);
			scripted.answer(seen, req, res);
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	scripted.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	scripted.close = () => {
		for (const socket of sockets) socket.destroy();
		return new Promise((resolve) => server.close(() => resolve()));
	};
	return scripted;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
	res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));
/** Reads the whole request, then breaks the connection without an answer: the gateway may have acted on it. */
const resetAfterBody = (_seen: Seen, req: IncomingMessage) => req.socket.destroy();

let gateway: ScriptedServer;
let credentials: GatewayCredentials;

beforeEach(async () => {
	gateway = await startScripted();
	credentials = { baseUrl: gateway.url, apiKey: 'transport-key-1', apiSecret: 'transport-secret-1' };
});
afterEach(() => gateway.close());

const send = (options: Record<string, unknown> = {}) => ({ resource: 'message', operation: 'send', sender: 'Shop', to: '31612345678', message: 'Hi', options });
const balance = { resource: 'account', operation: 'getBalance' };

async function closedUrl(): Promise<string> {
	const closed = await startScripted();
	await closed.close();
	return closed.url;
}

describe('a failed send says whether it may have been sent (context.outcome)', () => {
	test('a reset after the gateway read the request: "may already have been sent", unknown, not retried', async () => {
		gateway.answer = resetAfterBody;
		const run = await runAction(send(), [{}], credentials);
		expect(run.error?.message).toBe('The connection to the gateway broke before it answered. Not retried: the SMS may already have been sent');
		expect(run.error?.message).not.toMatch(/Could not reach|Base URL/);
		expect(run.error?.context).toMatchObject({ outcome: 'unknown', httpCode: null });
		expect(gateway.requests).toHaveLength(1);
	});

	test('a refused connection: not sent, retried, the Base URL named', async () => {
		const url = await closedUrl();
		const run = await runAction(send(), [{}], { ...credentials, baseUrl: url });
		expect(run.error?.message).toBe(`Could not reach the gateway at ${url}: connection refused, 3 tries`);
		expect(run.error?.description).toMatch(/Nothing was sent/);
		expect(run.error?.context).toMatchObject({ outcome: 'notSent' });
	});

	test('an unknown host: not sent', async () => {
		const run = await runAction(send(), [{}], { ...credentials, baseUrl: 'http://gateway.invalid' });
		expect(run.error?.message).toMatch(/^Could not reach the gateway at http:\/\/gateway.invalid: no connection/);
		expect(run.error?.context).toMatchObject({ outcome: 'notSent' });
	});

	test('a timeout after the request went out: unknown, not retried', async () => {
		gateway.answer = () => undefined;
		const run = await runAction(send({ timeout: 300 }), [{}], credentials);
		expect(run.error?.message).toBe('No answer from the gateway within 300 ms. Not retried: the SMS may already have been sent');
		expect(run.error?.context).toMatchObject({ outcome: 'unknown' });
		expect(gateway.requests).toHaveLength(1);
	});

	test.each([
		[500, 'unknown', 1],
		[502, 'unknown', 1],
		[400, 'notSent', 1],
		[401, 'notSent', 1],
		[429, 'notSent', 3],
		[503, 'notSent', 3],
	])('HTTP %i: %s, %i request(s)', async (status, outcome, requests) => {
		gateway.answer = (_seen, _req, res) => json(res, status, { error: '105', errorMsg: 'Server issue' }, { 'Retry-After': '0' });
		const run = await runAction(send(), [{}], credentials);
		expect(run.error?.context).toMatchObject({ outcome, httpCode: status });
		expect(gateway.requests).toHaveLength(requests);
	});

	test('Continue On Fail keeps the item shape; the outcome stays on the error', async () => {
		// Version 2's shape; version 3 (Do Not Resend) adds outcome, to, reference and a hint (exactly-once.test.ts).
		gateway.answer = resetAfterBody;
		const run = await runAction(send(), [{}], credentials, { continueOnFail: true, typeVersion: 2 });
		expect(run.items).toEqual([{ json: { error: expect.stringMatching(/may already have been sent/), code: 'ECONNRESET', httpCode: null }, pairedItem: { item: 0 } }]);
	});
});

describe('reads are retried after a 5xx, a timeout or a reset, and never talk about SMS', () => {
	test('a reset twice, then the answer: the balance comes out', async () => {
		let left = 2;
		gateway.answer = (seen, req, res) => (left-- > 0 ? resetAfterBody(seen, req) : json(res, 200, { balance: 12 }));
		const run = await runAction(balance, [{}], credentials);
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([{ balance: 12 }]);
		expect(gateway.requests).toHaveLength(3);
	});

	test.each([
		['HTTP 500', (_seen: Seen, _req: IncomingMessage, res: ServerResponse) => json(res, 500, { error: '105' }), 'The gateway answered HTTP 500 (a failure on its side), 3 tries'],
		['a reset', resetAfterBody, 'The connection to the gateway broke before it answered, 3 tries'],
	])('%s every time: bounded, and worded for a read', async (_, answer, message) => {
		gateway.answer = answer;
		const run = await runAction(balance, [{}], credentials);
		expect(run.error?.message).toBe(message);
		expect(`${run.error?.message} ${run.error?.description}`).not.toMatch(/SMS|sent/i);
		expect(run.error?.context?.outcome).toBeUndefined();
		expect(gateway.requests).toHaveLength(3);
	});
});

describe('the credential never leaves the Base URL host: redirects are not followed', () => {
	let other: ScriptedServer;
	beforeEach(async () => {
		other = await startScripted();
		other.answer = (_seen, _req, res) => json(res, 200, { messageid: 'e0ncuxht345hjmbjvv2feky0azflcw', balance: 1, senderids: ['Other'] });
	});
	afterEach(() => other.close());

	const redirectTo = (status: number) => (_seen: Seen, _req: IncomingMessage, res: ServerResponse) =>
		res.writeHead(status, { Location: `${other.url}/v1/steal?token=query-secret-42` }).end();
	const otherHost = () => other.url.replace('http://', '');

	const expectRedirectError = (error: ActionRun['error'] | undefined, status: number) => {
		expect(error?.message).toBe(
			`The gateway answered HTTP ${status}, a redirect to another address (${otherHost()}): not followed, the credential is only sent to the Base URL's host`,
		);
		expect(JSON.stringify([error?.message, error?.description, error?.context])).not.toContain('query-secret-42');
		expect(other.requests).toHaveLength(0);
	};

	test.each([301, 302, 303, 307, 308])('HTTP %i: Get Balance, Send and the Sender list send nothing to the other host', async (status) => {
		gateway.answer = redirectTo(status);
		const read = await runAction(balance, [{}], credentials);
		expectRedirectError(read.error, status);
		const sent = await runAction(send(), [{}], credentials);
		expectRedirectError(sent.error, status);
		expect(sent.error?.context).toMatchObject({ outcome: 'notSent', httpCode: status });
		expect(sent.items).toEqual([]);
		const listed = await searchList('searchSenderIds', send(), credentials).catch((caught: Error) => caught);
		expectRedirectError(listed as ActionRun['error'], status);
		// One try each: a redirect is not retried either.
		expect(gateway.requests.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
	});

	test('with Continue On Fail the send is an error item, not counted as sent', async () => {
		gateway.answer = redirectTo(307);
		const run = await runAction(send(), [{}], credentials, { continueOnFail: true });
		expect(run.items).toEqual([{ json: { error: expect.stringMatching(/^The gateway answered HTTP 307/), code: null, httpCode: 307 }, pairedItem: { item: 0 } }]);
		expect(other.requests).toHaveLength(0);
	});
});

describe('the Base URL as typed', () => {
	test('spaces and a trailing slash around it are not part of the address', async () => {
		gateway.answer = (_seen, _req, res) => json(res, 200, { balance: 5 });
		const run = await runAction(balance, [{}], { ...credentials, baseUrl: ` ${gateway.url}/ ` });
		expect(run.error).toBeUndefined();
		expect(gateway.requests.map((request) => request.url)).toEqual(['/v1/balance']);
	});
});

describe('no credential in any error', () => {
	const PASSWORDS = ['p@ss-Secret-Tail-99', 'Zq9', 'Zq@9', 'Zq#9', 'Zq/9', 'Zq?9', 'Zq:9', 'Zq%409'];
	const shownOf = (run: ActionRun, continued: ActionRun) =>
		JSON.stringify([run.error?.message, run.error?.description, run.error?.context, (run.error as { errorResponse?: unknown } | undefined)?.errorResponse, continued.items]);
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
		expect(run.error?.message).toMatch(/^Could not reach the gateway at http:\/\/127\.0\.0\.1:1: connection refused, 3 tries$|^The Base URL in the credential is not an http\(s\) address: http:\/\/127\.0\.0\.1:1$/);
		expect(run.error?.context).toMatchObject({ outcome: 'notSent' });
		expectNoSecret(shownOf(run, continued), password);
	});

	test.each(PASSWORDS)('password %s, and a server that echoes the request headers (Authorization: Basic …)', async (password) => {
		gateway.answer = (seen, _req, res) => json(res, 400, { error: '104', errorMsg: `Invalid credentials, got ${seen.headers.authorization}`, headers: seen.headers });
		const baseUrl = gateway.url.replace('http://', `http://admin:${password}@`);
		const run = await runAction(balance, [{}], { ...credentials, baseUrl });
		const continued = await runAction(balance, [{}], { ...credentials, baseUrl }, { continueOnFail: true });
		expectNoSecret(shownOf(run, continued), password);
		// An unencoded "#", "/" or "?" makes the Base URL no address: nothing is requested then.
		if (!/[#/?]/.test(password)) expect(run.error?.message).toBe('Invalid credentials, got Basic *** (gateway code 104)');
		expect(gateway.requests.length > 0).toBe(!/[#/?]/.test(password));
	});
});

describe('reads fail honestly', () => {
	const READS: Array<[string, IDataObject]> = [
		['Get Balance', balance],
		['Get Sender IDs', { resource: 'account', operation: 'getSenderIds' }],
		['Get Account', { resource: 'account', operation: 'getAccount' }],
		['Format', { resource: 'number', operation: 'format', number: '0612345678', countryCode: 'NL' }],
	];

	test.each(READS)('%s: a 2xx carrying an error is an error with the gateway text and its explanation', async (_, parameters) => {
		gateway.answer = (_seen, _req, res) => json(res, 200, { error: '104', errorMsg: 'Invalid credentials' });
		const run = await runAction(parameters, [{}], credentials);
		expect(run.items).toEqual([]);
		expect(run.error?.message).toBe('Invalid credentials (gateway code 104)');
		expect(run.error?.description).toMatch(/^The API key or API secret is wrong/);
	});

	test.each(READS)('%s: HTML, an empty body or a list is not an answer', async (_, parameters) => {
		for (const [body, shape] of [['<html>Welcome</html>', 'text that is not JSON'], ['', 'an empty body'], ['[1,2]', 'a JSON list']]) {
			gateway.answer = (_seen, _req, res) => res.writeHead(200, { 'Content-Type': body.startsWith('<') ? 'text/html' : 'application/json' }).end(body);
			const run = await runAction(parameters, [{}], credentials, { continueOnFail: true });
			expect(run.items).toEqual([{ json: { error: 'The gateway answered HTTP 200 without the expected JSON object', code: null, httpCode: 200 }, pairedItem: { item: 0 } }]);
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
		const run = await runAction({ resource: 'number', operation: 'format', number, countryCode: 'NL' }, [{}], credentials);
		expect(run.error?.message).toContain(message);
		expect(gateway.requests).toHaveLength(0);
	});

	test('a whole number from an expression is taken as its digits', async () => {
		gateway.answer = (_seen, _req, res) => json(res, 200, { number: '31612345678' });
		const run = await runAction({ resource: 'number', operation: 'format', number: '={{ 612345678 }}', countryCode: 'NL' }, [{}], credentials);
		expect(run.error).toBeUndefined();
		expect(JSON.parse(gateway.requests[0].body)).toEqual({ number: '612345678', countrycode: 'NL' });
	});
});

describe('Schedule Date (against the emulator, account zone Europe/Amsterdam)', () => {
	let emulator: Emulator;
	let emulatorCredentials: GatewayCredentials;
	beforeEach(async () => {
		emulator = await startEmulator({ settings: { deliveryDelayMs: 5 } });
		emulatorCredentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
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
		expect(run.error?.message).toContain(`"${date}" is not a valid calendar date: ${problem}`);
		expect(run.error?.message).not.toMatch(/summer time/);
		expect(emulator.requests).toHaveLength(0);
	});

	test('a time 30 s ahead is sent as the next minute, never as the minute already begun', async () => {
		const minuteOf = (millis: number) =>
			new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam', dateStyle: 'short', timeStyle: 'short' }).format(new Date(Math.ceil(millis / 60_000) * 60_000));
		const before = Date.now() + 30_000;
		const run = await runAction(scheduled("={{ $now.plus(30, 'seconds').toISO() }}"), [{}], emulatorCredentials);
		const after = Date.now() + 30_000;
		expect(run.error).toBeUndefined();
		const { date } = JSON.parse(emulator.requests[0].body) as { date: string };
		expect([minuteOf(before), minuteOf(after)]).toContain(date);
	});
});
