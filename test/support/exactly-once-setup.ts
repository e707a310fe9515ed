/** Shared setup of exactly-once*.test.ts: one emulator for the file, cleared before each test; items, numbers and counts of what was sent. */
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
	message: 'Hello',
	...fields,
});
export const { control } = emulatorClient(() => emulator);
export const numbers = (count: number, first = 0) =>
	Array.from({ length: count }, (_, index) => `3161${String(first + index).padStart(7, '0')}`);
export const items = (count: number) => numbers(count).map((to, n) => ({ n, to }));
export const recipientsPerRequest = () =>
	emulator.requests
		.filter((request) => request.status === 200)
		.map((request) => [JSON.parse(request.body).to].flat().length);
export const sentCount = () => {
	const counts = new Map<string, number>();
	for (const message of emulator.messages) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
	return counts;
};
// n8n reads a wait of 0 as its default 1,000 ms: 1 ms keeps a thousand cases fast.
export const retry = { maxTries: 5, waitBetweenTries: 1 };
export const NOW_MESSAGE = '={{ "Order " + $json.n + " at " + $now.toMillis() }}';
export const TOMORROW = "={{ $now.plus(1, 'day').toISO() }}";

beforeAll(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 60_000 }, account: { balance: 1e9 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
});
beforeEach(async () => {
	for (const path of ['/emulator/messages', '/emulator/requests', '/emulator/faults']) await control('DELETE', path);
});
afterAll(() => emulator.close());
