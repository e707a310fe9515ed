/**
 * The package inside a real n8n server, installed as a community package, with the emulator as the
 * gateway: nodes load, example workflows run end to end on real webhooks, and the editor shows them.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Emulator } from '../../emulator/server';
import { encodeQuery, WEBHOOK_EVENT_TYPES } from '../../nodes/MessagingGateway/core';
import { setUpDemo, type Demo } from '../../tools/demo';
import { waitForWebhooks } from '../../tools/waits';
import { N8nClient, nodeOutput, PACKAGE_NAME, ROOT, stopN8nOnExit, tailOf, type Execution, type N8nServer } from '../../tools/n8n-server';
import { startN8nWithEmulator, withLogOf } from '../../tools/n8n-with-emulator';
import { specViolations } from '../fixtures/spec-events';
import { opensslHmacSha256 } from '../helpers/openssl';

stopN8nOnExit();

let emulator: Emulator;
let n8n: N8nServer;
let client: N8nClient;
let demo: Demo;
let stop: (() => Promise<void>) | undefined;

const control = async (method: string, path: string, body?: unknown) => {
	const response = await fetch(`${emulator.url}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
	return (await response.json()) as Record<string, unknown> & Array<Record<string, unknown>>;
};

/** Finished executions of a workflow, oldest first (n8n saves them after the run). */
const executionsOf = (workflowId: string, count: number, timeoutMs?: number) => client.finishedExecutions(workflowId, count, timeoutMs);

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await startN8nWithEmulator({ settings: { deliveryDelayMs: 500, retryBaseMs: 200 } }));
	demo = await withLogOf(n8n, setUpDemo(emulator, client));
}, 900_000);

afterAll(async () => {
	await stop?.();
});

test('the three node types load from the community package, with their icons', async () => {
	const types = await client.rest<Array<{ name: string; iconUrl?: { light: string; dark: string } }>>('/types/nodes.json');
	const ours = types.filter((type) => type.name.startsWith(`${PACKAGE_NAME}.`));
	expect(ours.map((type) => type.name).sort()).toEqual([
		`${PACKAGE_NAME}.messagingGateway`,
		`${PACKAGE_NAME}.messagingGatewayTool`,
		`${PACKAGE_NAME}.messagingGatewayTrigger`,
	]);
	for (const type of ours) {
		for (const url of [type.iconUrl!.light, type.iconUrl!.dark]) {
			const icon = await fetch(`${n8n.url}/${url}`, { headers: { cookie: client.cookie } });
			expect(icon.status).toBe(200);
			expect(await icon.text()).toMatch(/^<svg/);
		}
	}
	const credentials = await client.rest<Array<{ name: string }>>('/types/credentials.json');
	expect(credentials.map((credential) => credential.name)).toContain('messagingGatewayApi');
});

test('auto-reply round trip: inbound SMS → trigger → Send SMS → delivery reports → delivery log twice', async () => {
	const inbound = await control('POST', '/emulator/inbound?wait=true', { from: '31611122233', content: 'Is my order on its way?' });
	const [reply] = await executionsOf(demo.workflows.autoReply.id, 1);
	expect(reply.status).toBe('success');
	const triggerItem = nodeOutput(reply, 'Incoming SMS')[0];
	expect(triggerItem).toEqual(inbound.event); // the event exactly as the gateway sent it
	expect(specViolations(triggerItem)).toEqual([]);

	const messages = await control('GET', '/emulator/messages');
	const sent = messages.find((message) => message.to === '31611122233')!;
	expect(sent).toMatchObject({ sender: 'Shop', content: 'Thanks for your message "Is my order on its way?". We will get back to you shortly.' });
	expect(nodeOutput(reply, 'Reply by SMS')[0]).toMatchObject({ messageid: sent.messageid, to: '31611122233', segments: 1, encoding: 'GSM-7' });

	const logs = await executionsOf(demo.workflows.deliveryLog.id, 2);
	expect(logs).toHaveLength(2);
	const reports = logs.map((execution) => nodeOutput(execution, 'Delivery Report')[0]);
	expect(reports.map((report) => (report.message as Record<string, unknown>).delivery_code)).toEqual(['0', '1']);
	for (const report of reports) {
		expect(specViolations(report)).toEqual([]);
		expect(report.message).toMatchObject({ messageid: sent.messageid, receiver: '31611122233', reference: (sent as { reference: string }).reference });
	}
	expect(nodeOutput(logs[1], 'Log Entry (replace with a sheet or database)')[0]).toMatchObject({
		messageid: sent.messageid,
		to: '31611122233',
		deliveryCode: '1',
		status: 'delivered',
		cost: 1,
	});
});

