/** What the `npm run dev` test does as a user at a shell: run a printed command, wait, look at processes and ports. */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

import { ROOT } from '../../tools/n8n-install';

const sh = promisify(execFile);
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms).unref());

/** Runs one printed command in a shell, as a user pastes it, and parses what it prints. */
export async function run(command: string): Promise<unknown> {
	const { stdout } = await sh('bash', ['-c', command]);
	try {
		return JSON.parse(stdout);
	} catch {
		return stdout;
	}
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(300);
	}
}

/** Processes of a process group, with their command lines. */
export function processGroup(pgid: number): Array<{ pid: number; command: string }> {
	return execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' })
		.split('\n')
		.map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
		.filter((match): match is RegExpExecArray => match !== null && Number(match[2]) === pgid)
		.map((match) => ({ pid: Number(match[1]), command: match[3] }));
}

export const portIsFree = (port: number) =>
	new Promise<boolean>((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});

/** The walk-through's steps: each comment (over one or more lines) with the commands under it, `curl …` or `X=$(curl …)`. */
export function stepsOf(walkThrough: string): Map<string, string[]> {
	const steps = new Map<string, string[]>();
	let comment = '';
	for (const line of walkThrough.split('\n')) {
		const text = line.trim();
		const continued = comment !== '' && steps.get(comment)!.length === 0;
		if (continued && text.startsWith('# ')) steps.delete(comment);
		if (text.startsWith('# ')) steps.set((comment = continued ? `${comment} ${text.slice(2)}` : text.slice(2)), []);
		else if (/^(?:[A-Z_]+=\$\()?curl /.test(text)) steps.get(comment)!.push(text);
	}
	return steps;
}

/** `npm run dev` started as a user starts it in a shell, on these ports; `up` resolves once the walk-through is printed. */
export function startDevCommand(ports: { emulator: number; n8n: number }) {
	const env: NodeJS.ProcessEnv = { ...process.env, EMULATOR_PORT: String(ports.emulator), N8N_PORT: String(ports.n8n) };
	delete env.NODE_ENV; // jest's "test"; a user's shell has none
	// detached: its own process group, as a shell gives the command it runs in the foreground.
	const dev = spawn('npm', ['run', 'dev'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		dev.once('exit', (code, signal) => resolve({ code, signal })),
	);
	let output = '';
	for (const stream of [dev.stdout!, dev.stderr!]) {
		stream.on('data', (chunk: Buffer) => {
			output += chunk.toString();
			process.stderr.write(chunk); // install progress and the walk-through, as the user sees them
		});
	}
	const up = until(
		'"The demo is up"',
		async () => {
			if (dev.exitCode !== null) throw new Error(`npm run dev exited with ${dev.exitCode}:\n${output}`);
			return output.includes('Ctrl-C stops n8n and the emulator.') ? true : undefined;
		},
		900_000,
	);
	return { dev, exited, up, output: () => output };
}
