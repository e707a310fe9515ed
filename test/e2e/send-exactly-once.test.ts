/**
 * Send in a real n8n (the package installed as a community package) against the emulator: Retry On
 * Fail sends each recipient once even when the message changes with `$now`, one item of 150 numbers
 * goes out in requests of at most 100, and a Base URL that redirects never hands the credential to
 * the other host. Runs on n8n 2.41.1 and 1.123.81 (N8N_VERSION).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { MAX_RECIPIENTS_PER_REQUEST } from '../../nodes/MessagingGateway/core/sending/batch';
import type { Emulator } from '../../emulator/server';
import { isFinished, N8nClient, nodeOutput, type Execution } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { stopN8nOnExit, tailOf } from '../../tools/n8n-process';
import { withLogOf, type EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { sleep } from '../../tools/waits';
import { emulatorControl, type EmulatorControl } from '../support/emulator-client';

stopN8nOnExit();

let emulator: Emulator;
let n8n: EmulatorOnN8n['n8n'];
let client: N8nClient;
let control: EmulatorControl;
let credentialId: string;
let stop: (() => Promise<void>) | undefined;

const numbers = (count: number, first: number) =>
	Array.from({ length: count }, (_, index) => `3165${String(first + index).padStart(7, '0')}`);

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await sharedN8nWithEmulator({ account: { balance: 100000 } }));
	control = emulatorControl(emulator);
	credentialId = await withLogOf(
		n8n,
		client.createCredential('Gateway account', {
			baseUrl: emulator.url,
			apiKey: emulator.account.apiKey,
			apiSecret: emulator.account.apiSecret,
		}),
	);
}, 900_000);

afterAll(async () => {
	await stop?.();
});

/**
 * An active workflow: a webhook whose body's `items` become one item each, then the Messaging Gateway
 * node with `parameters` (node version 3). Returns a function that posts items and waits for the
 * execution that ran the node.
 */
