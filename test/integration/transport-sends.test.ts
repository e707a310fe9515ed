/**
 * What the transport tells about a request, through n8n-core's WorkflowExecute and LoadOptionsContext
 * against real local HTTP servers: whether a failed send may have been sent (`context.outcome`),
 * reads retried and worded apart from sends, redirects never followed with the credential, the Base URL as typed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { runAction, searchList, type ActionRun } from '../support/run';
import {
	balance,
	closedUrl,
	credentials,
	gateway,
	json,
	resetAfterBody,
	send,
	startScripted,
	type ScriptedServer,
	type Seen,
} from '../support/transport-setup';

describe('a failed send says whether it may have been sent (context.outcome)', () => {
	test('a reset after the gateway read the request: "may already have been sent", unknown, not retried', async () => {
		gateway.answer = resetAfterBody;
		const run = await runAction(send(), [{}], credentials);
		expect(run.error?.message).toBe(
			'The connection to the gateway broke before it answered: the SMS may already have been sent',
		);
		expect(run.error?.description).toMatch(/^Not retried\. /);
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
		expect(run.error?.message).toBe('No answer from the gateway within 300 ms: the SMS may already have been sent');
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
		gateway.answer = (_seen, _req, res) =>
			json(res, status, { error: '105', errorMsg: 'Server issue' }, { 'Retry-After': '0' });
		const run = await runAction(send(), [{}], credentials);
		expect(run.error?.context).toMatchObject({ outcome, httpCode: status });
		expect(gateway.requests).toHaveLength(requests);
	});

	test('Continue On Fail keeps the item shape; the outcome stays on the error', async () => {
		// Version 2's shape; version 3 (Do Not Resend) adds outcome, to, reference and a hint (exactly-once.test.ts).
		gateway.answer = resetAfterBody;
		const run = await runAction(send(), [{}], credentials, { continueOnFail: true, typeVersion: 2 });
		expect(run.items).toEqual([
			{
				json: { error: expect.stringMatching(/may already have been sent/), code: 'ECONNRESET', httpCode: null },
				pairedItem: { item: 0 },
			},
		]);
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
		[
			'HTTP 500',
			(_seen: Seen, _req: IncomingMessage, res: ServerResponse) => json(res, 500, { error: '105' }),
			'The gateway answered HTTP 500 (a failure on its side), 3 tries',
		],
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
		other.answer = (_seen, _req, res) =>
			json(res, 200, { messageid: 'e0ncuxht345hjmbjvv2feky0azflcw', balance: 1, senderids: ['Other'] });
	});
	afterEach(() => other.close());

	const redirectTo = (status: number) => (_seen: Seen, _req: IncomingMessage, res: ServerResponse) =>
		res.writeHead(status, { Location: `${other.url}/v1/steal?token=query-secret-42` }).end();
	const otherHost = () => other.url.replace('http://', '');

	const expectRedirectError = (error: ActionRun['error'] | undefined, status: number) => {
		expect(error?.message).toBe(
			`The gateway answered HTTP ${status}, a redirect to another address (${otherHost()}): not followed`,
		);
		expect(error?.description).toMatch(
			/^The credential is only sent to the Base URL's host, so nothing was sent there\. /,
		);
		expect(JSON.stringify([error?.message, error?.description, error?.context])).not.toContain('query-secret-42');
		expect(other.requests).toHaveLength(0);
	};

	test.each([301, 302, 303, 307, 308])(
		'HTTP %i: Get Balance, Send and the Sender list send nothing to the other host',
		async (status) => {
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
		},
	);

	test('with Continue On Fail the send is an error item, not counted as sent', async () => {
		gateway.answer = redirectTo(307);
		const run = await runAction(send(), [{}], credentials, { continueOnFail: true });
		expect(run.items).toEqual([
			{
				json: { error: expect.stringMatching(/^The gateway answered HTTP 307/), code: null, httpCode: 307 },
				pairedItem: { item: 0 },
			},
		]);
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
