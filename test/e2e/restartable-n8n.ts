/** A real n8n that can be restarted on its own database and port (inbox-trigger.test.ts, self-registration-restart.test.ts). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8nClient } from '../../tools/n8n-client';
import { ensureN8n } from '../../tools/n8n-install';
import { startN8n, type N8nServer } from '../../tools/n8n-process';
import { withLogOf } from '../../tools/n8n-with-emulator';

/** n8n in a user folder of its own, which outlives a restart (stop, then start again on the same database). */
export interface RestartableN8n {
	readonly n8n: N8nServer;
	readonly client: N8nClient;
	restart(): Promise<void>;
	stop(): Promise<void>;
}

export async function startRestartableN8n(env: Record<string, string> = {}): Promise<RestartableN8n> {
	const install = ensureN8n();
	const userFolder = mkdtempSync(join(tmpdir(), 'n8n-inbox-'));
	let n8n: N8nServer | undefined;
	let client: N8nClient;
	try {
		n8n = await startN8n(install, { userFolder, env });
		client = await withLogOf(n8n, N8nClient.setUp(n8n.url));
	} catch (error) {
		await n8n?.stop();
		rmSync(userFolder, { recursive: true, force: true });
		throw error;
	}
	let current = n8n;
	return {
		get n8n() {
			return current;
		},
		get client() {
			return client;
		},
		async restart() {
			await current.stop();
			// On the same port, as a real n8n restarts: its webhook URLs stay what they were.
			current = await startN8n(install, { userFolder, env, installPackage: false, port: current.port });
			// The owner, the API key and the workflows are in the database, which the restart kept.
			client = new N8nClient(current.url, client.cookie, client.apiKey);
		},
		async stop() {
			await current.stop();
			rmSync(userFolder, { recursive: true, force: true });
		},
	};
}