async function workflowWith(
	path: string,
	parameters: Record<string, unknown>,
	node: Record<string, unknown> = {},
	credential = credentialId,
) {
	const nodes = [
		{
			name: 'Items',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: `${path}-id`,
			position: [0, 0],
			parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' },
		},
		{
			name: 'One Item Each',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [220, 0],
			parameters: { fieldToSplitOut: 'body.items' },
		},
		{
			name: 'Gateway',
			type: `${PACKAGE_NAME}.messagingGateway`,
			typeVersion: 3,
			position: [440, 0],
			parameters,
			credentials: { messagingGatewayApi: { id: credential, name: 'Gateway account' } },
			...node,
		},
	];
	const connections = {
		Items: { main: [[{ node: 'One Item Each', type: 'main', index: 0 }]] },
		'One Item Each': { main: [[{ node: 'Gateway', type: 'main', index: 0 }]] },
	};
	const { id } = await client.api<{ id: string }>('POST', '/workflows', {
		name: path,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	});
	await client.api('POST', `/workflows/${id}/activate`);
	const post = (items: unknown[]) =>
		fetch(`${n8n.url}/webhook/${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ items }),
		});
	// Right after activation the webhook can answer 404 for a moment; an empty list runs no Gateway node.
	for (let tries = 0; (await post([])).status === 404 && tries < 80; tries++) await sleep(250);
	return async (items: unknown[]): Promise<Execution> => {
		expect((await post(items)).status).toBe(200);
		for (const deadline = Date.now() + 120_000; Date.now() < deadline; await sleep(300)) {
			// n8n can answer 503 "Database is not ready" for a moment while it saves executions under load.
			const runs = await client.executions(id).catch((): Execution[] => []);
			const run = runs.find((execution) => isFinished(execution) && execution.data?.resultData.runData.Gateway);
			if (run) return run;
		}
		throw new Error(`no finished execution ran the Gateway node\n${tailOf(n8n.logFile)}`);
	};
}

const sendSms = (fields: Record<string, unknown>) => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to: '={{ $json.to }}',
	message: 'Hello',
	additionalFields: {},
	...fields,
});
const retryOnFail = { retryOnFail: true, maxTries: 3, waitBetweenTries: 100 };

/** A workflow sending `count` numbers with Retry On Fail, the message changing with `$now`; a 500 answers the third request. */
async function sendWithA500(path: string, options: Record<string, unknown>, count: number, first: number) {
	const run = await workflowWith(
		path,
		sendSms({ message: '={{ "Order " + $json.order + " at " + $now.toMillis() }}', options }),
		retryOnFail,
	);
	const before = (await control('GET', '/emulator/messages')).length;
	await control('POST', '/emulator/faults', { status: 500, after: 2 });
	const to = numbers(count, first);
	const execution = await run(to.map((number, order) => ({ order, to: number })));
	return { execution, to, sent: (await control('GET', '/emulator/messages')).slice(before) };
}

test('Retry On Fail after a 500 mid-batch, the message changing with $now: each recipient exactly once', async () => {
	const { execution, to, sent } = await sendWithA500(
		'exactly-once-now',
		{ batchSize: 5, concurrency: 2, onUnknownOutcome: 'resend' },
		30,
		0,
	);
	expect(execution.status).toBe('success');
	expect(sent.map((message) => message.to).sort()).toEqual(to);
	const output = nodeOutput(execution, 'Gateway');
	expect(output.map((item) => item.to)).toEqual(to);
	const contentById = new Map(sent.map((message) => [message.messageid, message.content]));
	output.forEach((item, order) =>
		expect(contentById.get(item.messageid as string)).toMatch(new RegExp(`^Order ${order} at \\d+$`)),
	);
}, 240_000);

test('node version 3 by default: the request answered 500 is not sent again; the run fails saying so', async () => {
	const { execution, to, sent } = await sendWithA500(
		'unknown-outcome-default',
		{ batchRecipients: false, concurrency: 1 },
		5,
		100,
	);
	expect(execution.status).toBe('error');
	expect(sent.map((message) => message.to)).toEqual(to.slice(0, 2));
	expect(JSON.stringify(execution.data)).toContain('Not sent again to 31650000102');
}, 240_000);

test('one item of 150 numbers: 150 SMS in requests of at most 100', async () => {
	const run = await workflowWith('one-item-150', sendSms({}));
	const before = (await control('GET', '/emulator/requests')).length;
	const to = numbers(150, 200);
	const execution = await run([{ to: to.join(', ') }]);
	expect(execution.status).toBe('success');
	const requests = (await control('GET', '/emulator/requests'))
		.slice(before)
		.filter((request) => request.path === '/v1/message/send');
	expect(requests.map((request) => request.status)).toEqual([200, 200]);
	const sizes = requests.map((request) => [JSON.parse(request.body as string).to].flat().length);
	expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_RECIPIENTS_PER_REQUEST);
	expect(sizes.reduce((a, b) => a + b)).toBe(150);
	expect(nodeOutput(execution, 'Gateway').map((item) => item.to)).toEqual(to);
}, 240_000);

describe('a Base URL that redirects', () => {
	let redirecting: Server;
	let other: Server;
	const reachedOther: IncomingHttpHeaders[] = [];
	const listen = async (server: Server) => {
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	};

	beforeAll(async () => {
		other = createServer((req, res) => {
			reachedOther.push(req.headers);
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ messageid: 'from-the-other-host', balance: 1 }));
		});
		const otherUrl = await listen(other);
		let status = 300;
		// Every redirect status in turn, each to the other host.
		redirecting = createServer((req, res) => {
			status = status >= 308 ? 301 : status === 303 ? 307 : status + 1;
			res.writeHead(status, { Location: `${otherUrl}${req.url}?token=secret-query` });
			res.end();
		});
		const redirectingUrl = await listen(redirecting);
		credentialId = await client.createCredential('Redirecting gateway', {
			baseUrl: redirectingUrl,
			apiKey: emulator.account.apiKey,
			apiSecret: emulator.account.apiSecret,
		});
	});
	afterAll(() => Promise.all([redirecting, other].map((server) => new Promise((resolve) => server.close(resolve)))));

	test.each([
		['Send SMS', 'redirect-send', sendSms({ to: '+31 6 5000 0001' })],
		['Get Balance', 'redirect-balance', { resource: 'account', operation: 'getBalance' }],
	])('%s: fails naming the redirect; no request reaches the other host', async (_, path, parameters) => {
		const run = await workflowWith(path, parameters, { retryOnFail: true, maxTries: 5, waitBetweenTries: 100 });
		const execution = await run([{}, {}, {}]);
		expect(execution.status).toBe('error');
		expect(JSON.stringify(execution.data)).toMatch(/a redirect to another address \(127\.0\.0\.1:\d+\): not followed/);
		expect(JSON.stringify(execution.data)).not.toContain('secret-query');
		expect(reachedOther).toEqual([]);
	});
});
