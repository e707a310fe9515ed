/**
 * A real n8n server with this package installed the way n8n installs community packages.
 * Used by `npm run dev`, the end-to-end tests and the benchmarks. Everything it starts is stopped
 * by PID, also when a step fails. Not to be confused with `n8n-core-runner.ts`, which runs the
 * nodes in-process through n8n-core's execution contexts.
 *
 * Over 250 lines: install, start/stop and the REST client of one n8n belong together; the client
 * (N8nClient) is the part to move out first if it grows.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { DEFAULT_N8N_VERSION } from './n8n-version';

export const PACKAGE_NAME = 'n8n-nodes-messaging-gateway';
export const ROOT = resolve(__dirname, '..');
export const OWNER = { email: 'owner@example.com', firstName: 'Demo', lastName: 'Owner', password: 'Demo-password-1' };

const log = (message: string) => process.stderr.write(`[n8n] ${message}\n`);

export interface N8nInstall {
	version: string;
	dir: string;
	nodeBin: string;
}

/** Installs the pinned n8n into the cache folder once (scripts/install-n8n.sh) and returns it. */
export function ensureN8n(version = process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION): N8nInstall {
	const output = execFileSync('bash', [join(ROOT, 'scripts/install-n8n.sh'), version], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const dir = output.trim().split('\n').pop()!;
	return { version, dir, nodeBin: readFileSync(join(dir, '.nodebin'), 'utf8').trim() };
}

/** `npm pack`, unpacked into <userFolder>/.n8n/nodes/node_modules/<name>, as n8n installs community packages. */
export function installPackage(userFolder: string): string {
	const packDir = mkdtempSync(join(tmpdir(), 'pack-'));
	try {
		const [{ filename }] = JSON.parse(
			execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
				cwd: ROOT,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			}),
		);
		const nodesDir = join(userFolder, '.n8n', 'nodes');
		const target = join(nodesDir, 'node_modules', PACKAGE_NAME);
		rmSync(target, { recursive: true, force: true });
		mkdirSync(target, { recursive: true });
		execFileSync('tar', ['-xzf', join(packDir, filename), '-C', target, '--strip-components=1']);
		// Like n8n's installer: dev and peer dependencies are not installed, runtime ones (none) are.
		const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
		delete manifest.devDependencies;
		delete manifest.peerDependencies;
		writeFileSync(join(target, 'package.json'), JSON.stringify(manifest, null, 2));
		execFileSync('npm', ['install', '--ignore-scripts', '--omit=dev', '--loglevel=error'], { cwd: target, stdio: 'ignore' });
		writeFileSync(join(nodesDir, 'package.json'), JSON.stringify({ private: true, dependencies: { [PACKAGE_NAME]: manifest.version } }));
		return target;
	} finally {
		rmSync(packDir, { recursive: true, force: true });
	}
}

