/**
 * Scheduled sends: the gateway takes `date` as `yyyy-MM-dd HH:mm` wall-clock time in the
 * account's time zone (public-api-notes). Input without an offset is taken as that wall-clock
 * time in `timeZone`; input with an offset or `Z` is an instant, shown in `timeZone`.
 */

export type ScheduleResult = { ok: true; date: string } | { ok: false; error: string };

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

export interface WallClock {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

/** One formatter per zone: creating an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		// Throws a RangeError for a name that is no IANA time zone; only valid zones are kept.
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(timeZone, formatter);
	}
	return formatter;
}

function wallClockIn(instant: Date, timeZone: string): WallClock {
	const parts = formatterFor(timeZone).formatToParts(instant);
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
	return {
		year: get('year'),
		month: get('month'),
		day: get('day'),
		hour: get('hour'),
		minute: get('minute'),
		second: get('second'),
	};
}

function asUtcMillis(clock: WallClock): number {
	return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

const DAY_MS = 86_400_000;
const sameClock = (a: WallClock, b: WallClock) => asUtcMillis(a) === asUtcMillis(b);

/**
 * The instant at which clocks in `timeZone` show `clock`: one of the zone's offsets around that day
 * gives it. A time that occurs twice (summer time ends) gives its first occurrence; a time that never
 * occurs (summer time starts) gives an instant whose clock differs, which callers refuse.
 */
function instantOf(clock: WallClock, timeZone: string): Date {
	const target = asUtcMillis(clock);
	const offsetAt = (millis: number) => asUtcMillis(wallClockIn(new Date(millis), timeZone)) - millis;
	const candidates = [...new Set([-DAY_MS, 0, DAY_MS].map((shift) => target - offsetAt(target + shift)))]
		.filter((millis) => sameClock(wallClockIn(new Date(millis), timeZone), clock))
		.sort((a, b) => a - b);
	return new Date(candidates[0] ?? target - offsetAt(target));
}

const pad = (value: number) => String(value).padStart(2, '0');

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

/** The instant at which clocks in `timeZone` show `input` (`yyyy-MM-dd HH:mm`, seconds and `T` allowed). */
export function parseWallClock(input: string, timeZone: string): WallClockResult {
	const match = WALL_CLOCK.exec(input.trim());
	if (!match) return { ok: false, error: `"${input}" is not a date in the form yyyy-MM-dd HH:mm` };
	const [year, month, day, hour, minute, second = '0'] = match.slice(1).map((part) => part ?? '0');
	const clock: WallClock = {
		year: Number(year),
		month: Number(month),
		day: Number(day),
		hour: Number(hour),
		minute: Number(minute),
		second: Number(second),
	};
	const instant = instantOf(clock, timeZone);
	const check = wallClockIn(instant, timeZone);
	if (check.month !== clock.month || check.day !== clock.day) {
		return { ok: false, error: `"${input}" is not a valid calendar date` };
	}
	if (check.hour !== clock.hour || check.minute !== clock.minute) {
		// Clocks skip this hour when summer time starts; sending "then" has no meaning.
		return { ok: false, error: `"${input}" does not exist in ${timeZone}: the clocks skip that hour (summer time starts)` };
	}
	return { ok: true, instant, clock };
}

export function formatScheduleDate(input: string, timeZone: string, now: Date): ScheduleResult {
	const text = input.trim();
	let instant: Date;
	let clock: WallClock;
	if (HAS_OFFSET.test(text)) {
		instant = new Date(text);
		if (Number.isNaN(instant.getTime())) return { ok: false, error: `"${input}" is not a date` };
		clock = wallClockIn(instant, timeZone);
	} else {
		const parsed = parseWallClock(input, timeZone);
		if (!parsed.ok) return parsed;
		({ instant, clock } = parsed);
	}
	if (instant.getTime() < now.getTime()) {
		const shown = `${clock.year}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}`;
		return { ok: false, error: `"${input}" is in the past (${shown} in the account's time zone ${timeZone}); a scheduled date must be in the future` };
	}
	return {
		ok: true,
		date: `${clock.year}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}`,
	};
}
