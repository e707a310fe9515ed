/** Waiting and polling for the tests, benchmarks and scripts: one helper, so every wait has a deadline and a name. */
import { noteTime, timed } from './suite-timings';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A pause, counted as waiting in `.ci/run`'s table of the slowest files (tools/suite-timings.ts). */
export const sleep = (ms: number) => timed('waiting', () => pause(ms));

export interface WaitOptions<T> {
	/** What is awaited, for the error: "<what> not within <timeoutMs> ms". */
	what: string;
	timeoutMs?: number;
	intervalMs?: number;
	/** Instead of failing at the deadline, returns what this gives (e.g. what the checks saw last). */
	onTimeout?: () => T;
	/** Counted as waiting in `.ci/run`'s table (default); false where the caller counts the time as its own part. */
	counted?: boolean;
}

/**
 * Calls `check` every `intervalMs` until it gives a value that is neither undefined nor false, and
 * returns that value; at the deadline, throws (or returns `onTimeout`'s answer).
 */
export async function waitFor<T>(
	check: () => Promise<T | undefined | false> | T | undefined | false,
	options: WaitOptions<T>,
): Promise<T> {
	const { what, timeoutMs = 30_000, intervalMs = 250, counted = true } = options;
	const began = Date.now();
	const deadline = began + timeoutMs;
	try {
		for (;;) {
			const value = await check();
			if (value !== undefined && value !== false) return value;
			if (Date.now() > deadline) {
				if (options.onTimeout) return options.onTimeout();
				throw new Error(`${what} not within ${timeoutMs} ms`);
			}
			await pause(intervalMs);
		}
	} finally {
		if (counted) noteTime('waiting', Date.now() - began);
	}
}

export interface WebhookProbe {
	timeoutMs?: number;
	/**
	 * GET (default): our trigger answers an unsigned GET with 401, so any answer but 404 means live.
	 * POST: a POST-only route (n8n's Webhook node) answers a GET with 404 too; the probe starts one execution.
	 */
	method?: 'GET' | 'POST';
	headers?: Record<string, string>;
	body?: string;
}

/** Right after activation a production webhook can answer 404 for a moment; waits until each is live. */
export async function waitForWebhooks(urls: string[], probe: WebhookProbe = {}): Promise<void> {
	const { timeoutMs = 20_000, method = 'GET', headers, body } = probe;
	const deadline = Date.now() + timeoutMs;
	for (const url of urls) {
		const answer = () =>
			fetch(url, { method, headers, body }).then(
				(response) => response.status,
				() => 0,
			);
		await waitFor(async () => ![0, 404].includes(await answer()), {
			what: `webhook ${method} ${url} to answer other than 404`,
			timeoutMs: Math.max(0, deadline - Date.now()),
		});
	}
}
