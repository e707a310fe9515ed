/**
 * Wall-clock time in a time zone: reading an instant's clock, the instants a clock names (none, one
 * or two around summer-time changes), and the gateway's `date` for an instant (gatewayDate).
 */

export const MINUTE_MS = 60_000;

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

export function wallClockIn(instant: Date, timeZone: string): WallClock {
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

export function asUtcMillis(clock: WallClock): number {
	return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

const DAY_MS = 86_400_000;
export const sameClock = (a: WallClock, b: WallClock) => asUtcMillis(a) === asUtcMillis(b);
const offsetAt = (millis: number, timeZone: string) => asUtcMillis(wallClockIn(new Date(millis), timeZone)) - millis;

/** The instants at which clocks in `timeZone` show `clock`, earliest first: none (clocks skip it), one, or two (clocks go back). */
export function occurrencesOf(clock: WallClock, timeZone: string): Date[] {
	const target = asUtcMillis(clock);
	return [...new Set([-DAY_MS, 0, DAY_MS].map((shift) => target - offsetAt(target + shift, timeZone)))]
		.filter((millis) => sameClock(wallClockIn(new Date(millis), timeZone), clock))
		.sort((a, b) => a - b)
		.map((millis) => new Date(millis));
}

/**
 * The instant at which clocks in `timeZone` show `clock`. A time that occurs twice (summer time
 * ends) gives its first occurrence: this is how the gateway is taken to read its `date` (the reading
 * java.time, PHP, Python and Temporal give by default) and how the emulator reads it. A time that
 * never occurs (summer time starts) gives an instant whose clock differs, which callers refuse.
 */
export function instantOf(clock: WallClock, timeZone: string): Date {
	const target = asUtcMillis(clock);
	return occurrencesOf(clock, timeZone)[0] ?? new Date(target - offsetAt(target, timeZone));
}

/** The first whole minute from `from` to `to` (epoch ms) at which `holds`, which is false before it and true after; `to` if none. */
function firstMinute(from: number, to: number, holds: (millis: number) => boolean): number {
	let [low, high] = [Math.ceil(from / MINUTE_MS), Math.floor(to / MINUTE_MS)];
	while (low < high) {
		const middle = Math.floor((low + high) / 2);
		if (holds(middle * MINUTE_MS)) high = middle;
		else low = middle + 1;
	}
	return high * MINUTE_MS;
}

/** For a `clock` the clocks skip (summer time starts): the instant they jump past it, e.g. 03:00 for 02:30. */
export function gapEnd(clock: WallClock, timeZone: string): Date {
	const target = asUtcMillis(clock);
	const [before, after] = [offsetAt(target - DAY_MS, timeZone), offsetAt(target + DAY_MS, timeZone)];
	return new Date(
		firstMinute(
			target - after,
			target - before,
			(millis) => asUtcMillis(wallClockIn(new Date(millis), timeZone)) > target,
		),
	);
}

/** No time zone moves its clocks back by more than this at once. */
const LONGEST_FOLD_MS = 3 * 3_600_000;

/**
 * The gateway's `date` for a send due at `instant`: its whole minute at or after it, as clocks in
 * `timeZone` show it — and, as the gateway reads a repeated time as its first occurrence
 * (instantOf), a due minute in the second occurrence of a repeated hour is sent as the first minute
 * after that hour, so the send is never earlier than asked: 02:30 CET on the day summer time ends in
 * Brussels (the second 02:30) goes out as `03:00`. `sendsAt` is when the gateway, read so, sends.
 */
export function gatewayDate(instant: Date, timeZone: string): { date: string; sendsAt: Date } {
	const due = Math.ceil(instant.getTime() / MINUTE_MS) * MINUTE_MS;
	const readsBackNotBefore = (millis: number) =>
		instantOf(wallClockIn(new Date(millis), timeZone), timeZone).getTime() >= millis;
	const sendsAt = readsBackNotBefore(due) ? due : firstMinute(due, due + LONGEST_FOLD_MS, readsBackNotBefore);
	return { date: shownClock(wallClockIn(new Date(sendsAt), timeZone)), sendsAt: new Date(sendsAt) };
}

export const pad = (value: number) => String(value).padStart(2, '0');

export const shownClock = (clock: WallClock) =>
	`${clock.year}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}`;
