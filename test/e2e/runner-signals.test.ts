/**
 * `npm run test:e2e` stopped while a test file runs n8n: SIGTERM to npm (what `kill` or a CI timeout
 * sends; npm hands it on to jest) ends the run, and no process it started is left: not n8n, not the
 * task runners n8n started. The run is started in its own process group, as a shell starts a command,
 * on signal-target.ts, a file that starts one n8n and waits.
 */
import { spawn } from 'node:child_process';

import { ROOT } from '../../tools/n8n-install';
import { processGroup, until } from './dev-shell';

/** Which of these processes still exist. */
const alive = (pids: number[]) =>
	pids.filter((pid) => {
		try {
			process.kill(pid, 0);
			return true;
		} catch {
			return false;
		}
	});

test('SIGTERM to npm run test:e2e stops every process the run started', async () => {
	const run = spawn('npm', ['run', 'test:e2e', '--', '--testMatch', '**/test/e2e/signal-target.ts'], {
		cwd: ROOT,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	for (const stream of [run.stdout!, run.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exited = new Promise<number | null>((resolve) => run.once('exit', (code) => resolve(code)));
	try {
		const n8nPid = await until(
			'n8n to run',
			async () => {
				if (run.exitCode !== null) throw new Error(`the run ended first (${run.exitCode}):\n${output}`);
				return /\[signal-target\] n8n (\d+) runs/.exec(output)?.[1];
			},
			600_000,
		);
		const started = processGroup(run.pid!);
		// npm, jest, n8n and what n8n started, all in the run's process group.
		expect(started.map(({ pid }) => pid)).toEqual(expect.arrayContaining([run.pid, Number(n8nPid)]));
		process.kill(run.pid!, 'SIGTERM');
		expect(await exited).not.toBe(0);
		const pids = started.map(({ pid }) => pid);
		const left = await until(
			'every process of the run to end',
			async () => (alive(pids).length === 0 ? [] : undefined),
			15_000,
		).catch(() => started.filter(({ pid }) => alive(pids).includes(pid)));
		expect(left).toEqual([]);
		expect(processGroup(run.pid!)).toEqual([]);
		expect(output).toContain('[e2e] SIGTERM: stopping what the test file started');
	} finally {
		// Whatever a failed run left in its group.
		if (processGroup(run.pid!).length > 0) process.kill(-run.pid!, 'SIGKILL');
	}
}, 700_000);
