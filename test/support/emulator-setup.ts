/** Shared setup of emulator-send.test.ts and emulator-webhooks.test.ts: a fresh emulator and webhook receiver for each test. */
import { startEmulator, type Emulator } from '../../emulator/server';
import { startReceiver, type Receiver } from './receiver';
import { emulatorClient } from './emulator-client';

export let emulator: Emulator;
export let receiver: Receiver;

const { call } = emulatorClient(() => emulator);
/** Status, headers and body. */
export interface Answer {
	status: number;
	headers: Response['headers'];
	body: Record<string, unknown>;
}
export async function api(...args: Parameters<typeof call>): Promise<Answer> {
	const { response, body } = await call(...args);
	return { status: response.status, headers: response.headers, body };
}

export const send = (body: unknown): Promise<Answer> => api('POST', '/v1/message/send', body);
export const subscribe = (types: string[] = ['*'], method = 'POST'): Promise<Answer> =>
	api('POST', '/emulator/webhooks', { url: receiver.url, types, method }, {});
export const eventsOf = (requests: Array<{ raw: Buffer }>) =>
	requests.map((request) => JSON.parse(request.raw.toString('utf8')));

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 20, retryBaseMs: 10, webhookTimeoutMs: 1000 } });
	receiver = await startReceiver();
});
afterEach(async () => {
	await emulator.close();
	await receiver.close();
});
