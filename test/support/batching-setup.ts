/** Shared setup of batching*.test.ts: a fresh emulator for each test, its credentials, items and what the emulator received. */
import { startEmulator, type Emulator } from '../../emulator/server';
import { type GatewayCredentials } from './run';
import { emulatorClient } from './emulator-client';

export let emulator: Emulator;
export let credentials: GatewayCredentials;

export const send = (fields: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to: '={{ $json.to }}',
	message: 'Sale today',
	...fields,
});
export const { control, api } = emulatorClient(() => emulator);
export const stats = () =>
	control<{ connections: number; apiConnections: number; apiRequests: number }>('GET', '/emulator/stats');
/** Distinct Dutch mobile numbers, as the items' `to`. */
export const numbers = (count: number, extra: (index: number) => Record<string, unknown> = () => ({})) =>
	Array.from({ length: count }, (_, index) => ({ to: `3161${String(index).padStart(7, '0')}`, ...extra(index) }));
export const sentTo = () => emulator.messages.map((message) => message.to);
export const bodies = () =>
	emulator.requests.map((request) => JSON.parse(request.body) as { to: string | string[]; message: string });

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 5 }, account: { balance: 100000 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
});
afterEach(() => emulator.close());
