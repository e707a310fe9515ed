/**
 * n8n in queue mode on this machine: Redis, Postgres, a main instance, a webhook processor and workers,
 * each n8n process with the package installed the community-package way in its own user folder.
 * Used by `npm run dev:queue`, the queue-mode end-to-end tests and `bench/queue.ts`.
 *
 * Everything lives in one temp folder; `stop()` (also run on exit, after stopQueueStacksOnExit()) stops the n8n processes by PID,
 * Postgres with `pg_ctl stop`, Redis by its PID, and removes that folder and nothing else.
 *
 * Over 250 lines: starting, stopping and the pre-flight check of one stack share its process
 * bookkeeping; the pre-flight check is the part to move out first.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort, PACKAGE_NAME, ROOT, startN8n, tailOf, type N8nInstall, type N8nServer } from './n8n-server';

const log = (message: string) => process.stderr.write(`[queue] ${message}\n`);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const APT_PACKAGES = ['redis-server', 'postgresql'];
const DB = { name: 'n8n', user: 'n8n', password: 'n8n' };

export interface QueueServiceBinaries {
	redisServer: string;
	/** Folder of Postgres' server programs (initdb, pg_ctl, psql). */
	pgBin: string;
}

function findBinaries(): Partial<QueueServiceBinaries> {
	const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => existsSync(file));
	const versions = existsSync('/usr/lib/postgresql')
		? readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))
		: [];
	const pgBin = versions.map((version) => `/usr/lib/postgresql/${version}/bin`).find((dir) => existsSync(join(dir, 'pg_ctl')));
	return { redisServer, pgBin };
}

