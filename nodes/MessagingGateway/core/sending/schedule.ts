/**
 * Scheduled sends: the gateway takes `date` as `yyyy-MM-dd HH:mm` wall-clock time in the
 * account's time zone (public-api-notes). Input without an offset is taken as that wall-clock
 * time in `timeZone`; input with an offset or `Z` is an instant, shown in `timeZone`.
 */

import {
	asUtcMillis,
	gatewayDate,
	instantOf,
	MINUTE_MS,
	pad,
	sameClock,
	shownClock,
	wallClockIn,
	type WallClock,
} from './clock';
import { explained } from '../error-text';
import { describeValue } from '../values';

export type ScheduleResult = { ok: true; date: string } | { ok: false; error: string };

/** `yyyy-MM-dd HH:mm`, `T` and seconds (with a fraction) allowed, then an optional offset or `Z`. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:\s*(Z|[+-]\d{2}:?\d{2}))?$/i;

export interface ZonedTime {
	/** `YYYY-MM-DD HH:MM:SS` as clocks in the zone show it. */
	local: string;
	/** ISO 8601 with the zone's offset at that instant, e.g. `2026-11-21T23:57:00+01:00`. */
	iso8601: string;
}

/** An instant as the gateway writes its local/UTC time pairs (docs/gateway-api.md#webhooks, docs/gateway-api.md#webhook-types). */
export function formatZoned(instant: Date, timeZone: string): ZonedTime {
	const clock = wallClockIn(instant, timeZone);
	const date = `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
	const time = `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
	const offsetMinutes = Math.round((asUtcMillis(clock) - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
	const sign = offsetMinutes < 0 ? '-' : '+';
	const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
	return { local: `${date} ${time}`, iso8601: `${date}T${time}${offset}` };
}

export type WallClockResult = { ok: true; instant: Date; clock: WallClock } | { ok: false; error: string };

const MONTHS = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
];

/** What makes `clock` no time on any calendar, e.g. 30 February or minute 60; undefined when it is one. */
function calendarProblem(clock: WallClock): string | undefined {
	if (clock.month < 1 || clock.month > 12) return `there is no month ${clock.month}`;
	const days = new Date(Date.UTC(clock.year, clock.month, 0)).getUTCDate();
	if (clock.day < 1 || clock.day > days) return `${MONTHS[clock.month - 1]} ${clock.year} has ${days} days`;
	if (clock.hour > 23) return `hour ${clock.hour}: hours go from 00 to 23`;
	if (clock.minute > 59) return `minute ${clock.minute}: minutes go from 00 to 59`;
	if (clock.second > 59) return `second ${clock.second}: seconds go from 00 to 59`;
	return undefined;
}

type ParsedDateTime = { ok: true; clock: WallClock; millis: number; offset?: string } | { ok: false; error: string };

/** The fields of a date-time text, checked against the calendar; nothing rolls over into the next day or month. */
function parseDateTime(input: string): ParsedDateTime {
	const match = DATE_TIME.exec(input.trim());
	if (!match) return { ok: false, error: `"${input}" is not a date in the form yyyy-MM-dd HH:mm` };
	const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? '0'));
	const clock: WallClock = { year, month, day, hour, minute, second };
	const problem = calendarProblem(clock);
	if (problem) return { ok: false, error: explained(`"${input}" is not a valid calendar date`, problem) };
	return { ok: true, clock, millis: Math.round(Number(`0.${match[7] ?? '0'}`) * 1000), offset: match[8] };
}

