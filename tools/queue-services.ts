/**
 * The services n8n's queue mode needs besides n8n, from Debian's packages: Redis and Postgres, each
 * started in a folder of the stack's own on a free loopback port, and stopped by PID or `pg_ctl stop`.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

import { aptInstall } from './apt';
import { freePort, tailOf } from './n8n-process';
import { waitFor } from './waits';

const log = (message: string) => process.stderr.write(`[queue] ${message}\n`);

const APT_PACKAGES = ['redis-server', 'postgresql'];
export const DB = { name: 'n8n', user: 'n8n', password: 'n8n' };

export interface QueueServiceBinaries {
	redisServer: string;
	/** Folder of Postgres' server programs (initdb, pg_ctl, psql). */
	pgBin: string;
}

function findBinaries(): Partial<QueueServiceBinaries> {
	const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => existsSync(file));
	const versions = existsSync('/usr/lib/postgresql')
		? readdirSync('/usr/lib/postgresql')
				.filter((name) => /^\d+$/.test(name))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	const pgBin = versions
		.map((version) => `/usr/lib/postgresql/${version}/bin`)
		.find((dir) => existsSync(join(dir, 'pg_ctl')));
	return { redisServer, pgBin };
}

/** Redis and Postgres from Debian's packages, installed with apt when missing (root only). */
export function ensureQueueServices(): QueueServiceBinaries {
	let found = findBinaries();
	if (found.redisServer && found.pgBin) return found as QueueServiceBinaries;
	const missing = [!found.redisServer && 'redis-server', !found.pgBin && 'postgresql'].filter(Boolean).join(' and ');
	if (process.getuid?.() !== 0) {
		throw new Error(
			`${missing} missing: run as root (it installs them with apt) or install them first: sudo apt-get install -y ${APT_PACKAGES.join(' ')}`,
		);
	}
	log(`installing ${APT_PACKAGES.join(' ')} with apt (about 20 s)`);
	aptInstall(APT_PACKAGES, ['ignore', 'ignore', 'inherit'], ['-qq', '--no-install-recommends']);
	found = findBinaries();
	if (!found.redisServer || !found.pgBin)
		throw new Error(`apt-get installed ${APT_PACKAGES.join(' ')} but redis-server or pg_ctl is still missing`);
	return found as QueueServiceBinaries;
}

/** Sends PING over the Redis protocol; true on +PONG. */
async function redisPing(port: number): Promise<boolean> {
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

export interface Redis {
	port: number;
	process: ChildProcess;
	logFile: string;
}

export async function startRedis(binaries: QueueServiceBinaries, dir: string): Promise<Redis> {
	const port = await freePort();
	const logFile = join(dir, 'redis.log');
	// In the foreground (no --daemonize) so its PID is ours to stop; nothing persisted.
	const child = spawn(
		binaries.redisServer,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
			'--logfile',
			logFile,
		],
		{ stdio: 'ignore' },
	);
	const what = `redis-server on port ${port}`;
	await waitFor(
		async () => {
			if (child.exitCode !== null) throw new Error(`${what} exited:\n${tailOf(logFile)}`);
			return await redisPing(port);
		},
		{ what, timeoutMs: 10_000, intervalMs: 100 },
	);
	return { port, process: child, logFile };
}

export interface Postgres {
	port: number;
	dataDir: string;
	logFile: string;
	stop(): void;
}

/** Runs a Postgres program; as root, as the `postgres` user (initdb refuses root). */
function pgRun(binaries: QueueServiceBinaries, program: string, args: string[]) {
	const file = join(binaries.pgBin, program);
	const [command, commandArgs] =
		process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
	const result = spawnSync(command, commandArgs, { encoding: 'utf8', cwd: '/' });
	if (result.status !== 0)
		throw new Error(`${program} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`);
	return result.stdout;
}

/** A folder for Postgres' data that the `postgres` user owns when we are root. */
function postgresFolder(dir: string): string {
	const pgDir = join(dir, 'postgres');
	mkdirSync(pgDir, { mode: 0o700 });
	if (process.getuid?.() === 0) {
		const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
		chownSync(pgDir, id('-u'), id('-g'));
	}
	return pgDir;
}

/** `pg_ctl stop` (fast: open connections are closed) of the Postgres whose data is in `dataDir`. */
export function stopPostgres(binaries: QueueServiceBinaries, dataDir: string): void {
	try {
		pgRun(binaries, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
	} catch (error) {
		log(`pg_ctl stop: ${(error as Error).message}`);
	}
}

export async function startPostgres(binaries: QueueServiceBinaries, dir: string): Promise<Postgres> {
	const port = await freePort();
	const pgDir = postgresFolder(dir);
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
			stopPostgres(binaries, dataDir);
		},
	};
	try {
		const sql = [
			`CREATE ROLE ${DB.user} LOGIN PASSWORD '${DB.password}'`,
			`CREATE DATABASE ${DB.name} OWNER ${DB.user}`,
		];
		for (const statement of sql)
			pgRun(binaries, 'psql', [
				'-h',
				'127.0.0.1',
				'-p',
				String(port),
				'-U',
				'postgres',
				'-v',
				'ON_ERROR_STOP=1',
				'-c',
				statement,
			]);
	} catch (error) {
		postgres.stop();
		throw error;
	}
	return postgres;
}
