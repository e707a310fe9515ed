/**
 * Where an end-to-end file's time goes (`.ci/run`'s table of the slowest files): the seconds spent starting n8n
 * (the package installed into its user folder, then n8n until ready) and waiting (a test's sleeps and waitFor
 * polls: n8n's clocks, executions to finish), appended as JSON lines to the file `E2E_TIMINGS` names, each with
 * the test file it was spent in. Nothing is written when `E2E_TIMINGS` is not set (a developer's own runs).
 */
import { appendFileSync } from 'node:fs';

export type TimedPart = 'starting n8n' | 'waiting';

/** The test file jest is running in this process, when it is jest. */
function testFile(): string | undefined {
	const jestExpect = (globalThis as { expect?: { getState?: () => { testPath?: string } } }).expect;
	return jestExpect?.getState?.().testPath;
}

/** Notes that `ms` of the current test file went to `part`. */
export function noteTime(part: TimedPart, ms: number): void {
	const target = process.env.E2E_TIMINGS;
	const file = testFile();
	if (!target || !file) return;
	appendFileSync(target, `${JSON.stringify({ file, part, seconds: ms / 1000 })}\n`);
}

/** Runs `work`, noting its duration as `part`. */
export async function timed<T>(part: TimedPart, work: () => Promise<T>): Promise<T> {
	const began = Date.now();
	try {
		return await work();
	} finally {
		noteTime(part, Date.now() - began);
	}
}
