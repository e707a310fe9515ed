/**
 * What the end-to-end files of Register Webhook Automatically share (self-registration*.test.ts): workflows of one
 * self-registering Messaging Gateway Trigger made through n8n's API, activated and deactivated there, the emulator's
 * registrations read until they are the ones expected, and events fired until n8n answered them.
 */
import type { N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { waitFor } from '../../tools/waits';
import type { EmulatorControl } from '../support/emulator-client';

export interface Registration {
	id: string;
	url: string;
	types: string[];
}

export interface SelfRegistrationSetting {
	client: N8nClient;
	control: EmulatorControl;
	/** Where n8n's production webhooks are served: n8n's own URL, or the webhook processor's in queue mode. */
	webhookBaseUrl: string;
	/** A credential of the emulator's account without a signing secret. */
	credentialId: string;
}

export function selfRegistration(setting: () => SelfRegistrationSetting) {
	const registrations = () => setting().control<Registration[]>('GET', '/emulator/webhooks');
	/**
	 * The registrations once their URLs are `urls`: n8n 2.x activates and deactivates a workflow's triggers after its
	 * API has answered (its publication service), retrying a failed activation a few times.
	 */
	async function registrationsOf(urls: string[]): Promise<Registration[]> {
		let last: Registration[] = [];
		return await waitFor(
			async () => {
				last = await registrations();
				return JSON.stringify(last.map((entry) => entry.url)) === JSON.stringify(urls) ? last : undefined;
			},
			{ what: `registrations ${urls.join(', ')}`, timeoutMs: 30_000, intervalMs: 250, onTimeout: () => last },
		);
	}

	/** A workflow of one self-registering trigger for `events`, created (not yet active), and its production URL. */
	async function createWorkflow(name: string, events: string[]): Promise<{ id: string; url: string }> {
		const { client, credentialId, webhookBaseUrl } = setting();
		const webhookId = `self-registration-${name}-${Date.now()}`;
		const created = await client.api<{ id: string }>('POST', '/workflows', {
			name: `Self-registration ${name}`,
			nodes: [
				{
					name: 'Messaging Gateway Trigger',
					type: `${PACKAGE_NAME}.messagingGatewayTrigger`,
					typeVersion: 3,
					webhookId,
					position: [0, 0],
					parameters: { events, options: { autoRegister: true } },
					credentials: { messagingGatewayApi: { id: credentialId, name: 'Self-registering account' } },
				},
			],
			connections: {},
			settings: {},
		});
		return { id: created.id, url: `${webhookBaseUrl}/webhook/${webhookId}/webhook` };
	}
	const activate = (id: string) => setting().client.api('POST', `/workflows/${id}/activate`);
	const deactivate = (id: string) => setting().client.api('POST', `/workflows/${id}/deactivate`);

	/**
	 * Fires events of `type` until n8n answered 200 at `url` (the first webhook right after activation may get 404 for
	 * a moment), and answers the URLs the last one was delivered to.
	 */
	async function fire(type: string, url: string): Promise<string[]> {
		return await waitFor(
			async () => {
				const { deliveries } = await setting().control<{
					deliveries: Array<{ url: string; attempts: Array<{ status?: number }> }>;
				}>('POST', '/emulator/events?wait=true', { type });
				const ok = deliveries.some((delivery) => delivery.url === url && delivery.attempts[0]?.status === 200);
				return ok ? deliveries.map((delivery) => delivery.url) : undefined;
			},
			{ what: `${type} answered 200 at ${url}`, timeoutMs: 20_000, intervalMs: 500 },
		);
	}

	return { registrations, registrationsOf, createWorkflow, activate, deactivate, fire };
}

/** A credential of the emulator's account for `client`'s n8n, without a signing secret (a self-registered trigger verifies with its registration's). */
export const selfRegisteringCredential = (
	client: N8nClient,
	emulator: { url: string; account: { apiKey: string; apiSecret: string } },
) =>
	client.createCredential('Self-registering account', {
		baseUrl: emulator.url,
		apiKey: emulator.account.apiKey,
		apiSecret: emulator.account.apiSecret,
	});