describe('a trigger on all events and one on a single type', () => {
	const allEvents = { id: '', url: '' };
	const onlyAddGroup = { id: '', url: '' };

	beforeAll(async () => {
		const trigger = (events: string[], webhookId: string) => ({
			name: `Trigger on ${events.join(', ')}`,
			nodes: [
				{
					parameters: { events, options: {} },
					name: 'Gateway Event',
					type: `${PACKAGE_NAME}.messagingGatewayTrigger`,
					typeVersion: 1,
					position: [0, 0],
					webhookId,
					credentials: { messagingGatewayApi: { id: '__CREDENTIAL_ID__', name: 'Messaging Gateway account' } },
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		});
		allEvents.id = await client.importWorkflow(trigger(['*'], '0e6f3b2a-1111-4a5b-9c8d-000000000001'), demo.credentialId);
		onlyAddGroup.id = await client.importWorkflow(trigger(['add_group'], '0e6f3b2a-2222-4a5b-9c8d-000000000002'), demo.credentialId);
		allEvents.url = `${n8n.url}/webhook/0e6f3b2a-1111-4a5b-9c8d-000000000001/webhook`;
		onlyAddGroup.url = `${n8n.url}/webhook/0e6f3b2a-2222-4a5b-9c8d-000000000002/webhook`;
		await waitForWebhooks([allEvents.url, onlyAddGroup.url]);
		// Only these two triggers: the demo's auto-reply would answer the inbox_message and add reports.
		await control('DELETE', '/emulator/webhooks');
		for (const url of [allEvents.url, onlyAddGroup.url]) await control('POST', '/emulator/webhooks', { url, types: ['*'] });
	});

	test('one event of each of the 14 types comes out field for field; the single-type trigger starts once', async () => {
		const sent: Array<Record<string, unknown>> = [];
		for (const { value } of WEBHOOK_EVENT_TYPES) {
			const result = await control('POST', '/emulator/events?wait=true', { type: value });
			sent.push(result.event as Record<string, unknown>);
		}
		const all = await executionsOf(allEvents.id, 14);
		expect(all).toHaveLength(14);
		const outputs = all.map((execution) => nodeOutput(execution, 'Gateway Event')[0]);
		for (const event of sent) {
			const output = outputs.find((item) => item.webhook_id === event.webhook_id);
			expect(output).toEqual(event);
			expect(JSON.stringify(output)).toBe(JSON.stringify(event)); // same field order too
			expect(specViolations(output!)).toEqual([]);
		}
		const ignored = await fetch(onlyAddGroup.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		expect(ignored.status).toBe(401); // signed requests only
		const single = await executionsOf(onlyAddGroup.id, 1);
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect(await executionsOf(onlyAddGroup.id, 2, 0)).toHaveLength(1);
		expect(nodeOutput(single[0], 'Gateway Event')[0].webhook_type).toBe('add_group');
	});

	test('tampered body, wrong secret, stale timestamp: 401 and no execution', async () => {
		const before = (await executionsOf(allEvents.id, 0, 0)).length;
		const body = JSON.stringify((await control('POST', '/emulator/events', { type: 'add_group' })).event);
		await new Promise((resolve) => setTimeout(resolve, 500));
		const counted = (await executionsOf(allEvents.id, before + 1)).length;
		const secret = emulator.account.signingSecret;
		const headersFor = (payload: string, key: string, t: number) => ({
			'Content-Type': 'application/json',
			'X-Service-Timestamp': String(t),
			'X-Service-Signature': `t=${t},v1=${opensslHmacSha256(key, `${t}.${payload}`)}`,
		});
		const now = Math.floor(Date.now() / 1000);
		const cases = {
			tampered: { body: body.replace('Customers', 'Customerz'), headers: headersFor(body, secret, now) },
			'wrong secret': { body, headers: headersFor(body, 'not-the-secret', now) },
			stale: { body, headers: headersFor(body, secret, now - 3600) },
		};
		const checks: Record<string, unknown> = {};
		for (const [name, request] of Object.entries(cases)) {
			const response = await fetch(allEvents.url, { method: 'POST', ...request });
			expect(response.status).toBe(401);
			checks[name] = ((await response.json()) as { check: string }).check;
		}
		expect(checks).toEqual({ tampered: 'no_matching_signature', 'wrong secret': 'no_matching_signature', stale: 'timestamp_outside_tolerance' });
		const good = await fetch(allEvents.url, { method: 'POST', ...cases.tampered, body });
		expect(good.status).toBe(200); // the same headers verify the untouched body
		expect(await good.json()).toEqual({ received: 1, accepted: 1 }); // n8n answers with the trigger's response
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect((await executionsOf(allEvents.id, counted + 1)).length).toBe(counted + 1);
	});

	test('the GET form: query string signed, decoded into the POST shape', async () => {
		const before = (await executionsOf(allEvents.id, 0, 0)).length;
		await control('DELETE', '/emulator/webhooks');
		await control('POST', '/emulator/webhooks', { url: allEvents.url, types: ['email2sms_received'], method: 'GET' });
		const { event, deliveries } = await control('POST', '/emulator/events?wait=true', { type: 'email2sms_received' });
		expect((deliveries as unknown as Array<{ state: string }>)[0].state).toBe('delivered');
		const executions = await executionsOf(allEvents.id, before + 1);
		const output = nodeOutput(executions[executions.length - 1], 'Gateway Event')[0];
		expect(output).toEqual({ ...(event as object), method: 'GET' });
		expect(encodeQuery(output)).toBe(encodeQuery({ ...(event as object), method: 'GET' }));
	});
});

test('running out of funds starts the alert workflow', async () => {
	await control('DELETE', '/emulator/webhooks');
	await waitForWebhooks([demo.workflows.fundsAlert.webhookUrl!]);
	await control('POST', '/emulator/webhooks', { url: demo.workflows.fundsAlert.webhookUrl, types: ['insufficient_funds'] });
	await control('PUT', '/emulator/account', { balance: 0 });
	const refused = await fetch(`${emulator.url}/v1/message/send`, {
		method: 'POST',
		headers: { 'X-Client-Id': emulator.account.apiKey, 'X-Client-Secret': emulator.account.apiSecret },
		body: JSON.stringify({ message: 'Hi', to: '31612345678', sender: 'Shop' }),
	});
	expect(await refused.json()).toEqual({ error: '108', errorMsg: 'Not enough credits' });
	const [alert] = await executionsOf(demo.workflows.fundsAlert.id, 1);
	expect(alert.status).toBe('success');
	const sink = await control('GET', '/emulator/sink');
	expect(JSON.parse(sink[0].body as string)).toEqual({
		text: expect.stringMatching(/^SMS gateway account demo has run out of funds: /),
		balance: '0.000',
		at: expect.stringMatching(/ UTC$/),
	});
});

test('the editor shows the example workflow with our nodes and icons (Chromium)', async () => {
	const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
	if (!existsSync(chromium)) throw new Error(`${chromium} not found: apt-get install -y chromium`);
	const { chromium: launcher } = await import('playwright-core');
	const browser = await launcher.launch({
		executablePath: chromium,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
	try {
		const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
		const [name, value] = client.cookie.split(';')[0].split('=');
		await context.addCookies([{ name, value, url: n8n.url }]);
		const page = await context.newPage();
		await page.goto(`${n8n.url}/workflow/${demo.workflows.autoReply.id}`);
		await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 60_000 });
		const titles = await page.locator('[data-test-id="canvas-node"]').allInnerTexts();
		expect(titles.join('\n')).toContain('Incoming SMS');
		expect(titles.join('\n')).toContain('Reply by SMS');
		// Every icon of our package on the canvas has loaded an image (n8n serves it from the package).
		const iconSelector = `[data-test-id="canvas-node"] img[src*="icons/${PACKAGE_NAME}/"]`;
		await page.waitForFunction(
			`(() => { const icons = [...document.querySelectorAll(${JSON.stringify(iconSelector)})];
				return icons.length >= 2 && icons.every((icon) => icon.complete && icon.naturalWidth > 0); })()`,
			undefined,
			{ timeout: 30_000 },
		);
		// n8n opens a "Production Checklist" panel over the canvas on published workflows; close it for the picture.
		const checklistClose = page.locator('[data-test-id="suggested-actions-close"]');
		if (await checklistClose.isVisible()) await checklistClose.click();
		await page.waitForTimeout(500); // let the canvas finish its fit-to-view animation before the picture
		const directory = join(ROOT, 'docs');
		mkdirSync(directory, { recursive: true });
		await page.screenshot({ path: join(directory, 'editor-auto-reply.png') });
	} finally {
		await browser.close();
	}
});

test('Retry On Fail in a real n8n: a 500 mid-batch, the node retried, every SMS sent once', async () => {
	const path = 'retry-send-test';
	const nodes = [
		{ name: 'Numbers', type: 'n8n-nodes-base.webhook', typeVersion: 2, webhookId: 'retry-send-test-id', position: [0, 0], parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' } },
		{ name: 'One Item Each', type: 'n8n-nodes-base.splitOut', typeVersion: 1, position: [220, 0], parameters: { fieldToSplitOut: 'body.numbers' } },
		{
			name: 'Send SMS',
			type: `${PACKAGE_NAME}.messagingGateway`,
			typeVersion: 2,
			position: [440, 0],
			retryOnFail: true,
			maxTries: 3,
			waitBetweenTries: 0,
			parameters: { resource: 'message', operation: 'send', sender: 'Shop', to: '={{ $json.to }}', message: '={{ "Order " + $json.order }}', additionalFields: {}, options: { concurrency: 5 } },
			credentials: { messagingGatewayApi: { id: demo.credentialId, name: 'Messaging Gateway account' } },
		},
	];
	const connections = {
		Numbers: { main: [[{ node: 'One Item Each', type: 'main', index: 0 }]] },
		'One Item Each': { main: [[{ node: 'Send SMS', type: 'main', index: 0 }]] },
	};
	const { id } = await client.api<{ id: string }>('POST', '/workflows', { name: 'Retry On Fail', nodes, connections, settings: { executionOrder: 'v1' } });
	await client.api('POST', `/workflows/${id}/activate`);
	const post = (numbers: unknown[]) =>
		fetch(`${n8n.url}/webhook/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ numbers }) });
	// Right after activation the webhook can answer 404 for a moment; an empty list sends nothing.
	for (let tries = 0; (await post([])).status === 404 && tries < 80; tries++) await new Promise((resolve) => setTimeout(resolve, 250));

	// Funds for 50 SMS (an earlier test may have emptied the account), and one 500 after 20 sends.
	await control('PUT', '/emulator/account', { balance: 1000 });
	const before = (await control('GET', '/emulator/messages')).length;
	await control('POST', '/emulator/faults', { status: 500, after: 20 });
	const numbers = Array.from({ length: 50 }, (_, order) => ({ order, to: `3162${String(order).padStart(7, '0')}` }));
	expect((await post(numbers)).status).toBe(200);
	// The execution that ran Send SMS (the warm-up calls stop at the empty split).
	let run: Execution | undefined;
	for (const deadline = Date.now() + 120_000; !run && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 300))) {
		// n8n can answer 503 "Database is not ready" for a moment while it saves executions under load.
		run = (await client.executions(id).catch((): Execution[] => [])).find((execution) => execution.status !== 'running' && execution.status !== 'new' && execution.data?.resultData.runData['Send SMS']);
	}
	if (!run) {
		const seen = (await client.executions(id)).map((execution) => [execution.status, Object.keys(execution.data?.resultData.runData ?? {})]);
		throw new Error(`no finished execution ran Send SMS: ${JSON.stringify(seen)}\n${tailOf(n8n.logFile)}`);
	}
	expect(run.status).toBe('success');

	const sent = (await control('GET', '/emulator/messages')).slice(before);
	const requests = await control('GET', '/emulator/requests');
	expect(requests.filter((request) => request.status === 500)).toHaveLength(1);
	expect(sent).toHaveLength(50);
	expect(new Set(sent.map((message) => message.to)).size).toBe(50);
	const output = nodeOutput(run, 'Send SMS');
	expect(output.map((item) => item.to)).toEqual(numbers.map((number) => number.to));
	expect(new Set(output.map((item) => item.messageid))).toEqual(new Set(sent.map((message) => message.messageid)));
}, 240_000);
