/**
 * The end-to-end tests' usual set-up: a gateway emulator and a real n8n (the package installed the
 * community-package way) with an owner signed in. A failure names n8n's last log lines.
 */
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/server';
import { N8nClient } from './n8n-client';
import { ensureN8n } from './n8n-install';
import { startN8n, tailOf, type N8nServer, type StartN8nOptions } from './n8n-process';

/** An emulator and an n8n to use, not to restart (shared-n8n.ts gives one the run's other files use too). */
export interface EmulatorOnN8n {
	emulator: Emulator;
	n8n: Pick<N8nServer, 'url' | 'port' | 'userFolder' | 'logFile'>;
	client: N8nClient;
	stop(): Promise<void>;
}

/** An emulator and an n8n of the caller's own. */
export interface N8nWithEmulator extends EmulatorOnN8n {
	n8n: N8nServer;
}

/** `work`'s result; its failure carries the tail of n8n's log. */
export async function withLogOf<T>(n8n: Pick<N8nServer, 'logFile'>, work: Promise<T>): Promise<T> {
	try {
		return await work;
	} catch (error) {
		throw new Error(`${(error as Error).message}\n${tailOf(n8n.logFile)}`);
	}
}

/** `n8nOptions`: how n8n starts, e.g. `{ env: { N8N_LOG_LEVEL: 'debug' } }`. */
export async function startN8nWithEmulator(
	emulatorOptions: EmulatorOptions = {},
	n8nOptions: StartN8nOptions = {},
): Promise<N8nWithEmulator> {
	const install = ensureN8n();
	const emulator = await startEmulator(emulatorOptions);
	let n8n: N8nServer | undefined;
	try {
		n8n = await startN8n(install, n8nOptions);
		const client = await withLogOf(n8n, N8nClient.setUp(n8n.url));
		const started = n8n;
		return {
			emulator,
			n8n,
			client,
			async stop() {
				await started.stop();
				await emulator.close();
			},
		};
	} catch (error) {
		await n8n?.stop();
		await emulator.close();
		throw error;
	}
}

/** A gateway credential in n8n for the emulator's account (no signing secret); its id. */
export const emulatorCredential = ({ emulator, n8n, client }: EmulatorOnN8n, name = 'Messaging Gateway account') =>
	withLogOf(
		n8n,
		client.createCredential(name, {
			baseUrl: emulator.url,
			apiKey: emulator.account.apiKey,
			apiSecret: emulator.account.apiSecret,
		}),
	);
