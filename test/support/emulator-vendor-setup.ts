/** Shared setup of emulator-vendor*.test.ts: a fresh emulator for each test and calls to its API. */
import { startEmulator, type Emulator } from '../../emulator/server';
import { emulatorClient } from './emulator-client';

export let emulator: Emulator;

export const { api, control } = emulatorClient(() => emulator);

export const voice = (body: unknown) => api('POST', '/v1/voice/send', body);
export const format = (body: unknown) => api('POST', '/v1/format/number', body);
export const reportsOf = (messageid: string) =>
	emulator.events.filter(
		(entry) =>
			entry.event.webhook_type === 'delivery_report' &&
			(entry.event.message as { messageid: string }).messageid === messageid,
	);

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 10 } });
});
afterEach(() => emulator.close());
