/**
 * When a waiting question stops waiting (the Limit Wait Time option): after an interval, or at a
 * date and time. Dates are read as Schedule Date reads them (core/sending/schedule.ts): a date without an
 * offset is a time in the workflow's time zone, as n8n's date fields are; an impossible date (30
 * February) is refused, an epoch number is seconds or milliseconds. A limit that is not in the
 * future is refused rather than ending the wait at once, and one after the year 9999 (or no date at
 * all) rather than handing n8n a wait it cannot store: n8n would run the node again and again.
 */
import { dateValueText, instantOfInput, LATEST_INSTANT_MS } from '../sending/schedule';
import { explained } from '../error-text';

export interface WaitLimitValues {
	limitType?: unknown;
	resumeAmount?: unknown;
	resumeUnit?: unknown;
	maxDateAndTime?: unknown;
}

export type WaitLimit = { ok: true; until: Date | undefined } | { ok: false; error: string };

const UNIT_MS: Readonly<Record<string, number>> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };
const TOO_LATE = 'ends after the year 9999';
const KEPT_UNTIL = 'n8n cannot keep a waiting execution later than that.';

function afterInterval(values: WaitLimitValues, now: Date): WaitLimit {
	const amount =
		typeof values.resumeAmount === 'string' && values.resumeAmount.trim() !== ''
			? Number(values.resumeAmount)
			: values.resumeAmount;
	const unit = values.resumeUnit ?? 'hours';
	if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) {
		return { ok: false, error: 'the amount must be a number greater than 0' };
	}
	if (typeof unit !== 'string' || UNIT_MS[unit] === undefined)
		return { ok: false, error: 'the unit must be minutes, hours or days' };
	const until = now.getTime() + amount * UNIT_MS[unit];
	// A timestamp or a date typed into Amount lands here; n8n would store the wait as "never" and retry it.
	if (!(until <= LATEST_INSTANT_MS))
		return {
			ok: false,
			error: explained(
				`Amount ${amount} ${unit} ${TOO_LATE}`,
				`${KEPT_UNTIL} For a date, use Limit Type At Specified Time.`,
			),
		};
	return { ok: true, until: new Date(until) };
}

function atDate(value: unknown, timeZone: string, now: Date): WaitLimit {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return { ok: false, error: 'the date and time is empty' };
	const read = dateValueText(value) ?? {
		ok: false,
		error: `expected a date, text or an epoch number but got ${Array.isArray(value) ? 'a list' : typeof value}`,
	};
	if (!read.ok) return read;
	const text = read.text.trim();
	const parsed = instantOfInput(text, timeZone);
	if (!parsed.ok) return parsed;
	const until = parsed.instant;
	if (until.getTime() <= now.getTime()) return { ok: false, error: `"${text}" is not in the future` };
	if (until.getTime() > LATEST_INSTANT_MS) return { ok: false, error: explained(`"${text}" ${TOO_LATE}`, KEPT_UNTIL) };
	return { ok: true, until };
}

/** The end of the wait; `until` undefined means waiting until the answer comes. */
export function waitLimit(values: WaitLimitValues | undefined, timeZone: string, now: Date): WaitLimit {
	if (values === undefined || Object.keys(values).length === 0) return { ok: true, until: undefined };
	const type = values.limitType ?? 'afterTimeInterval';
	if (type === 'afterTimeInterval') return afterInterval(values, now);
	if (type !== 'atSpecifiedTime')
		return { ok: false, error: 'the limit type must be afterTimeInterval or atSpecifiedTime' };
	const limit = atDate(values.maxDateAndTime, timeZone, now);
	return limit.ok ? limit : { ok: false, error: `Max Date and Time: ${limit.error}` };
}
