import { retryDecision } from '../../../../nodes/MessagingGateway/core/sending/retry';

/** Retry-After as RFC 9110 10.2.3 defines it: seconds, or an HTTP date. */
const now = Date.parse('2026-11-21T12:00:00Z');

describe('retryDecision: only what did nothing is tried again', () => {
	test.each([
		['a refused connection, first try: 1 s backoff', { refused: true as const }, 1, { retry: true, delayMs: 1000 }],
		['a refused connection, second try: 2 s backoff', { refused: true as const }, 2, { retry: true, delayMs: 2000 }],
		['a refused connection, third try: give up', { refused: true as const }, 3, { retry: false }],
		['429 without Retry-After', { status: 429 }, 1, { retry: true, delayMs: 1000 }],
		['503 with Retry-After in seconds', { status: 503, retryAfter: '5' }, 1, { retry: true, delayMs: 5000 }],
		[
			'429 with Retry-After as an HTTP date',
			{ status: 429, retryAfter: 'Sat, 21 Nov 2026 12:00:30 GMT' },
			1,
			{ retry: true, delayMs: 30_000 },
		],
		[
			'429 with an HTTP date already past',
			{ status: 429, retryAfter: 'Sat, 21 Nov 2026 11:00:00 GMT' },
			1,
			{ retry: true, delayMs: 0 },
		],
		['429 asking for more than a minute', { status: 429, retryAfter: '120' }, 1, { retry: false, delayMs: 120_000 }],
		['503 on the third try', { status: 503 }, 3, { retry: false, delayMs: 4000 }],
		['500: the SMS may have been sent', { status: 500 }, 1, { retry: false }],
		['502: the SMS may have been sent', { status: 502 }, 1, { retry: false }],
		['400: a refusal', { status: 400 }, 1, { retry: false }],
	])('%s', (_name, outcome, attempt, decision) => {
		expect(retryDecision(outcome, attempt, { now })).toEqual(decision);
	});
});

describe('retryDecision for a read (idempotent): a 5xx, a timeout or a reset is tried again too, within the same bounds', () => {
	test.each([
		['500', { status: 500 }, 1, { retry: true, delayMs: 1000 }],
		['502 on the second try', { status: 502 }, 2, { retry: true, delayMs: 2000 }],
		['500 on the third try: give up', { status: 500 }, 3, { retry: false, delayMs: 4000 }],
		['a lost answer (timeout or reset)', { lost: true as const }, 1, { retry: true, delayMs: 1000 }],
		['a lost answer on the third try', { lost: true as const }, 3, { retry: false }],
		['400: a refusal stays one', { status: 400 }, 1, { retry: false }],
	])('%s', (_name, outcome, attempt, decision) => {
		expect(retryDecision(outcome, attempt, { now, idempotent: true })).toEqual(decision);
	});

	test('a send never retries a lost answer', () => {
		expect(retryDecision({ lost: true }, 1, { now })).toEqual({ retry: false });
	});
});
