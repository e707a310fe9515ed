import { DateTime } from 'luxon';

import { formatScheduleDate, instantOfStamp } from '../../../../nodes/MessagingGateway/core/sending/schedule';
import { plain } from '../../../support/plain';

const now = new Date('2026-01-01T00:00:00Z');
const format = (input: string, zone: string) => plain(formatScheduleDate(input, zone, now));

describe('formatScheduleDate in the account time zone', () => {
	test.each([
		// An instant with an offset or Z is shown as the account's wall-clock time.
		['2031-06-01T10:30:00Z', 'Europe/Amsterdam', '2031-06-01 12:30'],
		['2031-01-15T10:30:00Z', 'Europe/Amsterdam', '2031-01-15 11:30'],
		['2031-06-01T10:30:00Z', 'America/New_York', '2031-06-01 06:30'],
		['2031-06-01T10:30:00+09:00', 'Asia/Tokyo', '2031-06-01 10:30'],
		// Without an offset, the text already is the account's local time.
		['2031-06-01T10:30', 'America/New_York', '2031-06-01 10:30'],
		['2031-06-01 10:30', 'Asia/Tokyo', '2031-06-01 10:30'],
		// Summer time ends (clocks go back at 03:00 CEST / 02:00 EDT): both instants show the same wall-clock time,
		// which the gateway reads as the first; the second is sent as the first minute after the repeated hour.
		['2026-10-25T00:30:00Z', 'Europe/Amsterdam', '2026-10-25 02:30'],
		['2026-10-25T01:30:00Z', 'Europe/Amsterdam', '2026-10-25 03:00'],
		['2026-11-01T05:30:00Z', 'America/New_York', '2026-11-01 01:30'],
		['2026-11-01T06:30:00Z', 'America/New_York', '2026-11-01 02:00'],
		['2026-11-01T06:59:30Z', 'America/New_York', '2026-11-01 02:00'],
		['2026-11-01T07:00:00Z', 'America/New_York', '2026-11-01 02:00'],
		['2026-10-25 02:30', 'Europe/Amsterdam', '2026-10-25 02:30'],
		// Summer time starts: the instant after the jump.
		['2026-03-29T01:30:00Z', 'Europe/Amsterdam', '2026-03-29 03:30'],
		['2026-03-08T07:30:00Z', 'America/New_York', '2026-03-08 03:30'],
	])('%s in %s -> %s', (input, zone, expected) => {
		expect(format(input, zone)).toEqual({ ok: true, date: expected });
	});

	test.each([
		['2026-03-29 02:30', 'Europe/Amsterdam'],
		['2026-03-08 02:30', 'America/New_York'],
	])('%s does not exist in %s (the clocks skip that hour)', (input, zone) => {
		expect(format(input, zone)).toEqual({ ok: false, error: expect.stringContaining(`does not exist in ${zone}`) });
	});

	test('"in the past" is judged in the account zone', () => {
		// 10:00 on 1 Jan 2026 is 09:00Z in Amsterdam (future) but 01:00Z the same day in Tokyo… both after now;
		// at now = 05:00Z, Tokyo's 10:00 (01:00Z) has passed while Amsterdam's (09:00Z) has not.
		const at = new Date('2026-01-01T05:00:00Z');
		expect(formatScheduleDate('2026-01-01 10:00', 'Europe/Amsterdam', at)).toEqual({
			ok: true,
			date: '2026-01-01 10:00',
		});
		expect(plain(formatScheduleDate('2026-01-01 10:00', 'Asia/Tokyo', at))).toEqual({
			ok: false,
			error: expect.stringContaining("is in the past. It is 2026-01-01 10:00 in the account's time zone Asia/Tokyo"),
		});
	});

	test('a time that occurs twice is judged by its first occurrence', () => {
		// 02:30 on 25 Oct 2026 in Amsterdam is first at 00:30Z (CEST), again at 01:30Z (CET).
		expect(formatScheduleDate('2026-10-25 02:30', 'Europe/Amsterdam', new Date('2026-10-25T00:45:00Z')).ok).toBe(false);
		expect(formatScheduleDate('2026-10-25 02:30', 'Europe/Amsterdam', new Date('2026-10-25T00:15:00Z')).ok).toBe(true);
	});
});

describe('formatScheduleDate across summer-time changes', () => {
	test('a time the clocks skip (the gap) is refused, in Amsterdam and in New York', () => {
		const before = new Date('2026-01-01T00:00:00Z');
		expect(formatScheduleDate('2026-03-29 02:30', 'Europe/Amsterdam', before)).toEqual({
			ok: false,
			error: expect.stringContaining('does not exist'),
		});
		expect(formatScheduleDate('2026-03-08 02:30', 'America/New_York', before)).toEqual({
			ok: false,
			error: expect.stringContaining('does not exist'),
		});
	});

	test('the minutes around the gap are kept as written', () => {
		const before = new Date('2026-01-01T00:00:00Z');
		expect(formatScheduleDate('2026-03-29 01:59', 'Europe/Amsterdam', before)).toEqual({
			ok: true,
			date: '2026-03-29 01:59',
		});
		expect(formatScheduleDate('2026-03-29 03:00', 'Europe/Amsterdam', before)).toEqual({
			ok: true,
			date: '2026-03-29 03:00',
		});
	});

	test('a time that occurs twice (the overlap) is accepted as written', () => {
		const before = new Date('2026-01-01T00:00:00Z');
		expect(formatScheduleDate('2026-10-25 02:30', 'Europe/Amsterdam', before)).toEqual({
			ok: true,
			date: '2026-10-25 02:30',
		});
		expect(formatScheduleDate('2026-11-01 01:30', 'America/New_York', before)).toEqual({
			ok: true,
			date: '2026-11-01 01:30',
		});
	});
});

