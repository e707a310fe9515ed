/**
 * A real n8n process with this package installed the way n8n installs community packages, headless
 * on loopback. Used by `npm run dev`, the end-to-end tests and the benchmarks. Everything it starts
 * is stopped by PID, also when a step fails. Not to be confused with `test/support/`, which runs the
 * nodes in-process through n8n-core's execution contexts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { seedDatabase } from './n8n-database';
import { installPackage, type N8nInstall } from './n8n-install';
import { timed } from './suite-timings';
import { sleep, waitFor } from './waits';

const log = (message: string) => process.stderr.write(`[n8n] ${message}\n`);

/** Ports this process has handed out: a port probed and closed may be handed out again by the kernel. */
const handedOut = new Set<number>();

/**
 * A loopback port nothing listens on, never one this process handed out before (two probes in a row
 * can get the same port back, and a server given a taken port may fail while another one answers).
 */
export async function freePort(): Promise<number> {
	for (;;) {
		const port = await new Promise<number>((resolvePort, reject) => {
			const server = createServer();
			server.once('error', reject);
			server.listen(0, '127.0.0.1', () => {
				const { port: probed } = server.address() as { port: number };
				server.close(() => resolvePort(probed));
			});
		});
		if (!handedOut.has(port)) {
			handedOut.add(port);
			return port;
		}
	}
}

/** Refuses a port another server listens on already, so that its answers are never taken for n8n's. */
async function assertPortFree(port: number): Promise<void> {
	await new Promise<void>((resolveFree, reject) => {
		const server = createServer();
		server.once('error', (error: NodeJS.ErrnoException) =>
			reject(
				new Error(
					error.code === 'EADDRINUSE'
						? `port ${port} on 127.0.0.1 is in use already: n8n cannot listen there`
						: error.message,
				),
			),
		);
		server.listen(port, '127.0.0.1', () => server.close(() => resolveFree()));
	});
}

export interface N8nServer {
	url: string;
	port: number;
	userFolder: string;
	logFile: string;
	process: ChildProcess;
	/** SIGTERM, up to `graceMs` (default 10 s) for n8n's shutdown, then SIGKILL. */
	stop(options?: { graceMs?: number }): Promise<void>;
}

const children = new Set<ChildProcess>();
/** A child killed by a signal keeps exitCode null and sets signalCode instead. */
const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
function killAll() {
	for (const child of children) if (child.pid && running(child)) child.kill('SIGKILL');
}
let stoppingOnExit = false;
/**
 * Kills every n8n this process started when it exits, also on Ctrl-C or SIGTERM (a signal skips
 * 'exit' handlers; the process then exits unless the program handles the signal itself). Programs
 * that start n8n call it once; importing this module changes nothing.
 */
export function stopN8nOnExit() {
	if (stoppingOnExit) return;
	stoppingOnExit = true;
	process.once('exit', killAll);
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			killAll();
			if (process.listenerCount(signal) === 0) process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
		});
	}
}

export type N8nCommand = 'start' | 'webhook' | 'worker';

export interface StartN8nOptions {
	port?: number;
	userFolder?: string;
	env?: Record<string, string>;
	/** n8n's command: `start` (main, default), or in queue mode `webhook` (webhook processor) or `worker`. */
	command?: N8nCommand;
	/** Install the package into the user folder first (default true; false only to show what a missing package does). */
	installPackage?: boolean;
	/** Run n8n under `node --cpu-prof`: a .cpuprofile is written to this folder when it stops. */
	cpuProfileDir?: string;
}

/** n8n's environment: this machine's, made headless and loopback-only, then `extra`. */
async function n8nEnv(
	install: N8nInstall,
	command: N8nCommand,
	port: number,
	userFolder: string,
	extra: Record<string, string> = {},
): Promise<Record<string, string>> {
	return {
		...(process.env as Record<string, string>),
		PATH: `${install.nodeBin}:${process.env.PATH}`,
		// n8n exits silently under NODE_ENV=test, which jest sets; run it as deployments do.
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		N8N_SECURE_COOKIE: 'false',
		N8N_ENCRYPTION_KEY: 'messaging-gateway-demo-encryption-key',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_RUNNERS_ENABLED: 'false',
		// The task broker listens on 5679 by default, which a second n8n on this machine cannot share.
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		DB_TYPE: 'sqlite',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		N8N_LOG_LEVEL: 'info',
		...(install.version.startsWith('1.') ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {}),
		// A worker serves only its health check, on this port (its default, 5678, is n8n's own port).
		...(command === 'worker'
			? {
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(port),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				}
			: {}),
		...extra,
	};
}

