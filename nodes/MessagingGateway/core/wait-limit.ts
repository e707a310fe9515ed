/**
 * When a waiting question stops waiting (the Limit Wait Time option): after an interval, or at a
 * date and time. A date without an offset is a time in the workflow's time zone, as n8n's date
 * fields are; a limit that is not in the future is refused rather than ending the wait at once.
 */
import { parseWallClock } from './schedule';

export interface WaitLimitValues {
	limitType?: unknown;
	resumeAmount?: unknown;
	resumeUnit?: unknown;
	maxDateAndTime?: unknown;
}

export type WaitLimit = { ok: true; until: Date | undefined } | { ok: false; error: string };

const UNIT_MS: Readonly<Record<string, number>> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

function afterInterval(values: WaitLimitValues, now: Date): WaitLimit {
	const amount = typeof values.resumeAmount === 'string' && values.resumeAmount.trim() !== '' ? Number(values.resumeAmount) : values.resumeAmount;
	const unit = values.resumeUnit ?? 'hours';
	if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) {
		return { ok: false, error: 'the amount must be a number greater than 0' };
	}
	if (typeof unit !== 'string' || UNIT_MS[unit] === undefined) return { ok: false, error: 'the unit must be minutes, hours or days' };
	return { ok: true, until: new Date(now.getTime() + amount * UNIT_MS[unit]) };
}

function atDate(value: unknown, timeZone: string, now: Date): WaitLimit {
	const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value.trim() : '';
	if (text === '') return { ok: false, error: 'the date and time is empty' };
	let until: Date;
	if (HAS_OFFSET.test(text)) {
		until = new Date(text);
		if (Number.isNaN(until.getTime())) return { ok: false, error: `"${text}" is not a date` };
	} else {
		const parsed = parseWallClock(text, timeZone);
		if (!parsed.ok) return parsed;
		until = parsed.instant;
	}
	if (until.getTime() <= now.getTime()) return { ok: false, error: `"${text}" is not in the future` };
	return { ok: true, until };
}

/** The end of the wait; `until` undefined means waiting until the answer comes. */
export function waitLimit(values: WaitLimitValues | undefined, timeZone: string, now: Date): WaitLimit {
	if (values === undefined || Object.keys(values).length === 0) return { ok: true, until: undefined };
	const type = values.limitType ?? 'afterTimeInterval';
	if (type === 'afterTimeInterval') return afterInterval(values, now);
	if (type === 'atSpecifiedTime') return atDate(values.maxDateAndTime, timeZone, now);
	return { ok: false, error: 'the limit type must be afterTimeInterval or atSpecifiedTime' };
}
