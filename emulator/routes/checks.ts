/**
 * The emulator's own checks of send requests (SMS and voice), with the API error code each failure
 * answers (docs/gateway-api.md, API error codes). Written apart from the node's pre-flight on
 * purpose, so tests compare two implementations.
 */
import { MAX_RECIPIENTS_PER_REQUEST } from '../../nodes/MessagingGateway/core/batch';
import { internationalNumberProblem, MAX_REFERENCE_LENGTH } from '../../nodes/MessagingGateway/core/rules';
import { parseWallClock } from '../../nodes/MessagingGateway/core/schedule';

export type Check<T> = { ok: true; value: T } | { ok: false; code: string; errorMsg: string };

const fail = (code: string, errorMsg: string) => ({ ok: false as const, code, errorMsg });

/**
 * `to`: one number or a list; international, digits only, a leading + allowed. 103 not a number, 106
 * not an E.164 number. The gateway documents no limit of recipients per request
 * (docs/gateway-api.md#limits): the emulator assumes MAX_RECIPIENTS_PER_REQUEST and answers more with 113 ("Order problem").
 */
export function checkRecipients(to: unknown): Check<string[]> {
	const list = typeof to === 'string' ? [to] : Array.isArray(to) ? to : undefined;
	if (!list || list.length === 0) return fail('103', 'Invalid phone number');
	if (list.length > MAX_RECIPIENTS_PER_REQUEST) return fail('113', `Too many recipients: at most ${MAX_RECIPIENTS_PER_REQUEST} per request`);
	const numbers: string[] = [];
	for (const entry of list) {
		const number = typeof entry === 'string' ? entry.replace(/^\+/, '') : '';
		if (!/^\d+$/.test(number)) return fail('103', 'Invalid phone number');
		if (internationalNumberProblem(number)) return fail('106', 'Invalid phone number');
		numbers.push(number);
	}
	return { ok: true, value: numbers };
}

/** Grace for a date that became the past while the request travelled. */
const PAST_GRACE_MS = 60_000;

/** `date`: exactly `yyyy-MM-dd HH:mm`, wall-clock time in the account's zone, not in the past (121). */
export function checkScheduleDate(date: unknown, timeZone: string, now = Date.now()): Check<Date | undefined> {
	if (date === undefined) return { ok: true, value: undefined };
	const parsed = typeof date === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(date) ? parseWallClock(date, timeZone) : undefined;
	if (!parsed?.ok || parsed.instant.getTime() < now - PAST_GRACE_MS) return fail('121', 'Date invalid or in the past');
	return { ok: true, value: parsed.instant };
}

/** `reference`: a text of at most MAX_REFERENCE_LENGTH characters (112). */
export function checkReference(reference: unknown): Check<string> {
	if (reference === undefined) return { ok: true, value: '' };
	if (typeof reference !== 'string' || reference.length > MAX_REFERENCE_LENGTH) {
		return fail('112', `Reference invalid: a text of at most ${MAX_REFERENCE_LENGTH} characters`);
	}
	return { ok: true, value: reference };
}
