/**
 * One n8n for the end-to-end files that need only "an n8n with the package and an emulator of their own": the first
 * such file of a run starts it, the next ones use its owner's session, each with its own emulator (its own settings, account and
 * credential) and its own workflows, which it deactivates when done. A file that restarts n8n, changes its
 * environment, reads its whole log or kills it starts its own (n8n-with-emulator.ts).
 *
 * The run's global set-up names a folder in E2E_SHARED_N8N_DIR (test/e2e/global-setup.ts); the server is recorded
 * there (its PID, URL, log) and stopped by the global teardown (test/e2e/global-teardown.ts). Without that folder (a
 * program outside the suite), each call starts an n8n of its own, as startN8nWithEmulator does.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startEmulator, type EmulatorOptions } from '../emulator/server';
import { N8nClient } from './n8n-client';
import { ensureN8n } from './n8n-install';
import { startN8n, type N8nServer } from './n8n-process';
import { startN8nWithEmulator, withLogOf, type EmulatorOnN8n } from './n8n-with-emulator';
import { waitFor } from './waits';

interface SharedRecord {
	pid: number;
	version: string;
	url: string;
	port: number;
	userFolder: string;
	logFile: string;
	/** The owner's session and API key, made once: n8n limits sign-ins to a few a minute. */
	cookie: string;
	apiKey: string;
}

const recordFile = (dir: string) => join(dir, 'n8n.json');

export const alive = (pid: number) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
};

/** The run's shared n8n of `version` when it is still running. */
function runningShared(dir: string, version: string): SharedRecord | undefined {
	if (!existsSync(recordFile(dir))) return undefined;
	const record = JSON.parse(readFileSync(recordFile(dir), 'utf8')) as SharedRecord;
	return record.version === version && alive(record.pid) ? record : undefined;
}

/** What a later test file needs of a running n8n process: its PID (to stop it), its address and its log. */
export const recordOf = (server: N8nServer) => ({ pid: server.process.pid!, url: server.url, logFile: server.logFile });

async function startShared(dir: string): Promise<SharedRecord> {
	const install = ensureN8n();
	const server: N8nServer = await startN8n(install, { userFolder: join(dir, `user-${install.version}`) });
	const { cookie, apiKey } = await withLogOf(server, N8nClient.setUp(server.url));
	const record: SharedRecord = {
		cookie,
		apiKey,
		version: install.version,
		...recordOf(server),
		port: server.port,
		userFolder: server.userFolder,
	};
	writeFileSync(recordFile(dir), JSON.stringify(record));
	return record;
}

/** Deactivates every active workflow: a file's webhooks and polls end with it, and the next file's paths are free. */
export async function deactivateAll(client: N8nClient): Promise<void> {
	const { data } = await client.api<{ data: Array<{ id: string }> }>('GET', '/workflows?active=true&limit=250');
	for (const { id } of data) await client.api('POST', `/workflows/${id}/deactivate`);
}

/** SIGTERM to each process still running, up to 10 s for their shutdown, then SIGKILL. */
export async function stopProcesses(pids: number[], what: string): Promise<void> {
	for (const pid of pids.filter(alive)) process.kill(pid, 'SIGTERM');
	const stopped = () => !pids.some(alive);
	await waitFor(stopped, { what, timeoutMs: 10_000, intervalMs: 100, counted: false, onTimeout: stopped });
	for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
}

/** Stops the run's shared n8n and removes its folder. */
export async function stopSharedN8n(dir: string): Promise<void> {
	if (existsSync(recordFile(dir))) {
		const { pid } = JSON.parse(readFileSync(recordFile(dir), 'utf8')) as SharedRecord;
		await stopProcesses([pid], 'the shared n8n stopped');
	}
	rmSync(dir, { recursive: true, force: true });
}

/** An emulator of the file's own on the run's shared n8n, an owner signed in; `stop` deactivates the file's workflows. */
export async function sharedN8nWithEmulator(emulatorOptions: EmulatorOptions = {}): Promise<EmulatorOnN8n> {
	const dir = process.env.E2E_SHARED_N8N_DIR;
	if (dir === undefined) return await startN8nWithEmulator(emulatorOptions);
	const shared = runningShared(dir, ensureN8n().version) ?? (await startShared(dir));
	// Ctrl-C or SIGTERM during this file stops the shared n8n too (tools/jest-signal-environment.ts).
	process.once('exit', () => {
		if (alive(shared.pid)) process.kill(shared.pid, 'SIGKILL');
	});
	const n8n = { url: shared.url, port: shared.port, userFolder: shared.userFolder, logFile: shared.logFile };
	const client = new N8nClient(shared.url, shared.cookie, shared.apiKey);
	const emulator = await startEmulator(emulatorOptions);
	return {
		emulator,
		n8n,
		client,
		async stop() {
			try {
				await deactivateAll(client);
			} finally {
				await emulator.close();
			}
		},
	};
}