describe('formatScheduleDate refuses what is no time on the calendar, naming the problem', () => {
	test.each([
		['2031-02-30T10:00:00Z', 'February 2031 has 28 days'],
		['2031-02-30T10:00:00.000Z', 'February 2031 has 28 days'],
		['2031-02-30T10:00:00+01:00', 'February 2031 has 28 days'],
		['2031-02-30T10:00-0500', 'February 2031 has 28 days'],
		['2031-02-30 10:00', 'February 2031 has 28 days'],
		['2031-02-29T10:00', 'February 2031 has 28 days'],
		['2031-06-31 10:00', 'June 2031 has 30 days'],
		['2031-00-10 10:00', 'there is no month 0'],
		['2031-06-00 10:00', 'June 2031 has 30 days'],
		['2031-06-01 10:60', 'minute 60: minutes go from 00 to 59'],
		['2031-06-01T10:60+02:00', 'minute 60: minutes go from 00 to 59'],
		['2031-06-01 25:00', 'hour 25: hours go from 00 to 23'],
		['2031-06-01 10:00:60', 'second 60: seconds go from 00 to 59'],
	])('%s: %s', (input, problem) => {
		expect(format(input, 'Europe/Amsterdam')).toEqual({
			ok: false,
			error: `"${input}" is not a valid calendar date. ${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`,
		});
	});

	test('29 February of a leap year is a date', () => {
		expect(format('2032-02-29T10:00:00Z', 'Europe/Amsterdam')).toEqual({ ok: true, date: '2032-02-29 11:00' });
	});

	test('an offset that does not exist is refused', () => {
		expect(format('2031-06-01T10:00+24:00', 'Europe/Amsterdam')).toEqual({
			ok: false,
			error: expect.stringContaining('has an offset that does not exist'),
		});
	});

	test('other notations are refused, not guessed', () => {
		for (const input of ['Feb 30 2031 10:00 Z', '30-02-2031 10:00', '20310601T100000Z']) {
			expect(format(input, 'Europe/Amsterdam')).toEqual({
				ok: false,
				error: `"${input}" is not a date in the form yyyy-MM-dd HH:mm`,
			});
		}
	});
});

describe('formatScheduleDate never sends a minute earlier than asked', () => {
	const at = new Date('2026-06-01T12:00:20Z');
	test.each([
		// 1–59 s ahead, within the minute that has begun: the next minute, not 14:00 (Amsterdam, UTC+2).
		['2026-06-01T12:00:21Z', '2026-06-01 14:01'],
		['2026-06-01T12:00:59.999Z', '2026-06-01 14:01'],
		['2026-06-01 14:00:40', '2026-06-01 14:01'],
		// 40 s ahead, into the next minute: rounded up to the one after.
		['2026-06-01T12:01:00.001Z', '2026-06-01 14:02'],
		// Whole minutes stay as they are.
		['2026-06-01T12:01:00Z', '2026-06-01 14:01'],
		['2031-06-01T10:30:30Z', '2031-06-01 12:31'],
	])('%s -> %s', (input, expected) => {
		expect(formatScheduleDate(input, 'Europe/Amsterdam', at)).toEqual({ ok: true, date: expected });
	});

	test('a time earlier in the current minute is in the past', () => {
		expect(formatScheduleDate('2026-06-01T12:00:10Z', 'Europe/Amsterdam', at)).toEqual({
			ok: false,
			error: expect.stringContaining('is in the past'),
		});
	});
});

describe('instantOfStamp: a received time in the forms a trigger or the gateway writes, never one without a zone', () => {
	const at = '2024-11-28T13:45:10.000Z';
	test.each<[string, unknown]>([
		['ISO 8601 with Z', '2024-11-28T13:45:10Z'],
		['ISO 8601 with an offset', '2024-11-28T14:45:10+01:00'],
		['epoch seconds', 1732801510],
		['epoch seconds as text', ' 1732801510 '],
		['epoch milliseconds', 1732801510000],
		['epoch milliseconds as text', '1732801510000'],
		["the gateway's date_utc (UTC)", '2024-11-28 13:45:10'],
		['a Date', new Date(at)],
		['a Luxon DateTime', DateTime.fromISO('2024-11-28T08:45:10', { zone: 'America/New_York' })],
	])('%s', (_, value) => {
		const read = instantOfStamp(value);
		expect(read.ok && read.instant.toISOString()).toBe(at);
	});

	test.each<[unknown, RegExp]>([
		['2024-11-28T13:45:10', /^"2024-11-28T13:45:10" has no time zone\. Give ISO 8601/],
		['2024-11-28 13:45', /^"2024-11-28 13:45" has no time zone/],
		['28/11/2024 13:45:10', /^"28\/11\/2024 13:45:10" is not a date with a time zone/],
		['1732801510.5', /^"1732801510\.5" is not a date with a time zone/],
		['2024-02-30 13:45:10', /^"2024-02-30 13:45:10" is not a valid calendar date/],
		[-5, /^the number -5 is no date from 1970 to 9999/],
		[{}, /^expected a date but got an object\. Give ISO 8601/],
	])('refused: %p', (value, error) => {
		expect(plain(instantOfStamp(value))).toEqual({ ok: false, error: expect.stringMatching(error) });
	});
});
