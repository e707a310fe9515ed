/**
 * n8n in queue mode on this machine: Redis, Postgres, a main instance, a webhook processor and workers,
 * each n8n process with the package installed the community-package way in its own user folder.
 * Used by `npm run dev:queue`, the queue-mode end-to-end tests and `bench/queue.ts`; the services are
 * in `queue-services.ts`, the check that every process has the package in `queue-preflight.ts`.
 *
 * Everything lives in one temp folder; `stop()` (also run on exit, after stopQueueStacksOnExit()) stops the n8n processes by PID,
 * Postgres with `pg_ctl stop`, Redis by its PID, and removes that folder and nothing else.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { N8nInstall } from './n8n-install';
import { freePort, startN8n, type N8nCommand, type N8nServer } from './n8n-process';
import { DB, ensureQueueServices, startPostgres, startRedis, type Postgres, type Redis } from './queue-services';

const log = (message: string) => process.stderr.write(`[queue] ${message}\n`);

export type ProcessName = 'main' | 'webhook' | `worker-${number}`;

export interface QueueStackOptions {
	/** Number of workers (default 2). */
	workers?: number;
	/** Extra env for every n8n process, e.g. `N8N_EXPRESSION_ENGINE`. */
	env?: Record<string, string>;
}

export interface QueueStack {
	dir: string;
	install: N8nInstall;
	redis: Redis;
	postgres: Postgres;
	main: N8nServer;
	/** The webhook processor (`n8n webhook`): the gateway's webhook URLs point here. */
	webhook: N8nServer;
	workers: N8nServer[];
	/** Every n8n process by name: main, webhook, worker-1 … */
	processes(): Array<{ name: ProcessName; server: N8nServer }>;
	/** Starts one more worker (or restarts worker `index`, 1-based, after it was stopped). */
	startWorker(index: number, options?: { installPackage?: boolean }): Promise<N8nServer>;
	/** Names of the workers whose log says they ran this execution. */
	workersThatRan(executionId: string): string[];
	/** Every worker's executions, from its log ("Worker started execution N (job M)"). */
	executionsByWorker(): Map<string, Set<string>>;
	stop(): Promise<void>;
}

/** The env every n8n process of the stack shares; only ports and user folders differ. */
function queueEnv(redisPort: number, postgresPort: number): Record<string, string> {
	return {
		// Every process must decrypt the same credentials: one key (a process with another refuses to start).
		N8N_ENCRYPTION_KEY: 'messaging-gateway-queue-encryption-key',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redisPort),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgresPort),
		DB_POSTGRESDB_DATABASE: DB.name,
		DB_POSTGRESDB_USER: DB.user,
		DB_POSTGRESDB_PASSWORD: DB.password,
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		// Manual runs from the editor go to the workers too, as n8n will do by default.
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
	};
}

const stacks = new Set<QueueStack>();
let stoppingOnExit = false;
/**
 * Ctrl-C or a failed test must not leave Postgres or Redis behind: programs that start a stack call
 * this once, with stopN8nOnExit() for the n8n processes. Importing this module changes nothing.
 */
export function stopQueueStacksOnExit() {
	if (stoppingOnExit) return;
	stoppingOnExit = true;
	process.once('exit', () => {
		for (const stack of stacks) stopServicesNow(stack);
	});
}

function stopServicesNow(stack: Pick<QueueStack, 'dir' | 'redis' | 'postgres'>) {
	// A run's shared stack is stopped by the run's teardown (shared-queue.ts), which removes its folder.
	if (!existsSync(stack.dir)) return;
	if (stack.redis.process.exitCode === null) stack.redis.process.kill('SIGTERM');
	stack.postgres.stop();
	rmSync(stack.dir, { recursive: true, force: true });
}

