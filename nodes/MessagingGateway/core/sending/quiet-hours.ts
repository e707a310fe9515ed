/**
 * Quiet Hours: a window in the recipient's local time outside which a send is deferred to the
 * window's next opening, skipped or refused. The recipient's zone comes from the item, else the
 * number (libphonenumber's prefix map: numbers/time-zones.ts), else the account.
 */
import { PREFIX_ZONES, SEVERAL_ZONES } from '../numbers/time-zones';
import { gapEnd, gatewayDate, occurrencesOf, wallClockIn, type WallClock } from './clock';
import { formatZoned } from './schedule';

export const QUIET_DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type QuietDay = (typeof QUIET_DAYS)[number];
export type QuietMode = 'defer' | 'skip' | 'error';
export type TimeZoneSource = 'item' | 'areaCode' | 'country' | 'account';

/** Sending is allowed on `days` (0 = Sunday) from `from` until before `until`, in minutes after midnight. */
export interface QuietWindow {
	days: ReadonlySet<number>;
	from: number;
	until: number;
	mode: QuietMode;
}

const EVERY_DAY = new Set([0, 1, 2, 3, 4, 5, 6]);
/** TCPA, 47 CFR 64.1200(c)(1): 08:00–21:00; Florida (§501.059(8)(a)) and Oklahoma (15 O.S. §775C.3): 08:00–20:00. */
const PRESETS = { usFederal: { from: 8 * 60, until: 21 * 60 }, usStrict: { from: 8 * 60, until: 20 * 60 } } as const;

const minutesOf = (text: unknown): number | undefined => {
	const match = typeof text === 'string' ? /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim()) : null;
	return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
};

/** The window the option's values describe, or what is wrong with them. */
export function quietWindow(values: Record<string, unknown>): QuietWindow | { error: string } {
	const mode = (values.mode ?? 'defer') as QuietMode;
	if (!['defer', 'skip', 'error'].includes(mode))
		return { error: `Outside Allowed Hours (mode) must be defer, skip or error; got "${String(mode)}"` };
	const preset = values.preset ?? 'usFederal';
	if (preset === 'usFederal' || preset === 'usStrict') return { days: EVERY_DAY, ...PRESETS[preset], mode };
	if (preset !== 'custom')
		return { error: `Allowed Hours (preset) must be usFederal, usStrict or custom; got "${String(preset)}"` };
	const from = minutesOf(values.from);
	const until = minutesOf(values.until);
	if (from === undefined || until === undefined)
		return { error: 'Custom From and Custom Until must be times in the form HH:mm, e.g. 09:00' };
	if (from >= until)
		return {
			error: `Custom From (${String(values.from)}) must be earlier than Custom Until (${String(values.until)})`,
		};
	const days = Array.isArray(values.days) ? values.days : [];
	if (days.length === 0 || days.some((day) => !QUIET_DAYS.includes(day as QuietDay)))
		return { error: 'Custom Days must list at least one of mon … sun' };
	return { days: new Set(days.map((day) => QUIET_DAYS.indexOf(day as QuietDay))), from, until, mode };
}

/** Prefix → its one zone, or undefined where its numbers are in several (numbers/time-zones.ts); built on first use. */
let prefixZones: Map<string, string | undefined> | undefined;
let longestPrefix = 0;

function zonesByPrefix(): Map<string, string | undefined> {
	if (prefixZones) return prefixZones;
	prefixZones = new Map<string, string | undefined>(SEVERAL_ZONES.split(' ').map((prefix) => [prefix, undefined]));
	for (const [zone, prefixes] of Object.entries(PREFIX_ZONES))
		for (const prefix of prefixes.split(' ')) prefixZones.set(prefix, zone);
	for (const prefix of prefixZones.keys()) longestPrefix = Math.max(longestPrefix, prefix.length);
	return prefixZones;
}

/**
 * A number's time zone from its digits (international, no +), as libphonenumber's map gives it: its
 * longest prefix in the map decides; when the numbers of that prefix are in several zones, none.
 * `country` when that prefix is the country's calling code, else `areaCode` (an area code, or more).
 */
export function numberTimeZone(digits: string): { zone: string; source: TimeZoneSource } | undefined {
	const zones = zonesByPrefix();
	for (let length = Math.min(digits.length, longestPrefix); length > 0; length--) {
		const prefix = digits.slice(0, length);
		if (!zones.has(prefix)) continue;
		const zone = zones.get(prefix);
		if (zone === undefined) return undefined;
		const shorter = Array.from({ length: length - 1 }, (_, index) => digits.slice(0, index + 1));
		return { zone, source: shorter.some((part) => zones.has(part)) ? 'areaCode' : 'country' };
	}
	return undefined;
}

const dayOf = (clock: WallClock) => new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay();
const isOpen = (window: QuietWindow, clock: WallClock) => {
	const minutes = clock.hour * 60 + clock.minute;
	return window.days.has(dayOf(clock)) && minutes >= window.from && minutes < window.until;
};

/**
 * The first instant at or after `at` at which the window is open in `zone`. An opening the clocks
 * skip (summer time starts) is the instant they jump past it, when the window is open then (02:30 →
 * 03:00); a window wholly inside the skipped hour does not open that day. An opening the clocks show
 * twice (summer time ends) is its first occurrence not before `at`.
 */
export function nextOpening(window: QuietWindow, at: Date, zone: string): Date {
	const clock = wallClockIn(at, zone);
	if (isOpen(window, clock)) return at;
	const today = clock.hour * 60 + clock.minute < window.from ? 0 : 1;
	for (let shift = today; ; shift++) {
		const day = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + shift));
		if (!window.days.has(day.getUTCDay())) continue;
		const opening = {
			year: day.getUTCFullYear(),
			month: day.getUTCMonth() + 1,
			day: day.getUTCDate(),
			hour: Math.floor(window.from / 60),
			minute: window.from % 60,
			second: 0,
		};
		const occurrences = occurrencesOf(opening, zone);
		const instant =
			occurrences.length === 0 ? gapEnd(opening, zone) : occurrences.find((occurrence) => occurrence >= at);
		if (instant && instant >= at && isOpen(window, wallClockIn(instant, zone))) return instant;
	}
}

export interface QuietCheck {
	/** The recipient's local time when the send would go out, ISO 8601 with its offset. */
	localTime: string;
	/**
	 * When outside the window: the gateway's `date` (the opening in the account's zone, gatewayDate)
	 * and the instant the gateway sends at, read back from it, in the recipient's zone (ISO 8601).
	 */
	deferredTo?: string;
	date?: string;
}

/** Where the window stands at `at` (now, or the send's Schedule Date) for a recipient in `zone`. */
export function checkQuietHours(window: QuietWindow, at: Date, zone: string, accountZone: string): QuietCheck {
	const localTime = formatZoned(at, zone).iso8601;
	const opening = nextOpening(window, at, zone);
	if (opening === at) return { localTime };
	const { date, sendsAt } = gatewayDate(opening, accountZone);
	return { localTime, deferredTo: formatZoned(sendsAt, zone).iso8601, date };
}
