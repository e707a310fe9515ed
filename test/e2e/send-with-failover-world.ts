/**
 * The setting of the Send with Failover scenarios (send-with-failover-scenarios.ts): the credential, the account's
 * Messaging Gateway Trigger (which hands the steps their reports), a template, and the helpers that start an alert
 * for one number, read what the emulator was asked to send to it and the alert's output.
 */
import type { Emulator } from '../../emulator/server';
import { nodeOutput, type Execution, type N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { waitFor, waitForWebhooks } from '../../tools/waits';
import { emulatorControl, type EmulatorControl } from '../support/emulator-client';
import { postWhenLive, webhookThrough } from './send-and-wait-workflows';

export interface FailoverSetting {
	emulator: Emulator;
	client: N8nClient;
	/** Where production webhooks are served: the n8n itself, or in queue mode the webhook processor. */
	webhookBaseUrl: string;
	logTail(): string;
}

export const SENDER = '3197010000002';
export const TEMPLATE = 'critical_alert';
/** The gateway's calls each channel's step makes. */
export const WHATSAPP = '/v1/whatsapp/send_template';
export const SMS = '/v1/message/send';
export const VOICE = '/v1/voice/send';

/** What the emulator was asked to send: its request log's entries for one number. */
export interface SentRequest {
	path: string;
	body: Record<string, unknown>;
}

type Step = Record<string, unknown>;

/** Steps as the panel sets them: a WhatsApp template, an SMS, a voice message. */
export const whatsappStep = (goOnWhen: string, withinMinutes = 1): Step => ({
	channel: 'whatsappTemplate',
	sender: SENDER,
	templateName: TEMPLATE,
	variables: { values: [{ value: 'db-1' }] },
	goOnWhen,
	withinMinutes,
});
export const smsStep = (goOnWhen = 'notDelivered', withinMinutes = 1): Step => ({
	channel: 'sms',
	sender: SENDER,
	message: 'db-1 is down. Reply or call the on-call line.',
	goOnWhen,
	withinMinutes,
});
export const voiceStep = (withinMinutes = 1): Step => ({
	channel: 'voice',
	message: 'Server d b 1 is down.',
	goOnWhen: 'notDelivered',
	withinMinutes,
});

export function failoverWorld(setting: () => FailoverSetting) {
	const TRIGGER_WEBHOOK_ID = '5f0e9a3c-7b1d-4c2e-8f6a-1d2c3b4a5e6f';
	let client: N8nClient;
	let control: EmulatorControl;
	let credentialId: string;
	let webhookBaseUrl: string;
	let logTail: () => string;
	let seed = 0;

	const credentials = () => ({
		messagingGatewayApi: { id: credentialId, name: 'Messaging Gateway account (failover)' },
	});

	/** A number of its own per alert (the seed before `suffix`, a magic outcome such as 9140: no WhatsApp). */
	const newNumber = (suffix = '') => `3164${String(++seed).padStart(7 - suffix.length, '0')}${suffix}`;

	/** How the numbers' messages fare per channel (docs/emulator.md#recipients). */
	async function recipient(numbers: string | string[], fares: Record<string, unknown>) {
		const listed = (await control('GET', '/emulator/recipients')) as unknown as { recipients: unknown[] };
		const added = [numbers].flat().map((number) => ({ number, ...fares }));
		await control('PUT', '/emulator/recipients', { recipients: [...listed.recipients, ...added] });
	}

	/**
	 * Webhook → Alert (Send with Failover of these steps, to the posted number) → Done, active; `post(to)` starts it.
	 * `settings`: the node's settings (Retry On Fail, On Error); `options`: its Options; `done`: Done as a Messaging
	 * Gateway node of these parameters (else it does nothing).
	 */
	async function alertWorkflow(steps: Step[], settings: Record<string, unknown> = {}, options = {}, done?: object) {
		const path = `alert-${++seed}`;
		const { nodes, connections } = webhookThrough(path, {
			name: 'Alert',
			type: `${PACKAGE_NAME}.messagingGateway`,
			typeVersion: 5,
			parameters: {
				resource: 'message',
				operation: 'sendWithFailover',
				to: '={{ $json.body.to }}',
				steps: { values: steps },
				options,
			},
			credentials: credentials(),
			...settings,
		});
		const doneNode = { type: `${PACKAGE_NAME}.messagingGateway`, typeVersion: 5, credentials: credentials() };
		const withDone = nodes.map((node) =>
			done && node.name === 'Done' ? { ...node, ...doneNode, parameters: done } : node,
		);
		const workflowId = await client.createActiveWorkflow(`Alert ${path}`, withDone, connections);
		const post = async (to: string) =>
			expect((await postWhenLive(`${webhookBaseUrl}/webhook/${path}`, { to })).status).toBe(200);
		return { workflowId, post };
	}

	/** An alert of its own for `to`, started. */
	async function alert(to: string, steps: Step[], settings: Record<string, unknown> = {}, options = {}) {
		const { workflowId, post } = await alertWorkflow(steps, settings, options);
		await post(to);
		return { workflowId, to };
	}

	/** The requests the emulator was asked to send to `to`, in order. */
	async function sentTo(to: string): Promise<SentRequest[]> {
		const requests = (await control('GET', '/emulator/requests')) as unknown as Array<{ path: string; body: string }>;
		return requests
			.filter((request) => request.path.startsWith('/v1/') && request.body !== '')
			.map((request) => ({ path: request.path, body: JSON.parse(request.body) as Record<string, unknown> }))
			.filter((request) => String(request.body.to ?? '').replace(/\D/g, '') === to);
	}

	/** The parent execution once finished: its Alert output (the Done node ran after it). */
	async function outputOf(started: { workflowId: string }, timeoutMs = 240_000): Promise<Record<string, unknown>> {
		const finished = await waitFor(
			async () =>
				(await client.executions(started.workflowId)).find(
					(execution: Execution) => execution.data?.resultData.runData.Done !== undefined,
				),
			{
				what: 'the alert to finish',
				timeoutMs,
				onTimeout: () => {
					throw new Error(`the alert did not finish\n${logTail()}`);
				},
			},
		);
		expect(finished.status).toBe('success');
		const output = nodeOutput(finished, 'Alert');
		expect(output).toHaveLength(1);
		return output[0];
	}

	beforeAll(async () => {
		const given = setting();
		({ client, webhookBaseUrl, logTail } = given);
		control = emulatorControl(given.emulator);
		const { account } = given.emulator;
		credentialId = await client.createCredential('Messaging Gateway account (failover)', {
			baseUrl: given.emulator.url,
			apiKey: account.apiKey,
			apiSecret: account.apiSecret,
			signingSecret: account.signingSecret,
			// The gateway reads a held step's date in the account's zone (Quiet Hours).
			accountTimeZone: account.timezone,
		});
		await control('PUT', '/emulator/whatsapp/templates', { templates: [{ name: TEMPLATE, variables: 1 }] });
		const trigger = {
			name: 'Reports',
			type: `${PACKAGE_NAME}.messagingGatewayTrigger`,
			typeVersion: 2,
			webhookId: TRIGGER_WEBHOOK_ID,
			position: [0, 0],
			parameters: { events: ['delivery_report', 'read_report'], options: {} },
			credentials: credentials(),
		};
		await client.createActiveWorkflow('Reports (failover)', [trigger], {});
		const triggerUrl = `${webhookBaseUrl}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
		await control('POST', '/emulator/webhooks', { url: triggerUrl, types: ['*'], method: 'POST' });
		await waitForWebhooks([triggerUrl]);
	}, 120_000);

	return {
		get client() {
			return client;
		},
		control: (...args: Parameters<EmulatorControl>) => control(...args),
		newNumber,
		recipient,
		alertWorkflow,
		alert,
		/** An execution by id, waiting or not (n8n 1.x's list leaves out waiting ones). */
		executionById: async (id: string) =>
			await client.api<Execution & { waitTill?: string | null }>('GET', `/executions/${id}?includeData=true`),
		sentTo,
		outputOf,
	};
}