/** Redis and Postgres in a new temp folder; on a failure, nothing is left behind. */
async function startServices(): Promise<{ dir: string; redis: Redis; postgres: Postgres }> {
	const binaries = ensureQueueServices();
	const dir = mkdtempSync(join(tmpdir(), 'n8n-queue-'));
	chmodSync(dir, 0o711); // the postgres user must reach its data folder inside
	const started = Date.now();
	const redis = await startRedis(binaries, dir).catch((error) => {
		rmSync(dir, { recursive: true, force: true });
		throw error;
	});
	try {
		const postgres = await startPostgres(binaries, dir);
		log(
			`Redis on 127.0.0.1:${redis.port}, Postgres on 127.0.0.1:${postgres.port} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
		);
		return { dir, redis, postgres };
	} catch (error) {
		redis.process.kill('SIGTERM');
		rmSync(dir, { recursive: true, force: true });
		throw error;
	}
}

/** Which workers' logs name each execution ("Worker started execution N (job M)"). */
function executionsInLogs(
	workers: Array<{ name: ProcessName; server: Pick<N8nServer, 'logFile'> }>,
): Map<string, Set<string>> {
	const idsIn = (logFile: string) =>
		new Set(
			[...readFileSync(logFile, 'utf8').matchAll(/Worker started execution (\d+) \(job/g)].map((match) => match[1]),
		);
	return new Map(workers.map(({ name, server }) => [name, idsIn(server.logFile)]));
}

/** Names of the workers among `processes` whose log says they ran this execution. */
export function workersThatRan(
	processes: Array<{ name: ProcessName; server: Pick<N8nServer, 'logFile'> }>,
	executionId: string,
): string[] {
	const workers = processes.filter(({ name }) => name.startsWith('worker-'));
	return [...executionsInLogs(workers)].filter(([, ids]) => ids.has(executionId)).map(([name]) => name);
}

/** The stack's bookkeeping of its n8n processes; none is started yet. */
function stackOf(
	install: N8nInstall,
	services: { dir: string; redis: Redis; postgres: Postgres },
	shared: Record<string, string>,
): QueueStack & {
	start: (name: ProcessName, command: N8nCommand, port: number, env?: Record<string, string>) => Promise<N8nServer>;
} {
	const servers = new Map<ProcessName, N8nServer>();
	const processes = () =>
		[...servers.entries()]
			.sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
			.map(([name, server]) => ({ name, server }));
	const workers = () => processes().filter(({ name }) => name.startsWith('worker-'));
	const start = async (
		name: ProcessName,
		command: N8nCommand,
		port: number,
		env: Record<string, string> = {},
		installPackage = true,
	) => {
		const server = await startN8n(install, {
			command,
			port,
			userFolder: join(services.dir, name),
			env: { ...shared, ...env },
			installPackage,
		});
		servers.set(name, server);
		return server;
	};
	const stack = {
		...services,
		install,
		start,
		get main() {
			return servers.get('main')!;
		},
		get webhook() {
			return servers.get('webhook')!;
		},
		get workers() {
			return workers().map(({ server }) => server);
		},
		processes,
		// startN8n gives each process its own task-broker port (the default 5679 cannot be shared on one machine).
		startWorker: async (index: number, { installPackage = true } = {}) =>
			await start(`worker-${index}`, 'worker', await freePort(), {}, installPackage),
		workersThatRan: (executionId: string) => workersThatRan(processes(), executionId),
		executionsByWorker: () => executionsInLogs(workers()),
		async stop() {
			await Promise.all([...servers.values()].map((server) => server.stop()));
			stacks.delete(stack);
			stopServicesNow(stack);
		},
	};
	return stack;
}

/** Starts Redis, Postgres, main, the webhook processor and the workers; resolves when all are ready. */
export async function startQueueStack(install: N8nInstall, options: QueueStackOptions = {}): Promise<QueueStack> {
	const started = Date.now();
	const services = await startServices();
	const [mainPort, webhookPort] = [await freePort(), await freePort()];
	// Every process builds webhook URLs (the editor's, a Wait node's resume URL) with the processor's address.
	const shared = {
		...queueEnv(services.redis.port, services.postgres.port),
		WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${mainPort}/`,
		...options.env,
	};
	const stack = stackOf(install, services, shared);
	stacks.add(stack);
	try {
		// Main first: it creates the schema that the others expect. It serves the editor and the API, and leaves
		// production webhooks to the webhook processor (the URL it shows in the editor is the processor's).
		await stack.start('main', 'start', mainPort, { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		// All settled before stopping on a failure, so that none is still starting when stop() runs.
		const results = await Promise.allSettled([
			stack.start('webhook', 'webhook', webhookPort),
			...Array.from({ length: options.workers ?? 2 }, (_, i) => stack.startWorker(i + 1)),
		]);
		const failed = results.find((result) => result.status === 'rejected');
		if (failed) throw failed.reason;
	} catch (error) {
		await stack.stop();
		throw error;
	}
	log(
		`queue mode up: main ${stack.main.url}, webhook processor ${stack.webhook.url}, ${stack.workers.length} workers (${((Date.now() - started) / 1000).toFixed(1)} s)`,
	);
	return stack;
}
