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
		new Promise<Record<string, unknown>>((resolve, reject) =>
			session.post(method, params, (error, result) =>
				error ? reject(error) : resolve(result as Record<string, unknown>),
			),
		);
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

/** Each sample's duration and stack (top frame first), leaving out the profiler's own start and stop (`node:inspector`). */
export function samplesOf(profile: CpuProfile): Array<{ us: number; stack: ProfileNode[] }> {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	return profile.samples
		.map((id, index) => {
			const stack: ProfileNode[] = [];
			for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!);
			return { us: profile.timeDeltas[index] ?? 0, stack };
		})
		.filter(({ stack }) => !stack.some((frame) => frame.callFrame.url === 'node:inspector'));
}

const frameName = ({ callFrame: { functionName, url } }: ProfileNode) =>
	`\`${functionName || '(anonymous)'}\`${url ? ` (${basename(url)})` : ''}`;

/** The share (0–1) of the samples with a function of this name on the stack: its own time and its callees'. */
export function inclusiveShare(profile: CpuProfile, functionName: string): number {
	const samples = samplesOf(profile);
	const total = samples.reduce((sum, sample) => sum + sample.us, 0);
	const under = samples.filter(({ stack }) => stack.some((frame) => frame.callFrame.functionName === functionName));
	return under.reduce((sum, sample) => sum + sample.us, 0) / total;
}

/** The `top` functions with the most self time (on top of the stack) as table rows; `(garbage collector)` and the like are V8's own. */
export function selfTimeRows(profile: CpuProfile, top: number): string[] {
	const samples = samplesOf(profile);
	const total = samples.reduce((sum, sample) => sum + sample.us, 0);
	const self = new Map<string, number>();
	for (const { us, stack } of samples) self.set(frameName(stack[0]), (self.get(frameName(stack[0])) ?? 0) + us);
	return [...self]
		.sort((a, b) => b[1] - a[1])
		.slice(0, top)
		.map(([name, us]) => `| ${((100 * us) / total).toFixed(1)} % | ${name} |`);
}
