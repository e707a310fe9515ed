/**
 * Quiet Hours in a real n8n (the package installed as a community package, the emulator as the
 * gateway), on the real clock: a window of one hour that starts 2 to 3 hours from now in UTC (the
 * Time Zone) is closed now, so Defer schedules at its opening, worked out here from the clock,
 * and Skip sends nothing; a group send without Time Zone is refused. Proves n8n hands version 4's
 * Quiet Hours option to the node.
 */
import type { Emulator } from '../../emulator/server';
import { QUIET_HOURS_OPTION } from '../../nodes/MessagingGateway/actions/message/send/quiet-hours-option';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { stopN8nOnExit } from '../../tools/n8n-process';
import { withLogOf, type EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { waitForWebhooks } from '../../tools/waits';
import { emulatorClient } from '../support/emulator-client';

stopN8nOnExit();

let emulator: Emulator;
let n8n: EmulatorOnN8n['n8n'];
let stop: (() => Promise<void>) | undefined;
const HOUR = 3_600_000;
// Whole hours ahead, so the window never wraps past midnight: from 01:00 when that is still ahead.
const now = new Date();
const fromHour = now.getUTCHours() + 3 <= 23 ? now.getUTCHours() + 2 : 1;
const opening = new Date(
	Date.UTC(
		now.getUTCFullYear(),
		now.getUTCMonth(),
		now.getUTCDate() + (fromHour > now.getUTCHours() ? 0 : 1),
		fromHour,
	),
);
const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

beforeAll(async () => {
	let client;
	({ emulator, n8n, client, stop } = await sharedN8nWithEmulator({
		account: { balance: 100000, timezone: 'UTC' },
		settings: { deliveryDelayMs: 60_000 },
	}));
	const { account } = emulator;
	const credentialId = await withLogOf(
		n8n,
		client.createCredential('Gateway account', {
			baseUrl: emulator.url,
			apiKey: account.apiKey,
			apiSecret: account.apiSecret,
			accountTimeZone: 'UTC',
		}),
	);
	const credentials = { messagingGatewayApi: { id: '__CREDENTIAL_ID__', name: 'Gateway account' } };
	const window = {
		preset: 'custom',
		days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
		from: hh(fromHour),
		until: hh(fromHour + 1),
		mode: '={{ $json.body.mode }}',
		timeZoneField: 'UTC',
	};
	const workflowOf = (path: string, webhookId: string, parameters: Record<string, unknown>, extra = {}) => ({
		name: `Quiet hours ${path}`,
		nodes: [
			{
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId,
				parameters: { httpMethod: 'POST', path, responseMode: 'lastNode', responseData: 'allEntries', options: {} },
			},
			{
				name: 'Send',
				type: `${PACKAGE_NAME}.messagingGateway`,
				typeVersion: 4,
				position: [260, 0],
				parameters: {
					resource: 'message',
					operation: 'send',
					sender: { __rl: true, mode: 'list', value: 'Shop' },
					message: 'Sale today',
					additionalFields: {},
					...parameters,
				},
				credentials,
				...extra,
			},
		],
		connections: { Start: { main: [[{ node: 'Send', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	});
	const numbers = workflowOf('quiet-36', '36c3f5e7-4f6d-4081-8cbe-2d3f40516236', {
		to: '={{ $json.body.to }}',
		options: { quietHours: { values: window } },
	});
	// A group send with Quiet Hours as the panel adds it (its default window) and no Time Zone.
	const group = workflowOf(
		'quiet-group',
		'8e4b2f0a-5c1d-4f7e-9a3b-6d2c1e0f4a42',
		{
			sendTo: 'group',
			groupId: { __rl: true, mode: 'id', value: '4821' },
			options: { quietHours: QUIET_HOURS_OPTION.default },
		},
		{ onError: 'continueRegularOutput' },
	);
	for (const workflow of [numbers, group]) await withLogOf(n8n, client.importWorkflow(workflow as never, credentialId));
	// Until n8n registers the webhooks they answer 404; the probe sends nothing (no number; a group send without Time Zone).
	await waitForWebhooks([`${n8n.url}/webhook/quiet-36`, `${n8n.url}/webhook/quiet-group`], {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: '{}',
		timeoutMs: 60_000,
	});
}, 900_000);

afterAll(async () => {
	await stop?.();
});

const post = async (body: unknown, path = 'quiet-36') => {
	const response = await fetch(`${n8n.url}/webhook/${path}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify(body),
	});
	expect(response.status).toBe(200);
	return (await response.json()) as Array<Record<string, unknown>>;
};

test("Defer: scheduled at the window's opening, as the emulator keeps it; Skip: nothing sent", async () => {
	const deferred = await post({ to: '31612345601', mode: 'defer' });
	const date = opening.toISOString().slice(0, 16).replace('T', ' ');
	expect(deferred).toEqual([
		expect.objectContaining({
			to: '31612345601',
			date,
			timeZone: 'UTC',
			timeZoneSource: 'item',
			deferredTo: `${opening.toISOString().slice(0, 19)}+00:00`,
		}),
	]);
	const scheduled = await emulatorClient(() => emulator).control<Array<Record<string, unknown>>>(
		'GET',
		'/emulator/scheduled',
	);
	expect(scheduled).toEqual([
		expect.objectContaining({ to: '31612345601', date, scheduledFor: opening.toISOString() }),
	]);
	const skipped = await post({ to: '31612345602', mode: 'skip' });
	expect(skipped).toEqual([expect.objectContaining({ to: '31612345602', skipped: 'quietHours' })]);
	expect(emulator.messages.map((message) => message.to)).toEqual(['31612345601']);
	expect(opening.getTime() - Date.now()).toBeGreaterThan(HOUR);
}, 120_000);

test('a group send with Quiet Hours as the panel adds it and no Time Zone is refused before anything is sent', async () => {
	const sent = emulator.messages.length;
	const refused = await post({}, 'quiet-group');
	expect(refused).toEqual([
		expect.objectContaining({ error: expect.stringMatching(/^Quiet Hours: a group send needs Time Zone/) }),
	]);
	expect(emulator.messages.length).toBe(sent);
}, 120_000);