/** The instant `clock` names at UTC offset `offset` (`Z`, `+01:00`, `-0130`). */
function instantAtOffset(clock: WallClock, millis: number, offset: string): Date | undefined {
	if (/^z$/i.test(offset)) return new Date(asUtcMillis(clock) + millis);
	const [, sign, hours, minutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(offset) ?? [];
	if (Number(hours) > 23 || Number(minutes) > 59) return undefined;
	const offsetMs = (Number(hours) * 60 + Number(minutes)) * MINUTE_MS * (sign === '-' ? -1 : 1);
	return new Date(asUtcMillis(clock) + millis - offsetMs);
}

/** The instant at which clocks in `timeZone` show `input` (`yyyy-MM-dd HH:mm`, seconds and `T` allowed). */
export function parseWallClock(input: string, timeZone: string): WallClockResult {
	const parsed = parseDateTime(input);
	if (!parsed.ok) return parsed;
	if (parsed.offset !== undefined) return { ok: false, error: `"${input}" has an offset; a wall-clock time has none` };
	const { clock } = parsed;
	const instant = instantOf(clock, timeZone);
	if (!sameClock(wallClockIn(instant, timeZone), clock)) {
		// Clocks skip this hour when summer time starts; sending "then" has no meaning.
		return {
			ok: false,
			error: explained(`"${input}" does not exist in ${timeZone}`, 'The clocks skip that hour (summer time starts).'),
		};
	}
	return { ok: true, instant: new Date(instant.getTime() + parsed.millis), clock };
}

/** The instant `input` names: with an offset or `Z` as it says, without one as the wall-clock time in `timeZone`. */
export function instantOfInput(
	input: string,
	timeZone: string,
): { ok: true; instant: Date } | { ok: false; error: string } {
	const parsed = parseDateTime(input);
	if (!parsed.ok || parsed.offset === undefined) return parseWallClock(input, timeZone);
	const instant = instantAtOffset(parsed.clock, parsed.millis, parsed.offset);
	return instant
		? { ok: true, instant }
		: { ok: false, error: `"${input}" has an offset that does not exist (${parsed.offset})` };
}

/** The last instant n8n can keep as the end of a wait: its databases store years up to 9999. */
export const LATEST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** An epoch number below this counts seconds (up to the year 5138), from it milliseconds (from March 1973). */
const EPOCH_MILLISECONDS_FROM = 1e11;

export type DateText = { ok: true; text: string } | { ok: false; error: string };

/** Epoch seconds or milliseconds as an instant in UTC text. */
function epochText(value: number): DateText {
	const millis = Math.abs(value) < EPOCH_MILLISECONDS_FROM ? value * 1000 : value;
	const unit = millis === value ? 'milliseconds' : 'seconds';
	if (!Number.isFinite(millis) || millis > LATEST_INSTANT_MS || millis < 0) {
		return {
			ok: false,
			error: explained(`the number ${value} is no date from 1970 to 9999`, `It was read as epoch ${unit}.`),
		};
	}
	return { ok: true, text: new Date(millis).toISOString() };
}

/**
 * A date field's value from an expression, as text for instantOfInput: text as written; a JavaScript
 * Date, a Luxon DateTime (n8n's $now) or an epoch number as its instant in UTC. Undefined for a value
 * that is no date at all (the caller says what it got).
 */
export function dateValueText(value: unknown): DateText | undefined {
	if (typeof value === 'string') return { ok: true, text: value };
	if (typeof value === 'number') return epochText(value);
	if (value instanceof Date)
		return Number.isNaN(value.getTime())
			? { ok: false, error: 'got an invalid date' }
			: { ok: true, text: value.toISOString() };
	const luxon = value as { isLuxonDateTime?: unknown; isValid?: unknown; toISO?: () => string | null } | null;
	if (
		typeof luxon !== 'object' ||
		luxon === null ||
		luxon.isLuxonDateTime !== true ||
		typeof luxon.toISO !== 'function'
	)
		return undefined;
	const iso = luxon.isValid === true ? luxon.toISO() : null;
	return iso ? { ok: true, text: iso } : { ok: false, error: 'got an invalid date' };
}

/** The gateway's UTC time of a message (`date_utc`): `YYYY-MM-DD HH:MM:SS`. */
const GATEWAY_UTC_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const STAMP_FORMS =
	"Give ISO 8601 with Z or an offset (the trigger's message.date_utc_iso8601), epoch seconds or milliseconds (a number or its digits), or the gateway's UTC time YYYY-MM-DD HH:MM:SS (message.date_utc).";

/**
 * The instant a message was received, as a trigger or the gateway writes it: ISO 8601 with `Z` or an offset, epoch
 * seconds or milliseconds (a number or a text of digits), the gateway's `date_utc` (read as UTC), a JavaScript Date
 * or a Luxon DateTime. Anything else is refused: a time without a zone could be read hours off.
 */
export function instantOfStamp(value: unknown): { ok: true; instant: Date } | { ok: false; error: string } {
	const digits = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
	const read = digits === undefined ? dateValueText(value) : epochText(digits);
	if (read === undefined)
		return { ok: false, error: explained(`expected a date but got ${describeValue(value)}`, STAMP_FORMS) };
	if (!read.ok) return read;
	const text = read.text.trim();
	if (GATEWAY_UTC_TIME.test(text)) return instantOfInput(text, 'UTC');
	const parsed = parseDateTime(text);
	if (parsed.ok && parsed.offset !== undefined) return instantOfInput(text, 'UTC');
	const what = parsed.ok ? 'has no time zone' : 'is not a date with a time zone';
	return { ok: false, error: explained(`"${text}" ${what}`, STAMP_FORMS) };
}

/**
 * The gateway's `date` for `input`. The gateway schedules whole minutes (docs/gateway-api.md#send-sms),
 * so a time with seconds is rounded UP to the next whole minute, never down: a few seconds later than
 * asked is harmless, earlier is not. This also means a time 1–59 s ahead is never sent as the minute
 * that has already begun (which the gateway would take as "now" or as past), nor as a repeated time
 * the gateway would read an hour early (gatewayDate).
 */
export function formatScheduleDate(input: string, timeZone: string, now: Date): ScheduleResult {
	const parsed = instantOfInput(input, timeZone);
	if (!parsed.ok) return parsed;
	const { instant } = parsed;
	if (instant.getTime() < now.getTime()) {
		const shown = shownClock(wallClockIn(instant, timeZone));
		return {
			ok: false,
			error: explained(
				`"${input}" is in the past`,
				`It is ${shown} in the account's time zone ${timeZone}; a scheduled date must be in the future.`,
			),
		};
	}
	return { ok: true, date: gatewayDate(instant, timeZone).date };
}