/** Redis and Postgres from Debian's packages, installed with apt when missing (root only). */
export function ensureQueueServices(): QueueServiceBinaries {
	let found = findBinaries();
	if (found.redisServer && found.pgBin) return found as QueueServiceBinaries;
	const missing = [!found.redisServer && 'redis-server', !found.pgBin && 'postgresql'].filter(Boolean).join(' and ');
	if (process.getuid?.() !== 0) {
		throw new Error(`${missing} missing: run as root (it installs them with apt) or install them first: sudo apt-get install -y ${APT_PACKAGES.join(' ')}`);
	}
	log(`installing ${APT_PACKAGES.join(' ')} with apt (about 20 s)`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	// Another apt run on the machine holds the lock for a while: wait for it rather than fail.
	const lock = ['-o', 'DPkg::Lock::Timeout=600'];
	execFileSync('apt-get', [...lock, 'update', '-qq'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
	execFileSync('apt-get', [...lock, 'install', '-y', '-qq', '--no-install-recommends', ...APT_PACKAGES], { env, stdio: ['ignore', 'ignore', 'inherit'] });
	found = findBinaries();
	if (!found.redisServer || !found.pgBin) throw new Error(`apt-get installed ${APT_PACKAGES.join(' ')} but redis-server or pg_ctl is still missing`);
	return found as QueueServiceBinaries;
}

/** Sends PING over the Redis protocol; true on +PONG. */
export async function redisPing(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.once('error', () => done(false));
		socket.once('connect', () => socket.write('PING\r\n'));
		socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
	});
}

interface Redis {
	port: number;
	process: ChildProcess;
	logFile: string;
}

async function startRedis(binaries: QueueServiceBinaries, dir: string): Promise<Redis> {
	const port = await freePort();
	const logFile = join(dir, 'redis.log');
	// In the foreground (no --daemonize) so its PID is ours to stop; nothing persisted.
	const child = spawn(
		binaries.redisServer,
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--logfile', logFile],
		{ stdio: 'ignore' },
	);
	for (let i = 0; !(await redisPing(port)); i++) {
		if (child.exitCode !== null || i > 100) throw new Error(`redis-server did not start on port ${port}:\n${tailOf(logFile)}`);
		await sleep(100);
	}
	return { port, process: child, logFile };
}

interface Postgres {
	port: number;
	dataDir: string;
	logFile: string;
	stop(): void;
}

/** Runs a Postgres program; as root, as the `postgres` user (initdb refuses root). */
function pgRun(binaries: QueueServiceBinaries, program: string, args: string[]) {
	const file = join(binaries.pgBin, program);
	const [command, commandArgs] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
	const result = spawnSync(command, commandArgs, { encoding: 'utf8', cwd: '/' });
	if (result.status !== 0) throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`);
	return result.stdout;
}

async function startPostgres(binaries: QueueServiceBinaries, dir: string): Promise<Postgres> {
	const port = await freePort();
	const pgDir = join(dir, 'postgres');
	mkdirSync(pgDir, { mode: 0o700 });
	if (process.getuid?.() === 0) {
		const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
		chownSync(pgDir, id('-u'), id('-g'));
	}
	const dataDir = join(pgDir, 'data');
	const logFile = join(pgDir, 'postgres.log');
	pgRun(binaries, 'initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
	const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${pgDir}`;
	pgRun(binaries, 'pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '120', 'start']);
	let stopped = false;
	const postgres: Postgres = {
		port,
		dataDir,
		logFile,
		stop() {
			if (stopped) return;
			stopped = true;
			try {
				pgRun(binaries, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
			} catch (error) {
				log(`pg_ctl stop: ${(error as Error).message}`);
			}
		},
	};
	try {
		const sql = [`CREATE ROLE ${DB.user} LOGIN PASSWORD '${DB.password}'`, `CREATE DATABASE ${DB.name} OWNER ${DB.user}`];
		for (const statement of sql) pgRun(binaries, 'psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', statement]);
	} catch (error) {
		postgres.stop();
		throw error;
	}
	return postgres;
}

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
export function queueEnv(redisPort: number, postgresPort: number): Record<string, string> {
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
	if (stack.redis.process.exitCode === null) stack.redis.process.kill('SIGTERM');
	stack.postgres.stop();
	rmSync(stack.dir, { recursive: true, force: true });
}

/** Starts Redis, Postgres, main, the webhook processor and the workers; resolves when all are ready. */
export async function startQueueStack(install: N8nInstall, options: QueueStackOptions = {}): Promise<QueueStack> {
	const binaries = ensureQueueServices();
	const dir = mkdtempSync(join(tmpdir(), 'n8n-queue-'));
	chmodSync(dir, 0o711); // the postgres user must reach its data folder inside
	const started = Date.now();
	const redis = await startRedis(binaries, dir).catch((error) => {
		rmSync(dir, { recursive: true, force: true });
		throw error;
	});
	let postgres: Postgres;
	try {
		postgres = await startPostgres(binaries, dir);
	} catch (error) {
		redis.process.kill('SIGTERM');
		rmSync(dir, { recursive: true, force: true });
		throw error;
	}
	log(`Redis on 127.0.0.1:${redis.port}, Postgres on 127.0.0.1:${postgres.port} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

	const [mainPort, webhookPort] = [await freePort(), await freePort()];
	// Every process builds webhook URLs (the editor's, a Wait node's resume URL) with the processor's address.
	const shared = {
		...queueEnv(redis.port, postgres.port),
		WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${mainPort}/`,
		...options.env,
	};
	const servers = new Map<ProcessName, N8nServer>();
	const processes = () =>
		[...servers.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })).map(([name, server]) => ({ name, server }));
	const start = async (name: ProcessName, command: 'start' | 'webhook' | 'worker', port: number, env: Record<string, string>, installPackage = true) => {
		const server = await startN8n(install, { command, port, userFolder: join(dir, name), env: { ...shared, ...env }, installPackage });
		servers.set(name, server);
		return server;
	};
	const stack: QueueStack = {
		dir,
		install,
		redis,
		postgres,
		get main() {
			return servers.get('main')!;
		},
		get webhook() {
			return servers.get('webhook')!;
		},
		get workers() {
			return processes().filter(({ name }) => name.startsWith('worker-')).map(({ server }) => server);
		},
		processes,
		// startN8n gives each process its own task-broker port (the default 5679 cannot be shared on one machine).
		startWorker: async (index, { installPackage = true } = {}) => await start(`worker-${index}`, 'worker', await freePort(), {}, installPackage),
		workersThatRan(executionId) {
			return [...stack.executionsByWorker()].filter(([, ids]) => ids.has(executionId)).map(([name]) => name);
		},
		executionsByWorker() {
			return new Map(
				processes()
					.filter(({ name }) => name.startsWith('worker-'))
					.map(({ name, server }) => [name, new Set([...readFileSync(server.logFile, 'utf8').matchAll(/Worker started execution (\d+) \(job/g)].map((match) => match[1]))]),
			);
		},
		async stop() {
			await Promise.all([...servers.values()].map((server) => server.stop()));
			stacks.delete(stack);
			stopServicesNow(stack);
		},
	};
	stacks.add(stack);
	try {
		// Main first: it creates the schema that the others expect. It serves the editor and the API, and leaves
		// production webhooks to the webhook processor (the URL it shows in the editor is the processor's).
		await start('main', 'start', mainPort, { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' });
		// All settled before stopping on a failure, so that none is still starting when stop() runs.
		const results = await Promise.allSettled([
			start('webhook', 'webhook', webhookPort, {}),
			...Array.from({ length: options.workers ?? 2 }, (_, i) => stack.startWorker(i + 1)),
		]);
		const failed = results.find((result) => result.status === 'rejected');
		if (failed) throw failed.reason;
	} catch (error) {
		await stack.stop();
		throw error;
	}
	log(`queue mode up: main ${stack.main.url}, webhook processor ${stack.webhook.url}, ${stack.workers.length} workers (${((Date.now() - started) / 1000).toFixed(1)} s)`);
	return stack;
}

export interface PreflightFinding {
	process: ProcessName;
	ok: boolean;
	detail: string;
}

/**
 * Before any traffic: does every n8n process have the package? For each process's user folder, the
 * installed package must be this version, with every node and credential file its manifest names, and
 * each must load with the n8n host's module path (as n8n loads it: `n8n-workflow` and zod from n8n).
 * A worker has no API that lists its node types, so this is checked where n8n reads it from: the folder.
 */
export function preflight(stack: QueueStack): PreflightFinding[] {
	const expected = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
	const findings: PreflightFinding[] = [];
	const loadable: Array<{ name: ProcessName; dir: string; files: string[] }> = [];
	for (const { name, server } of stack.processes()) {
		const dir = join(server.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
		const manifestFile = join(dir, 'package.json');
		if (!existsSync(manifestFile)) {
			findings.push({ process: name, ok: false, detail: `${PACKAGE_NAME} is not installed in ${join(server.userFolder, '.n8n', 'nodes')}` });
			continue;
		}
		const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string; n8n: { nodes: string[]; credentials: string[] } };
		const files = [...manifest.n8n.nodes, ...manifest.n8n.credentials];
		const absent = files.filter((file) => !existsSync(join(dir, file)));
		if (manifest.version !== expected.version || absent.length > 0) {
			findings.push({ process: name, ok: false, detail: `installed ${manifest.version} (expected ${expected.version})${absent.length ? `, missing ${absent.join(', ')}` : ''}` });
			continue;
		}
		loadable.push({ name, dir, files });
	}
	if (loadable.length > 0) {
		// One Node process for all folders, with n8n's runtime and n8n's node_modules on the module path.
		const script = `
			const path = require('path');
			const result = {};
			for (const { name, dir, files } of JSON.parse(process.argv[1])) {
				try {
					result[name] = files.map((file) => {
						const exported = require(path.join(dir, file));
						const Type = Object.values(exported)[0];
						const instance = new Type();
						return (instance.description && instance.description.name) || instance.name;
					});
				} catch (error) { result[name] = String(error && error.message || error); }
			}
			process.stdout.write(JSON.stringify(result));`;
		const n8nModules = join(stack.install.dir, 'node_modules');
		const output = execFileSync(join(stack.install.nodeBin, 'node'), ['-e', script, JSON.stringify(loadable)], {
			encoding: 'utf8',
			env: { ...process.env, NODE_PATH: [n8nModules, join(n8nModules, 'n8n', 'node_modules')].join(':') },
		});
		const loaded = JSON.parse(output) as Record<string, string[] | string>;
		for (const { name, dir } of loadable) {
			const types = loaded[name];
			findings.push(
				Array.isArray(types)
					? { process: name, ok: true, detail: `${PACKAGE_NAME}@${expected.version} in ${dir}: ${types.join(', ')}` }
					: { process: name, ok: false, detail: `${PACKAGE_NAME} in ${dir} does not load: ${types}` },
			);
		}
	}
	return findings;
}

/** Throws with every process that lacks the package, before any traffic reaches the stack. */
export function assertPreflight(stack: QueueStack): PreflightFinding[] {
	const findings = preflight(stack);
	const failed = findings.filter((finding) => !finding.ok);
	if (failed.length > 0) {
		throw new Error(
			`pre-flight: the package is missing on ${failed.map((finding) => finding.process).join(', ')} — a webhook processor without it answers 400, ` +
				`a worker without it fails every execution after the webhook was acknowledged:\n${failed.map((finding) => `  ${finding.process}: ${finding.detail}`).join('\n')}`,
		);
	}
	for (const finding of findings) log(`pre-flight ${finding.process}: ${finding.detail}`);
	return findings;
}
