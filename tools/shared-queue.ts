/**
 * One n8n in queue mode (main, a webhook processor, two workers; SHARED_QUEUE_ENV below) for the end-to-end
 * files that need only "a queue-mode n8n with the package and an emulator of their own" (lawful-queue,
 * sms-assistant-queue, send-and-wait-queue, send-and-wait-load-queue, inbox-trigger-side-by-side, self-registration-queue):
 * the first such file of a run starts it, the next ones use it, each with its own emulator, credential and workflows,
 * which it deactivates when done. A file that stops workers or needs n8n's default settings starts its own stack
 * (queue-stack.ts).
 *
 * Recorded in the run's E2E_SHARED_N8N_DIR beside the shared single n8n (tools/shared-n8n.ts) and stopped by
 * the global teardown (test/e2e/global-teardown.ts). Without that folder, each call starts a stack of its own.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { N8nClient } from './n8n-client';
import { ensureN8n } from './n8n-install';
import { tailOf } from './n8n-process';
import { ensureQueueServices, stopPostgres } from './queue-services';
import { startQueueStack, workersThatRan, type ProcessName, type QueueStack } from './queue-stack';
import { alive, deactivateAll, recordOf, stopProcesses } from './shared-n8n';

/**
 * n8n's debug log (what send-and-wait-queue and send-and-wait-load-queue search), and the expression isolates n8n
 * creates only when an expression is evaluated, as docs/send-and-wait.md advises for an n8n that handles many
 * replies: on n8n 2.x's default each webhook request costs n8n an isolate, too slow for Send and Wait's load on a
 * 2-core machine. queue-mode.test.ts runs queue mode on n8n's defaults.
 */
export const SHARED_QUEUE_ENV = { N8N_LOG_LEVEL: 'debug', N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' };

interface SharedQueueRecord {
	version: string;
	dir: string;
	redisPid: number;
	postgresDataDir: string;
	processes: Array<{ name: ProcessName; pid: number; url: string; logFile: string }>;
	cookie: string;
	apiKey: string;
}

/** What a file sees of the shared stack: its processes' addresses and logs. */
export interface QueueView {
	main: { url: string };
	webhook: { url: string };
	processes(): Array<{ name: ProcessName; server: { url: string; logFile: string } }>;
	/** Names of the workers whose log says they ran this execution. */
	workersThatRan(executionId: string): string[];
}

const recordFile = (dir: string) => join(dir, 'queue.json');

function runningShared(dir: string, version: string): SharedQueueRecord | undefined {
	if (!existsSync(recordFile(dir))) return undefined;
	const record = JSON.parse(readFileSync(recordFile(dir), 'utf8')) as SharedQueueRecord;
	return record.version === version && record.processes.every(({ pid }) => alive(pid)) ? record : undefined;
}

/** The last lines of every process's log, for failure messages. */
export const tailsOf = (stack: Pick<QueueView, 'processes'>) =>
	stack
		.processes()
		.map(({ name, server }) => `${name}:\n${tailOf(server.logFile, 15)}`)
		.join('\n');

/** The owner set up on a new stack's main; on a failure, the stack stopped and every process's last lines shown. */
async function ownerOf(stack: QueueStack): Promise<N8nClient> {
	try {
		return await N8nClient.setUp(stack.main.url);
	} catch (error) {
		const tails = tailsOf(stack);
		await stack.stop();
		throw new Error(`${(error as Error).message}\n${tails}`);
	}
}

async function startShared(dir: string): Promise<SharedQueueRecord> {
	const install = ensureN8n();
	const stack = await startQueueStack(install, { workers: 2, env: SHARED_QUEUE_ENV });
	const client = await ownerOf(stack);
	const record: SharedQueueRecord = {
		version: install.version,
		dir: stack.dir,
		redisPid: stack.redis.process.pid!,
		postgresDataDir: stack.postgres.dataDir,
		processes: stack.processes().map(({ name, server }) => ({ name, ...recordOf(server) })),
		cookie: client.cookie,
		apiKey: client.apiKey,
	};
	writeFileSync(recordFile(dir), JSON.stringify(record));
	return record;
}

/** The run's shared queue-mode n8n, started by its first user; `stop` deactivates the file's workflows. */
export async function sharedQueueStack(): Promise<{ stack: QueueView; client: N8nClient; stop(): Promise<void> }> {
	const dir = process.env.E2E_SHARED_N8N_DIR;
	if (dir === undefined) {
		const stack = await startQueueStack(ensureN8n(), { workers: 2, env: SHARED_QUEUE_ENV });
		return { stack, client: await ownerOf(stack), stop: () => stack.stop() };
	}
	const record = runningShared(dir, ensureN8n().version) ?? (await startShared(dir));
	// Ctrl-C or SIGTERM during this file stops the shared stack too (tools/jest-signal-environment.ts).
	process.once('exit', () => stopNow(record));
	const processes = () => record.processes.map(({ name, url, logFile }) => ({ name, server: { url, logFile } }));
	const named = (name: ProcessName) => processes().find((process) => process.name === name)!.server;
	const client = new N8nClient(named('main').url, record.cookie, record.apiKey);
	const stack: QueueView = {
		main: named('main'),
		webhook: named('webhook'),
		processes,
		workersThatRan: (executionId) => workersThatRan(processes(), executionId),
	};
	return { stack, client, stop: () => deactivateAll(client) };
}

/** Stops the shared stack at once (an exit handler cannot wait): its processes killed, Postgres stopped, its folder removed. */
function stopNow(record: SharedQueueRecord): void {
	for (const pid of [...record.processes.map(({ pid }) => pid), record.redisPid].filter(alive))
		process.kill(pid, 'SIGKILL');
	if (existsSync(record.postgresDataDir)) stopPostgres(ensureQueueServices(), record.postgresDataDir);
	rmSync(record.dir, { recursive: true, force: true });
}

/** Stops the run's shared queue-mode n8n, Redis and Postgres, and removes the stack's folder. */
export async function stopSharedQueue(dir: string): Promise<void> {
	if (!existsSync(recordFile(dir))) return;
	const record = JSON.parse(readFileSync(recordFile(dir), 'utf8')) as SharedQueueRecord;
	await stopProcesses(
		record.processes.map(({ pid }) => pid),
		'the shared queue-mode n8n stopped',
	);
	await stopProcesses([record.redisPid], 'the shared Redis stopped');
	stopPostgres(ensureQueueServices(), record.postgresDataDir);
	rmSync(record.dir, { recursive: true, force: true });
}
