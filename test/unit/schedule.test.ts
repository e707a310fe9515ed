import { formatScheduleDate } from '../../nodes/MessagingGateway/core/schedule';

const now = new Date('2026-01-01T00:00:00Z');
const format = (input: string, zone: string) => formatScheduleDate(input, zone, now);

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
		// Summer time ends (clocks go back at 03:00 CEST / 02:00 EDT): both instants show the same wall-clock time.
		['2026-10-25T00:30:00Z', 'Europe/Amsterdam', '2026-10-25 02:30'],
		['2026-10-25T01:30:00Z', 'Europe/Amsterdam', '2026-10-25 02:30'],
		['2026-11-01T05:30:00Z', 'America/New_York', '2026-11-01 01:30'],
		['2026-11-01T06:30:00Z', 'America/New_York', '2026-11-01 01:30'],
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
		expect(formatScheduleDate('2026-01-01 10:00', 'Europe/Amsterdam', at)).toEqual({ ok: true, date: '2026-01-01 10:00' });
		expect(formatScheduleDate('2026-01-01 10:00', 'Asia/Tokyo', at)).toEqual({
			ok: false,
			error: expect.stringContaining("is in the past (2026-01-01 10:00 in the account's time zone Asia/Tokyo)"),
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
		expect(formatScheduleDate('2026-03-29 02:30', 'Europe/Amsterdam', before)).toEqual({ ok: false, error: expect.stringContaining('does not exist') });
		expect(formatScheduleDate('2026-03-08 02:30', 'America/New_York', before)).toEqual({ ok: false, error: expect.stringContaining('does not exist') });
	});

	test('the minutes around the gap are kept as written', () => {
		const before = new Date('2026-01-01T00:00:00Z');
		expect(formatScheduleDate('2026-03-29 01:59', 'Europe/Amsterdam', before)).toEqual({ ok: true, date: '2026-03-29 01:59' });
		expect(formatScheduleDate('2026-03-29 03:00', 'Europe/Amsterdam', before)).toEqual({ ok: true, date: '2026-03-29 03:00' });
	});

	test('a time that occurs twice (the overlap) is accepted as written', () => {
		const before = new Date('2026-01-01T00:00:00Z');
		expect(formatScheduleDate('2026-10-25 02:30', 'Europe/Amsterdam', before)).toEqual({ ok: true, date: '2026-10-25 02:30' });
		expect(formatScheduleDate('2026-11-01 01:30', 'America/New_York', before)).toEqual({ ok: true, date: '2026-11-01 01:30' });
	});
});
