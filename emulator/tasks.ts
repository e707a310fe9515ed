/**
 * The timers and deliveries an emulator instance has started: `settle()` waits for all of them,
 * `cancelTimers()` stops the timers that have not fired.
 */
import { MAX_TIMEOUT_MS } from '../nodes/MessagingGateway/constants';

/** Node fires a longer timer at once: the longest delay a timer can wait (24.8 days). */
export const MAX_TIMER_MS = MAX_TIMEOUT_MS;

export interface Tasks {
	/** Keeps `promise` among what settle() waits for. */
	track(promise: Promise<unknown>): void;
	/** Runs `task` after `ms`: a timer that settle() waits for and cancelTimers() cancels. */
	later(ms: number, task: () => void): void;
	settle(): Promise<void>;
	cancelTimers(): void;
}

export function createTasks(): Tasks {
	const pending = new Set<Promise<unknown>>();
	const timers = new Set<NodeJS.Timeout>();
	const track = (promise: Promise<unknown>) => {
		pending.add(promise);
		void promise.finally(() => pending.delete(promise));
	};
	return {
		track,
		later(ms, task) {
			track(
				new Promise<void>((resolve) => {
					const timer = setTimeout(() => {
						timers.delete(timer);
						task();
						resolve();
					}, ms);
					timers.add(timer);
				}),
			);
		},
		async settle() {
			while (pending.size > 0) await Promise.allSettled([...pending]);
		},
		cancelTimers() {
			for (const timer of timers) clearTimeout(timer);
			timers.clear();
		},
	};
}
