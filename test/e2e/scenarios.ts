/**
 * The end-to-end scenarios that run both against a single n8n (real-n8n.test.ts) and in queue mode
 * (queue-mode.test.ts): the auto-reply round trip, a trigger on all events beside one on a single type
 * (every event type, bad signatures, the GET form) and the funds alert. Each file passes what differs:
 * where production webhooks are served, how executions are fetched, and any extra check on them.
 */
import type { Emulator } from '../../emulator/server';
import { WEBHOOK_EVENT_TYPES } from '../../nodes/MessagingGateway/core/events/events';
import { encodeQuery } from '../../nodes/MessagingGateway/core/events/query';
import type { Demo } from '../../tools/demo';
import { nodeOutput, type Execution, type N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { sleep, waitForWebhooks } from '../../tools/waits';
import { itemOf, specViolations } from '../fixtures/spec-events';
import { emulatorClient, type EmulatorControl } from '../support/emulator-client';
import { opensslHmacSha256 } from '../support/openssl';

export interface Setting {
	emulator: Emulator;
	control: EmulatorControl;
	/** Signed in to the n8n that serves the editor and the API. */
	client: N8nClient;
	demo: Demo;
	/** Where production webhooks are served: the n8n itself, or in queue mode the webhook processor. */
	webhookBaseUrl: string;
	/** Finished executions of a workflow, oldest first, once there are at least `count` (or the time is up). */
	executionsOf(workflowId: string, count: number, timeoutMs?: number): Promise<Execution[]>;
	/** An extra check on every execution a scenario sees (queue mode: it ran on exactly one worker). */
	checkExecutions?(executions: Execution[]): void;
	/** How many executions have started, counted outside n8n's API (queue mode: from the workers' logs). */
	executionsStarted?(): number;
}

/** Declares the shared tests, in this order; `setting()` is read when they run, after the file's beforeAll. */
export function sharedScenarios(setting: () => Setting) {
	test('auto-reply round trip: inbound SMS → trigger → Send SMS → delivery reports → delivery log twice', async () => {
		const { control, demo, executionsOf, checkExecutions } = setting();
		const inbound = await control('POST', '/emulator/inbound?wait=true', {
			from: '31611122233',
			content: 'Is my order on its way?',
		});
		const [reply] = await executionsOf(demo.workflows.autoReply.id, 1);
		expect(reply.status).toBe('success');
		const triggerItem = nodeOutput(reply, 'Incoming SMS')[0];
		expect(triggerItem).toEqual(itemOf(inbound.event as Record<string, unknown>)); // the event as the gateway sent it, and its senderKind
		expect(specViolations(triggerItem)).toEqual([]);

		const messages = await control('GET', '/emulator/messages');
		const sent = messages.find((message) => message.to === '31611122233')!;
		expect(sent).toMatchObject({
			sender: 'Shop',
			content: 'Thanks for your message "Is my order on its way?". We will get back to you shortly.',
		});
		expect(nodeOutput(reply, 'Reply by SMS')[0]).toMatchObject({
			messageid: sent.messageid,
			to: '31611122233',
			segments: 1,
			encoding: 'GSM-7',
		});

		const logs = await executionsOf(demo.workflows.deliveryLog.id, 2);
		expect(logs).toHaveLength(2);
		const codeOf = (execution: (typeof logs)[number]) =>
			(nodeOutput(execution, 'Delivery Report')[0].message as Record<string, unknown>).delivery_code as string;
		// Submitted (0) and delivered (1), in whatever order n8n took the two webhooks: a slow answer is delivered again later.
		logs.sort((a, b) => codeOf(a).localeCompare(codeOf(b)));
		const reports = logs.map((execution) => nodeOutput(execution, 'Delivery Report')[0]);
		expect(reports.map((report) => (report.message as Record<string, unknown>).delivery_code)).toEqual(['0', '1']);
		for (const report of reports) {
			expect(specViolations(report)).toEqual([]);
			expect(report.message).toMatchObject({
				messageid: sent.messageid,
				receiver: '31611122233',
				reference: (sent as { reference: string }).reference,
			});
		}
		expect(nodeOutput(logs[1], 'Log Entry (replace with a sheet or database)')[0]).toMatchObject({
			messageid: sent.messageid,
			to: '31611122233',
			deliveryCode: '1',
			status: 'delivered',
			cost: 1,
		});
		checkExecutions?.([reply, ...logs]);

		// A WhatsApp message starts the workflow too; its filter lets only SMS through, so nobody is answered by SMS.
		await control('POST', '/emulator/inbound?wait=true', {
			from: '31611122244',
			content: 'YES',
			type: 'whatsapp',
		});
		const [, whatsapp] = await executionsOf(demo.workflows.autoReply.id, 2);
		expect(nodeOutput(whatsapp, 'Incoming SMS')[0].message).toMatchObject({ type: 'whatsapp' });
		expect(whatsapp.data?.resultData.runData['Reply by SMS']).toBeUndefined();
		expect((await control('GET', '/emulator/messages')).filter((message) => message.to === '31611122244')).toEqual([]);
	});

	describe('a trigger on all events and one on a single type', () => {
		const allEvents = { id: '', url: '' };
		const onlyAddGroup = { id: '', url: '' };

		beforeAll(async () => {
			const { client, control, demo, webhookBaseUrl } = setting();
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
			allEvents.id = await client.importWorkflow(
				trigger(['*'], '0e6f3b2a-1111-4a5b-9c8d-000000000001'),
				demo.credentialId,
			);
			onlyAddGroup.id = await client.importWorkflow(
				trigger(['add_group'], '0e6f3b2a-2222-4a5b-9c8d-000000000002'),
				demo.credentialId,
			);
			allEvents.url = `${webhookBaseUrl}/webhook/0e6f3b2a-1111-4a5b-9c8d-000000000001/webhook`;
			onlyAddGroup.url = `${webhookBaseUrl}/webhook/0e6f3b2a-2222-4a5b-9c8d-000000000002/webhook`;
			await waitForWebhooks([allEvents.url, onlyAddGroup.url], { timeoutMs: 60_000 });
			// Only these two triggers: the demo's auto-reply would answer the inbox_message and add reports.
			await control('DELETE', '/emulator/webhooks');
			for (const url of [allEvents.url, onlyAddGroup.url])
				await control('POST', '/emulator/webhooks', { url, types: ['*'] });
		}, 120_000);

		test('one event of each of the 14 types comes out field for field; the single-type trigger starts once', async () => {
			const { control, executionsOf, checkExecutions } = setting();
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
				expect(output).toEqual(itemOf(event));
				expect(JSON.stringify(output)).toBe(JSON.stringify(itemOf(event))); // same field order too
				expect(specViolations(output!)).toEqual([]);
			}
			const ignored = await fetch(onlyAddGroup.url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: '{}',
			});
			expect(ignored.status).toBe(401); // signed requests only
			const single = await executionsOf(onlyAddGroup.id, 1);
			await sleep(1000);
			expect(await executionsOf(onlyAddGroup.id, 2, 0)).toHaveLength(1);
			expect(nodeOutput(single[0], 'Gateway Event')[0].webhook_type).toBe('add_group');
			checkExecutions?.([...all, ...single]);
		});

		test('tampered body, wrong secret, stale timestamp: 401 and no execution', async () => {
			const { emulator, control, executionsOf, checkExecutions, executionsStarted } = setting();
			const before = (await executionsOf(allEvents.id, 0, 0)).length;
			const body = JSON.stringify((await control('POST', '/emulator/events', { type: 'add_group' })).event);
			const counted = (await executionsOf(allEvents.id, before + 1)).length;
			await sleep(1000); // the single-type trigger's run too
			const startedBefore = executionsStarted?.();
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
			expect(checks).toEqual({
				tampered: 'no_matching_signature',
				'wrong secret': 'no_matching_signature',
				stale: 'timestamp_outside_tolerance',
			});
			await sleep(2000);
			expect((await executionsOf(allEvents.id, counted, 0)).length).toBe(counted);
			if (executionsStarted) expect(executionsStarted()).toBe(startedBefore); // nothing was started (queue mode: enqueued for a worker)
			const good = await fetch(allEvents.url, { method: 'POST', ...cases.tampered, body });
			expect(good.status).toBe(200); // the same headers verify the untouched body
			expect(await good.json()).toEqual({ received: 1, accepted: 1 }); // n8n answers with the trigger's response
			await sleep(1000);
			const after = await executionsOf(allEvents.id, counted + 1);
			expect(after.length).toBe(counted + 1);
			checkExecutions?.(after.slice(-1));
		});

		test('the GET form: query string signed, decoded into the POST shape', async () => {
			const { control, executionsOf, checkExecutions } = setting();
			const before = (await executionsOf(allEvents.id, 0, 0)).length;
			await control('DELETE', '/emulator/webhooks');
			await control('POST', '/emulator/webhooks', { url: allEvents.url, types: ['email2sms_received'], method: 'GET' });
			const { event, deliveries } = await control('POST', '/emulator/events?wait=true', { type: 'email2sms_received' });
			expect((deliveries as unknown as Array<{ state: string }>)[0].state).toBe('delivered');
			const executions = await executionsOf(allEvents.id, before + 1);
			const last = executions[executions.length - 1];
			const output = nodeOutput(last, 'Gateway Event')[0];
			expect(output).toEqual({ ...(event as object), method: 'GET' });
			expect(encodeQuery(output)).toBe(encodeQuery({ ...(event as object), method: 'GET' }));
			checkExecutions?.([last]);
		});
	});

	test('running out of funds starts the alert workflow', async () => {
		const { emulator, control, demo, executionsOf, checkExecutions } = setting();
		await control('DELETE', '/emulator/webhooks');
		await waitForWebhooks([demo.workflows.fundsAlert.webhookUrl!]);
		await control('POST', '/emulator/webhooks', {
			url: demo.workflows.fundsAlert.webhookUrl,
			types: ['insufficient_funds'],
		});
		await control('PUT', '/emulator/account', { balance: 0 });
		const refused = await emulatorClient(() => emulator).api('POST', '/v1/message/send', {
			message: 'Hi',
			to: '31612345678',
			sender: 'Shop',
		});
		expect(refused.body).toEqual({ error: '108', errorMsg: 'Not enough credits' });
		const [alert] = await executionsOf(demo.workflows.fundsAlert.id, 1);
		expect(alert.status).toBe('success');
		const sink = await control('GET', '/emulator/sink');
		expect(JSON.parse(sink[0].body as string)).toEqual({
			text: expect.stringMatching(/^SMS gateway account demo has run out of funds: /),
			balance: '0.000',
			at: expect.stringMatching(/ UTC$/),
		});
		checkExecutions?.([alert]);
	});
}
