/**
 * When the node tries a gateway request again. A send is retried only when the gateway certainly did
 * nothing: a refused connection, HTTP 429 and 503 (docs/gateway-api.md#api-errors). A 5xx other than
 * 503, a timeout or a reset may have sent the message, so a send never retries them. A read
 * (balance, sender IDs, account, format) changes nothing at the gateway: it also retries those.
 */

/** Tries in all for a request that may be retried. */
export const MAX_ATTEMPTS = 3;
const BACKOFF_BASE_MS = 1000;
/** A Retry-After longer than this is not waited for: the error tells the user instead. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * What the last try got: the connection refused, the answer lost (a timeout or a reset after the
 * request went out), or an HTTP answer with its Retry-After header.
 */
export type AttemptOutcome = { refused: true } | { lost: true } | { status: number; retryAfter?: string };

export type RetryDecision =
	| { retry: true; delayMs: number }
	/** `delayMs`: the wait the gateway asked for, when that is why the node stops. */
	| { retry: false; delayMs?: number };

export interface RetryPolicy {
	/** The request changes nothing at the gateway, so trying it twice is harmless. Default false (a send). */
	idempotent?: boolean;
	now?: number;
}

/** The wait before try `attempt + 1`: Retry-After in seconds or as an HTTP date, else exponential backoff. */
function retryDelayMs(retryAfter: string | undefined, attempt: number, now: number): number {
	if (retryAfter !== undefined) {
		const seconds = Number(retryAfter);
		if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
		const date = Date.parse(retryAfter);
		if (!Number.isNaN(date)) return Math.max(0, date - now);
	}
	return BACKOFF_BASE_MS * 2 ** (attempt - 1);
}

/** Whether the gateway may be asked again after `outcome`, whatever the number of tries. */
function retryable(outcome: AttemptOutcome, idempotent: boolean): boolean {
	if ('refused' in outcome) return true;
	if ('lost' in outcome) return idempotent;
	return outcome.status === 429 || outcome.status === 503 || (idempotent && outcome.status >= 500);
}

/** Whether try number `attempt` (from 1), which ended with `outcome`, is followed by another, and after how long. */
export function retryDecision(outcome: AttemptOutcome, attempt: number, policy: RetryPolicy = {}): RetryDecision {
	if (!retryable(outcome, policy.idempotent ?? false)) return { retry: false };
	const delayMs = retryDelayMs('status' in outcome ? outcome.retryAfter : undefined, attempt, policy.now ?? Date.now());
	if (!('status' in outcome)) return attempt < MAX_ATTEMPTS ? { retry: true, delayMs } : { retry: false };
	return attempt < MAX_ATTEMPTS && delayMs <= MAX_RETRY_AFTER_MS ? { retry: true, delayMs } : { retry: false, delayMs };
}
