/**
 * An emulator for the tests of one file: started before them and closed after them, with its
 * account's credentials for the nodes. By default delivery reports wait a minute (a test sees its
 * messages as sent) and the balance never runs out.
 */
import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/server';
import { emulatorCredentials, type GatewayCredentials } from './n8n-core';

export interface EmulatorForTests {
	readonly emulator: Emulator;
	readonly credentials: GatewayCredentials;
}

export function useEmulator(
	options: EmulatorOptions = { settings: { deliveryDelayMs: 60_000 }, account: { balance: 1e9 } },
): EmulatorForTests {
	let started: Emulator | undefined;
	beforeAll(async () => {
		started = await startEmulator(options);
	});
	afterAll(() => started?.close());
	const emulator = (): Emulator => {
		if (!started) throw new Error('the emulator starts in beforeAll');
		return started;
	};
	return {
		get emulator() {
			return emulator();
		},
		get credentials() {
			return emulatorCredentials(emulator());
		},
	};
}
