/** Shared setup of action*.test.ts and send-safety*.test.ts: a fresh emulator for each test, its credentials, a Send SMS and numbers to send to. */
import { startEmulator, type Emulator } from '../../emulator/server';
import type { GatewayCredentials } from './run';
import { emulatorClient } from './emulator-client';

export let emulator: Emulator;
export let credentials: GatewayCredentials;

export const send = (fields: Record<string, unknown>) => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to: '+31 6 1234 5678',
	message: 'Hello',
	...fields,
});
export const { control, api } = emulatorClient(() => emulator);
export const numbers = (count: number) =>
	Array.from({ length: count }, (_, index) => ({ n: index, to: `3161${String(index).padStart(7, '0')}` }));

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 5 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
});
afterEach(() => emulator.close());
