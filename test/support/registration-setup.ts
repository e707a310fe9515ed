/**
 * Shared setup of the trigger-self-registration*.test.ts files: a fresh emulator for each test, and workflows of one
 * Messaging Gateway Trigger with Register Webhook Automatically on, each served by a real HTTP server (its own URL)
 * and activated and deactivated through n8n-core's HookContext (hooks.ts), with its own static data.
 */
import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../../emulator/server';
import { emulatorClient } from './emulator-client';
import { activate, deactivate, type HookSettings } from './hooks';
import { emulatorCredentials, type GatewayCredentials } from './n8n-core';
import { startTriggerServer } from './webhook-server';

export let emulator: Emulator;
export const { control, api } = emulatorClient(() => emulator);

export interface Registration {
	id: string;
	url: string;
	method: string;
	types: string[];
	secret?: string;
}
export const registrations = () => control<Registration[]>('GET', '/emulator/webhooks');

type Server = Awaited<ReturnType<typeof startTriggerServer>>;
const servers: Server[] = [];

/** A workflow whose trigger listens for `events`; without a signing secret in its credential unless `credentials` has one. */
export async function workflow(
	events: string[],
	options: IDataObject = {},
	credentials: Partial<GatewayCredentials> = {},
) {
	const staticData: IDataObject = {};
	const parameters = { events, options: { autoRegister: true, ...options } };
	const creds = { ...emulatorCredentials(emulator), ...credentials };
	const server = await startTriggerServer(parameters, creds, { staticData });
	servers.push(server);
	const hooks = (test = false): HookSettings => ({ n8nBaseUrl: new URL(server.url).origin, staticData, test });
	return {
		server,
		staticData,
		/** The registration the node keeps: its static data as n8n saves it. */
		kept: () => (staticData['node:Messaging Gateway Trigger'] as IDataObject | undefined)?.webhookRegistration,
		activate: async (test = false) => await activate(parameters, creds, hooks(test)),
		deactivate: async (test = false) => await deactivate(parameters, creds, hooks(test)),
		parameters,
		creds,
		hooks,
	};
}

/** Fires an event of `type`: where the emulator delivered it and what each URL answered. */
export async function fire(type: string): Promise<Array<{ url: string; status?: number }>> {
	const { deliveries } = await control<{ deliveries: Array<{ url: string; attempts: Array<{ status?: number }> }> }>(
		'POST',
		'/emulator/events?wait=true',
		{ type },
	);
	return deliveries.map((delivery) => ({ url: delivery.url, status: delivery.attempts[0]?.status }));
}

beforeEach(async () => {
	emulator = await startEmulator({ settings: { maxAttempts: 1, deliveryDelayMs: 10 } });
});
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.close()));
	await emulator.close();
});
