/**
 * When the node tries a gateway request again. Only answers that say nothing was done are retried:
 * a refused connection, HTTP 429 and 503 (docs/gateway-api.md#api-errors). A 5xx other than 503 or
 * a timeout may have sent the SMS, so it is never retried.
 */

/** Tries in all for a request that may be retried. */
export const MAX_ATTEMPTS = 3;
const BACKOFF_BASE_MS = 1000;
/** A Retry-After longer than this is not waited for: the error tells the user instead. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** What the last try got: the connection refused, or an HTTP answer with its Retry-After header. */
export type AttemptOutcome = { refused: true } | { refused?: false; status: number; retryAfter?: string };

export type RetryDecision =
	| { retry: true; delayMs: number }
	/** `delayMs`: the wait the gateway asked for, when that is why the node stops. */
	| { retry: false; delayMs?: number };

/** The wait before try `attempt + 1`: Retry-After in seconds or as an HTTP date, else exponential backoff. */
function retryDelayMs(retryAfter: string | undefined, attempt: number, now = Date.now()): number {
	if (retryAfter !== undefined) {
		const seconds = Number(retryAfter);
		if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
		const date = Date.parse(retryAfter);
		if (!Number.isNaN(date)) return Math.max(0, date - now);
	}
	return BACKOFF_BASE_MS * 2 ** (attempt - 1);
}

/** Whether try number `attempt` (from 1), which ended with `outcome`, is followed by another, and after how long. */
export function retryDecision(outcome: AttemptOutcome, attempt: number, now = Date.now()): RetryDecision {
	if (outcome.refused) return attempt < MAX_ATTEMPTS ? { retry: true, delayMs: retryDelayMs(undefined, attempt, now) } : { retry: false };
	if (outcome.status !== 429 && outcome.status !== 503) return { retry: false };
	const delayMs = retryDelayMs(outcome.retryAfter, attempt, now);
	return attempt < MAX_ATTEMPTS && delayMs <= MAX_RETRY_AFTER_MS ? { retry: true, delayMs } : { retry: false, delayMs };
}
