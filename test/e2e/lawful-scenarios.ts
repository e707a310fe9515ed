/**
 * Sending lawfully in a real n8n (the package installed as a community package, the emulator as the
 * gateway), declared by lawful.test.ts (one n8n) and lawful-queue.test.ts (queue mode, the trigger on the
 * webhook processor): the trigger (node version 3) puts a number that texts STOP on the opt-out list with one
 * request although the event arrives 3 times, answers HELP once, answers the gateway within 5 s when the
 * opt-out request hangs and still gets the number on the list; a later broadcast of 100 numbers
 * (Send SMS, node version 4) holding that number and 2 others on the list sends the 97 others once each.
 */
import type { Emulator } from '../../emulator/server';
import { isFinished, nodeOutput, type Execution, type N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { sleep, waitForWebhooks } from '../../tools/waits';
import { opensslHmacSha256 } from '../support/openssl';
import { emulatorClient } from '../support/emulator-client';

export interface LawfulSetting {
	emulator: Emulator;
	/** Signed in to the n8n that serves the editor and the API. */
	client: N8nClient;
	/** Where production webhooks are served: the n8n itself, or in queue mode the webhook processor. */
	webhookBaseUrl: string;
	logTail(): string;
}

const HELP_REPLY = 'Shop alerts: order news. Reply STOP to opt out.';
const TRIGGER_ID = '36a1f3c5-2d4b-4e6f-8a9c-0b1d2e3f4a36';
const credentials = { messagingGatewayApi: { id: '__CREDENTIAL_ID__', name: 'Gateway account' } };

/** Declares the tests; `setting()` is read in their beforeAll. */
export function lawfulScenarios(setting: () => LawfulSetting) {
	let emulator: Emulator;
	let client: N8nClient;
	let webhookBaseUrl: string;
	let triggerWorkflow: string;
	/** `work`'s result; its failure carries the end of n8n's log. */
	const withLog = async <T>(work: Promise<T>): Promise<T> => {
		try {
			return await work;
		} catch (error) {
			throw new Error(`${(error as Error).message}\n${setting().logTail()}`);
		}
	};
	const { control } = emulatorClient(() => emulator);

	beforeAll(async () => {
		({ emulator, client, webhookBaseUrl } = setting());
		const { account } = emulator;
		const credentialId = await withLog(
			client.createCredential('Gateway account', {
				baseUrl: emulator.url,
				apiKey: account.apiKey,
				apiSecret: account.apiSecret,
				signingSecret: account.signingSecret,
			}),
		);
		const trigger = {
			name: 'Incoming SMS',
			nodes: [
				{
					name: 'Incoming',
					type: `${PACKAGE_NAME}.messagingGatewayTrigger`,
					typeVersion: 3,
					position: [0, 0],
					webhookId: TRIGGER_ID,
					parameters: { events: ['inbox_message'], options: { helpReply: HELP_REPLY } },
					credentials,
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		};
		const broadcast = {
			name: 'Broadcast',
			nodes: [
				{
					name: 'Start',
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: '36b2e4d6-3e5c-4f70-9bad-1c2e3f405136',
					parameters: {
						httpMethod: 'POST',
						path: 'broadcast-36',
						responseMode: 'lastNode',
						responseData: 'allEntries',
						options: {},
					},
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
						to: '={{ $json.body.numbers }}',
						message: 'Sale today',
						additionalFields: {},
						options: {},
					},
					credentials,
				},
			],
			connections: { Start: { main: [[{ node: 'Send', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		};
		triggerWorkflow = await withLog(client.importWorkflow(trigger as never, credentialId));
		await withLog(client.importWorkflow(broadcast as never, credentialId));
		const url = `${webhookBaseUrl}/webhook/${TRIGGER_ID}/webhook`;
		await waitForWebhooks([url], { timeoutMs: 60_000 });
		await control('DELETE', '/emulator/webhooks');
		await control('POST', '/emulator/webhooks', { url, types: ['*'] });
	}, 900_000);

	/** The trigger workflow's finished executions, once there are `count`, oldest first. */
	async function triggerRuns(count: number): Promise<Execution[]> {
		for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(300)) {
			const runs = (await client.executions(triggerWorkflow).catch((): Execution[] => [])).filter(isFinished);
			if (runs.length >= count) return runs.sort((a, b) => Number(a.id) - Number(b.id));
		}
		throw new Error(`fewer than ${count} executions of the trigger\n${setting().logTail()}`);
	}

	/** The event again, signed as the gateway signs (docs/gateway-api.md#signatures): a third delivery of it. */
	async function deliverAgain(event: Record<string, unknown>): Promise<number> {
		const payload = JSON.stringify(event);
		const t = Math.floor(Date.now() / 1000);
		const v1 = opensslHmacSha256(emulator.account.signingSecret, Buffer.from(`${t}.${payload}`));
		const headers = {
			'Content-Type': 'application/json',
			'X-Service-Timestamp': String(t),
			'X-Service-Signature': `t=${t},v1=${v1}`,
		};
		return (await fetch(`${webhookBaseUrl}/webhook/${TRIGGER_ID}/webhook`, { method: 'POST', headers, body: payload }))
			.status;
	}

	const STOPPED = '31612360001';
	const ON_LIST = ['31612360002', '31612360003'];

	test('STOP delivered 3 times: exactly one opt-out request; each execution says added', async () => {
		await control('PATCH', '/emulator/settings', { duplicateDeliveries: true });
		const { event } = await control('POST', '/emulator/inbound?wait=true', { from: STOPPED, content: 'STOP' });
		await control('PATCH', '/emulator/settings', { duplicateDeliveries: false });
		expect(await deliverAgain(event as Record<string, unknown>)).toBe(200);
		const deliveries = (await control('GET', '/emulator/deliveries?type=inbox_message')) as unknown as Array<{
			state: string;
		}>;
		expect(deliveries.map((delivery) => delivery.state)).toEqual(['delivered', 'delivered']);
		const runs = await triggerRuns(3);
		expect(runs).toHaveLength(3);
		for (const run of runs)
			expect(nodeOutput(run, 'Incoming')).toEqual([
				expect.objectContaining({
					webhook_id: (event as { webhook_id: string }).webhook_id,
					keyword: 'stop',
					optOut: 'added',
				}),
			]);
		const optOutRequests = emulator.requests.filter((request) => request.path === '/v1/optouts');
		expect(optOutRequests.map((request) => JSON.parse(request.body))).toEqual([{ number: STOPPED }]);
		expect(await control('GET', '/emulator/optouts')).toEqual([STOPPED]);
	}, 120_000);

	test('HELP twice from one number: the Help Reply is sent once, from the number the message reached', async () => {
		const before = (await triggerRuns(0)).length;
		for (const content of ['HELP', 'help'])
			await control('POST', '/emulator/inbound?wait=true', { from: '31612360009', content });
		const runs = (await triggerRuns(before + 2)).slice(before);
		expect(runs.map((run) => nodeOutput(run, 'Incoming')[0].helpReply)).toEqual(['sent', 'sentEarlier']);
		const answers = emulator.messages.filter((message) => message.to === '31612360009');
		expect(answers.map((message) => [message.content, message.sender])).toEqual([
			[HELP_REPLY, emulator.account.virtualNumber],
		]);
	}, 120_000);

	test('"STOP" twice on two lines while the gateway never answers the opt-out request: the webhook answered within 5 s, the number reaches the list', async () => {
		const SLOW = '31612360011';
		const before = (await triggerRuns(0)).length;
		await control('POST', '/emulator/faults', { status: 'hang', path: '/v1/optouts' });
		const { event } = await control('POST', '/emulator/inbound?wait=true', { from: SLOW, content: 'STOP\nSTOP' });
		// One attempt, answered 2xx: within the emulator's webhook timeout of 5 s (webhookTimeoutMs), no delivery again.
		const deliveries = (await control('GET', '/emulator/deliveries?type=inbox_message')) as unknown as Array<{
			webhookId: string;
			state: string;
			attempts: Array<{ status?: number; durationMs: number }>;
		}>;
		const delivery = deliveries.find((entry) => entry.webhookId === (event as { webhook_id: string }).webhook_id);
		expect(delivery).toMatchObject({ state: 'delivered', attempts: [{ status: 200 }] });
		expect(delivery!.attempts[0].durationMs).toBeLessThan(5_000);
		const [run] = (await triggerRuns(before + 1)).slice(before);
		expect(nodeOutput(run, 'Incoming')).toEqual([expect.objectContaining({ keyword: 'stop', optOut: 'pending' })]);
		// The hung try times out and is made again after the answer.
		const listed = async () => ((await control('GET', '/emulator/optouts')) as unknown as string[]).includes(SLOW);
		for (const deadline = Date.now() + 30_000; Date.now() < deadline && !(await listed()); ) await sleep(500);
		if (!(await listed()))
			throw new Error(
				`${SLOW} is not on the opt-out list\n${JSON.stringify(emulator.requests.filter((r) => r.path === '/v1/optouts').map((r) => [r.at, r.status]))}\n${setting().logTail()}`,
			);
		const attempts = emulator.requests.filter(
			(request) => request.path === '/v1/optouts' && JSON.parse(request.body).number === SLOW,
		);
		expect(attempts).toHaveLength(2);
	}, 120_000);

	test('a broadcast of 100 numbers, 3 of them on the opt-out list: 97 SMS, one each; 3 items skipped; no error', async () => {
		for (const number of ON_LIST) await control('POST', '/emulator/optouts', { number });
		const numbers = [
			...Array.from({ length: 97 }, (_, index) => `3161237${String(index).padStart(4, '0')}`),
			STOPPED,
			...ON_LIST,
		];
		// The opted-out numbers spread among the others.
		numbers.splice(10, 0, numbers.pop()!);
		numbers.splice(55, 0, numbers.pop()!);
		const sentBefore = emulator.messages.length;
		const response = await fetch(`${webhookBaseUrl}/webhook/broadcast-36`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ numbers }),
		});
		expect(response.status).toBe(200);
		const items = (await response.json()) as Array<Record<string, unknown>>;
		expect(items).toHaveLength(100);
		expect(items.filter((item) => item.error !== undefined)).toEqual([]);
		expect(
			items
				.filter((item) => item.skipped === 'optedOut')
				.map((item) => item.to)
				.sort(),
		).toEqual([STOPPED, ...ON_LIST].sort());
		const sent = emulator.messages.slice(sentBefore).map((message) => message.to);
		const others = numbers.filter((number) => number !== STOPPED && !ON_LIST.includes(number));
		expect(sent.sort()).toEqual(others.sort());
		expect(new Set(sent).size).toBe(97);
	}, 240_000);
}