export async function freePort(): Promise<number> {
	return await new Promise((resolvePort, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolvePort(port));
		});
	});
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface N8nServer {
	url: string;
	port: number;
	userFolder: string;
	logFile: string;
	process: ChildProcess;
	stop(): Promise<void>;
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

export interface StartN8nOptions {
	port?: number;
	userFolder?: string;
	env?: Record<string, string>;
	/** n8n's command: `start` (main, default), or in queue mode `webhook` (webhook processor) or `worker`. */
	command?: 'start' | 'webhook' | 'worker';
	/** Install the package into the user folder first (default true; false only to show what a missing package does). */
	installPackage?: boolean;
	/** Run n8n under `node --cpu-prof`: a .cpuprofile is written to this folder when it stops. */
	cpuProfileDir?: string;
}

/**
 * Starts n8n headless on loopback. `start` resolves when its REST and public API answer; `webhook` and
 * `worker` when their `/healthz/readiness` does (a worker's health server listens on `port`).
 */
export async function startN8n(install: N8nInstall, options: StartN8nOptions = {}): Promise<N8nServer> {
	const command = options.command ?? 'start';
	const port = options.port ?? (await freePort());
	// A folder of our own making (the package, n8n's database, its log) goes when the server stops.
	const ownFolder = options.userFolder === undefined;
	const userFolder = options.userFolder ?? mkdtempSync(join(tmpdir(), 'n8n-user-'));
	mkdirSync(userFolder, { recursive: true });
	if (options.installPackage !== false) installPackage(userFolder);
	const logFile = join(userFolder, 'n8n.log');
	const env: Record<string, string> = {
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
		...(command === 'worker' ? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' } : {}),
		...options.env,
	};
	const out = createWriteStream(logFile);
	const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
	const child = spawn(join(install.nodeBin, 'node'), [...profile, join(install.dir, 'node_modules/n8n/bin/n8n'), command], {
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
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
		async stop() {
			if (running(child)) {
				child.kill('SIGTERM');
				for (let i = 0; i < 100 && running(child); i++) await sleep(100);
				if (running(child)) child.kill('SIGKILL');
				for (let i = 0; i < 20 && running(child); i++) await sleep(100);
			}
			children.delete(child);
			if (ownFolder) rmSync(userFolder, { recursive: true, force: true });
		},
	};
	const started = Date.now();
	try {
		for (;;) {
			if (!running(child)) throw new Error(`n8n ${command} exited with ${child.exitCode ?? child.signalCode}`);
			if (Date.now() - started > 180_000) throw new Error(`n8n ${command} did not become ready within 180 s`);
			const ready = await fetch(`${url}/healthz/readiness`).then((r) => r.ok, () => false);
			if (ready && command !== 'start') break;
			const api = ready && (await fetch(`${url}/api/v1/workflows`).then((r) => r.status, () => 0));
			// n8n 1.x mounts its REST routes (owner set-up) a few seconds after the public API.
			const rest = api === 401 && (await fetch(`${url}/rest/settings`).then((r) => r.status, () => 0));
			if (rest === 200) break;
			await sleep(500);
		}
	} catch (error) {
		await server.stop();
		throw new Error(`${(error as Error).message}; last log lines:\n${tailOf(logFile)}`);
	}
	log(`${command === 'start' ? '' : `${command} `}ready on ${url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
	return server;
}

export function tailOf(file: string, lines = 40): string {
	return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}

const cookieOf = (response: Response) =>
	(response.headers.getSetCookie?.() ?? [response.headers.get('set-cookie') ?? '']).map((entry) => entry.split(';')[0]).join('; ');

/** A logged-in owner and a public-API key for one running n8n. */
export class N8nClient {
	constructor(
		readonly url: string,
		readonly cookie: string,
		readonly apiKey: string,
	) {}

	static async setUp(url: string): Promise<N8nClient> {
		const setup = await fetch(`${url}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(OWNER),
		});
		if (!setup.ok) throw new Error(`owner setup failed: ${setup.status} ${await setup.text()}`);
		return await N8nClient.withApiKey(url, cookieOf(setup), 'harness');
	}

	/** Logs in as an existing user (as in the editor's sign-in form) and makes an API key. */
	static async logIn(url: string, email: string, password: string): Promise<N8nClient> {
		const login = await fetch(`${url}/rest/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: email, password }),
		});
		if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
		return await N8nClient.withApiKey(url, cookieOf(login), `login ${Date.now()}`);
	}

	private static async withApiKey(url: string, cookie: string, label: string): Promise<N8nClient> {
		const scopes = ((await (await fetch(`${url}/rest/api-keys/scopes`, { headers: { cookie } })).json()) as { data: string[] }).data;
		const key = await fetch(`${url}/rest/api-keys`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', cookie },
			body: JSON.stringify({ label, scopes, expiresAt: null }),
		});
		if (!key.ok) throw new Error(`API key creation failed: ${key.status} ${await key.text()}`);
		return new N8nClient(url, cookie, ((await key.json()) as { data: { rawApiKey: string } }).data.rawApiKey);
	}

	async api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.url}/api/v1${path}`, {
			method,
			headers: { 'Content-Type': 'application/json', 'X-N8N-API-KEY': this.apiKey },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} /api/v1${path}: ${response.status} ${text}`);
		return (text ? JSON.parse(text) : {}) as T;
	}

	async rest<T = unknown>(path: string): Promise<T> {
		const response = await fetch(`${this.url}${path}`, { headers: { cookie: this.cookie } });
		if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
		return (await response.json()) as T;
	}

	async createCredential(name: string, data: Record<string, string>, type = 'messagingGatewayApi'): Promise<string> {
		// n8n's default, said explicitly: n8n 1.x's public API otherwise demands allowedDomains.
		const withDefaults = { allowedHttpRequestDomains: 'all', ...data };
		const created = await this.api<{ id: string }>('POST', '/credentials', { name, type, data: withDefaults });
		return created.id;
	}

	/** Creates and activates a workflow from an example file, wiring `credentialId` in. */
	async importWorkflow(workflow: ExampleWorkflow, credentialId: string, replacements: Record<string, string> = {}): Promise<string> {
		let text = JSON.stringify(workflow).replaceAll('__CREDENTIAL_ID__', credentialId);
		for (const [placeholder, value] of Object.entries(replacements)) text = text.replaceAll(placeholder, value);
		const { name, nodes, connections, settings } = JSON.parse(text) as ExampleWorkflow;
		const created = await this.api<{ id: string }>('POST', '/workflows', { name, nodes, connections, settings: settings ?? {} });
		// Workflows started by a webhook must be active; one started by hand is not activated.
		if (nodes.some((node) => node.webhookId !== undefined)) {
			await this.api('POST', `/workflows/${created.id}/activate`);
		}
		return created.id;
	}

	async executions(workflowId: string): Promise<Execution[]> {
		const result = await this.api<{ data: Execution[] }>('GET', `/executions?workflowId=${workflowId}&includeData=true&limit=250`);
		return result.data;
	}

	/** Finished executions of a workflow, oldest first, once there are at least `count` (or the time is up). */
	async finishedExecutions(workflowId: string, count: number, timeoutMs = 30_000): Promise<Execution[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const finished = (await this.executions(workflowId)).filter((execution) => execution.status !== 'running' && execution.status !== 'new');
			if (finished.length >= count || Date.now() > deadline) return finished.reverse();
			await sleep(300);
		}
	}
}

/** The items a node output in an execution's first run. */
export const nodeOutput = (execution: Execution, node: string) =>
	execution.data!.resultData.runData[node][0].data!.main[0].map((item) => item.json);

export interface Execution {
	id: string;
	status: string;
	workflowId: string;
	data?: { resultData: { runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> } }>> } };
}

export interface ExampleWorkflow {
	name: string;
	nodes: Array<{ name: string; type: string; webhookId?: string; parameters: Record<string, unknown> }>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
}

export function loadExample(file: string): ExampleWorkflow {
	return JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8')) as ExampleWorkflow;
}

/** The production webhook URL of a trigger node: /webhook/<webhookId>/webhook. */
export function productionUrl(n8nUrl: string, workflow: ExampleWorkflow): string {
	const trigger = workflow.nodes.find((node) => node.webhookId);
	if (!trigger) throw new Error(`workflow "${workflow.name}" has no webhook trigger`);
	return `${n8nUrl}/webhook/${trigger.webhookId}/webhook`;
}
