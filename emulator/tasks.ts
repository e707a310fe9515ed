/**
 * The timers and deliveries an emulator instance has started: `settle()` waits for all of them, bounded, and
 * names what it still waits for when the bound runs out; `cancelTimers()` stops the timers that have not fired.
 */
import { MAX_TIMEOUT_MS } from '../nodes/MessagingGateway/constants';

/** Node fires a longer timer at once: the longest delay a timer can wait (24.8 days). */
export const MAX_TIMER_MS = MAX_TIMEOUT_MS;

/** How long settle() waits by default: longer than a delivery's attempts and its repeat with the slowest settings tests use. */
export const SETTLE_LIMIT_MS = 300_000;

/** How many of the tasks still pending a settle() that ran out names. */
const NAMED_ON_TIMEOUT = 20;

export interface Tasks {
	/** Keeps `promise` among what settle() waits for; `describe` says what it is when settle() runs out. */
	track(promise: Promise<unknown>, describe: () => string): void;
	/** Runs `task` after `ms`: a timer that settle() waits for and cancelTimers() cancels. */
	later(ms: number, task: () => void, what: string): void;
	/** Resolves once nothing is pending; rejects after `limitMs`, naming what still is. */
	settle(limitMs?: number): Promise<void>;
	cancelTimers(): void;
}

export function createTasks(): Tasks {
	const pending = new Map<Promise<unknown>, () => string>();
	const timers = new Set<NodeJS.Timeout>();
	const track = (promise: Promise<unknown>, describe: () => string) => {
		pending.set(promise, describe);
		void promise.finally(() => pending.delete(promise));
	};
	const stillPending = (limitMs: number) => {
		const named = [...pending.values()].slice(0, NAMED_ON_TIMEOUT).map((describe) => `- ${describe()}`);
		const more = pending.size > named.length ? [`- and ${pending.size - named.length} more`] : [];
		return new Error(
			`The emulator has not settled after ${limitMs} ms; ${pending.size} pending:\n${[...named, ...more].join('\n')}`,
		);
	};
	return {
		track,
		later(ms, task, what) {
			const due = new Date(Date.now() + ms).toISOString();
			track(
				new Promise<void>((resolve) => {
					const timer = setTimeout(() => {
						timers.delete(timer);
						task();
						resolve();
					}, ms);
					timers.add(timer);
				}),
				() => `${what}, due at ${due}`,
			);
		},
		async settle(limitMs = SETTLE_LIMIT_MS) {
			let limit: NodeJS.Timeout | undefined;
			const ranOut = new Promise<'ran out'>((resolve) => {
				limit = setTimeout(() => resolve('ran out'), limitMs);
			});
			try {
				while (pending.size > 0) {
					if ((await Promise.race([Promise.allSettled([...pending.keys()]), ranOut])) === 'ran out')
						throw stillPending(limitMs);
				}
			} finally {
				clearTimeout(limit);
			}
		},
		cancelTimers() {
			for (const timer of timers) clearTimeout(timer);
			timers.clear();
		},
	};
}
