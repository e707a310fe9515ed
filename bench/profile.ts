/**
 * V8 CPU profiles for the benchmarks: one taken in this process with `node:inspector` (where the trigger's
 * in-process time goes, part 1 of `npm run bench`), and the shapes of the `.cpuprofile` files n8n writes
 * under `--cpu-prof` (part 2b).
 */
import { Session } from 'node:inspector';
import { basename } from 'node:path';

export interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}

export interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

/** Runs `work` `iterations` times under the V8 profiler of this process; the profile it took. */
export function profileInProcess(iterations: number, work: () => unknown): Promise<CpuProfile> {
	const session = new Session();
	session.connect();
	const post = (method: string, params: object = {}) =>
		new Promise<Record<string, unknown>>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as Record<string, unknown>))));
	return (async () => {
		try {
			await post('Profiler.enable');
			await post('Profiler.setSamplingInterval', { interval: 50 });
			await post('Profiler.start');
			for (let i = 0; i < iterations; i++) work();
			return (await post('Profiler.stop')).profile as CpuProfile;
		} finally {
			session.disconnect();
		}
	})();
}

/**
 * The functions with the most self time (time on top of the stack), as table rows: share of all
 * samples, and the function with its file; `(garbage collector)` and the like are V8's own entries.
 */
export function selfTimeRows(profile: CpuProfile, top: number): string[] {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const self = new Map<string, number>();
	let total = 0;
	profile.samples.forEach((id, index) => {
		const us = profile.timeDeltas[index] ?? 0;
		total += us;
		const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
		const where = url ? ` (${basename(url)}:${lineNumber + 1})` : '';
		const key = `\`${functionName || '(anonymous)'}\`${where}`;
		self.set(key, (self.get(key) ?? 0) + us);
	});
	const rows = ['| self time | function |', '|---|---|'];
	for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) rows.push(`| ${((100 * us) / total).toFixed(1)} % | ${key} |`);
	return rows;
}
