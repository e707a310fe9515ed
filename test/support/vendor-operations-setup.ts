/** Shared setup of vendor-operations.test.ts and vendor-sender.test.ts: a fresh emulator for each test, its credentials, and the requests it received. */
import { startEmulator, type Emulator } from '../../emulator/server';
import { type GatewayCredentials } from './run';
import { emulatorClient } from './emulator-client';

export let emulator: Emulator;
export let credentials: GatewayCredentials;

export const { control } = emulatorClient(() => emulator);
export const requestLine = () =>
	emulator.requests.map((request) => ({
		method: request.method,
		path: request.path,
		id: request.headers['x-client-id'],
		secret: request.headers['x-client-secret'],
		body: request.body === '' ? undefined : JSON.parse(request.body),
	}));
export const withAuth = (entry: { method: string; path: string; body?: unknown }) => ({
	id: 'emulator-key',
	secret: 'emulator-secret',
	body: undefined,
	...entry,
});
export const wrongSecret = () => ({ ...credentials, apiSecret: 'wrong' });
export const CREDENTIALS_ERROR = { error: 'Invalid credentials (gateway code 104)', code: '104', httpCode: 401 };

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 5 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
	await control('PUT', '/emulator/senderids', { senderids: ['Shop', 'Alerts', '3197010000001'] });
});
afterEach(() => emulator.close());

export const SENDER_IDS_ANSWER = {
	senderids: [
		{ senderid: 'Shop', status: 'approved' },
		{ senderid: 'Alerts', status: 'approved' },
		{ senderid: '3197010000001', status: 'approved' },
	],
};