/** `start` is ready when its REST and public API answer; `webhook` and `worker` when their `/healthz/readiness` does. */
async function isReady(url: string, command: N8nCommand): Promise<boolean> {
	const ready = await fetch(`${url}/healthz/readiness`).then(
		(r) => r.ok,
		() => false,
	);
	if (!ready || command !== 'start') return ready;
	const api = await fetch(`${url}/api/v1/workflows`).then(
		(r) => r.status,
		() => 0,
	);
	// n8n 1.x mounts its REST routes (owner set-up) a few seconds after the public API.
	return (
		api === 401 &&
		(await fetch(`${url}/rest/settings`).then(
			(r) => r.status,
			() => 0,
		)) === 200
	);
}

function stopperOf(child: ChildProcess, userFolder: string, ownFolder: boolean): N8nServer['stop'] {
	return async ({ graceMs = 10_000 } = {}) => {
		if (running(child)) {
			child.kill('SIGTERM');
			for (const end = Date.now() + graceMs; running(child) && Date.now() < end; ) await sleep(100);
			if (running(child)) child.kill('SIGKILL');
			for (let i = 0; i < 20 && running(child); i++) await sleep(100);
		}
		children.delete(child);
		if (ownFolder) rmSync(userFolder, { recursive: true, force: true });
	};
}

/**
 * Starts n8n headless on loopback. `start` resolves when its REST and public API answer; `webhook` and
 * `worker` when their `/healthz/readiness` does (a worker's health server listens on `port`).
 */
export async function startN8n(install: N8nInstall, options: StartN8nOptions = {}): Promise<N8nServer> {
	return timed('starting n8n', () => startN8nProcess(install, options));
}

async function startN8nProcess(install: N8nInstall, options: StartN8nOptions): Promise<N8nServer> {
	const command = options.command ?? 'start';
	const port = options.port ?? (await freePort());
	await assertPortFree(port);
	// A folder of our own making (the package, n8n's database, its log) goes when the server stops.
	const ownFolder = options.userFolder === undefined;
	const userFolder = options.userFolder ?? mkdtempSync(join(tmpdir(), 'n8n-user-'));
	mkdirSync(userFolder, { recursive: true });
	if (options.installPackage !== false) installPackage(userFolder);
	const logFile = join(userFolder, 'n8n.log');
	const out = createWriteStream(logFile);
	const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
	const env = await n8nEnv(install, command, port, userFolder, options.env);
	await seedDatabase(install, userFolder, env);
	const args = [...profile, join(install.dir, 'node_modules/n8n/bin/n8n'), command];
	const child = spawn(join(install.nodeBin, 'node'), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
	children.add(child);
	child.stdout!.pipe(out);
	child.stderr!.pipe(out);
	const url = `http://127.0.0.1:${port}`;
	const server: N8nServer = {
		url,
		port,
		userFolder,
		logFile,
		process: child,
		stop: stopperOf(child, userFolder, ownFolder),
	};
	const started = Date.now();
	try {
		await waitFor(
			async () => {
				if (!running(child)) throw new Error(`n8n ${command} exited with ${child.exitCode ?? child.signalCode}`);
				return await isReady(url, command);
			},
			{ what: `n8n ${command} ready`, timeoutMs: 180_000, intervalMs: 500, counted: false },
		);
	} catch (error) {
		await server.stop();
		throw new Error(`${(error as Error).message}; last log lines:\n${tailOf(logFile)}`);
	}
	log(
		`${command === 'start' ? '' : `${command} `}ready on ${url} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
	);
	return server;
}

export function tailOf(file: string, lines = 40): string {
	return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}
