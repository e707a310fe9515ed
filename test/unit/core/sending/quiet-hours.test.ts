/** The window of Quiet Hours: its presets and custom values, and its next opening on ordinary and summer-time days. */
import {
	checkQuietHours,
	nextOpening,
	quietWindow,
	type QuietWindow,
} from '../../../../nodes/MessagingGateway/core/sending/quiet-hours';

const window = (values: Record<string, unknown>) => quietWindow(values) as QuietWindow;

test.each([
	[{ preset: 'custom', from: '9:00', until: '17:00', days: ['mon'] }, /HH:mm/],
	[{ preset: 'custom', from: '18:00', until: '09:00', days: ['mon'] }, /earlier than Custom Until/],
	[{ preset: 'custom', from: '09:00', until: '17:00', days: [] }, /at least one/],
	[{ preset: 'weekdays' }, /Allowed Hours \(preset\) must be/],
	[{ mode: 'later' }, /Outside Allowed Hours \(mode\) must be/],
])('refuses %j', (values, error) => {
	expect(quietWindow(values)).toEqual({ error: expect.stringMatching(error) });
});

test('custom weekdays 09:00–17:00: Friday 17:30 in Berlin opens Monday 09:00', () => {
	const weekdays = window({
		preset: 'custom',
		days: ['mon', 'tue', 'wed', 'thu', 'fri'],
		from: '09:00',
		until: '17:00',
	});
	// Friday 2026-03-13 17:30 CET (UTC+1) → Monday 2026-03-16 09:00 CET.
	expect(nextOpening(weekdays, new Date('2026-03-13T16:30:00Z'), 'Europe/Berlin').toISOString()).toBe(
		'2026-03-16T08:00:00.000Z',
	);
	// Inside the window: now.
	const at = new Date('2026-03-16T10:00:00Z');
	expect(nextOpening(weekdays, at, 'Europe/Berlin')).toBe(at);
});

test('Until is the first quiet minute: 21:00 in New York waits for 08:00', () => {
	expect(nextOpening(window({}), new Date('2026-07-02T01:00:00Z'), 'America/New_York').toISOString()).toBe(
		'2026-07-02T12:00:00.000Z',
	);
	expect(nextOpening(window({}), new Date('2026-07-02T00:59:00Z'), 'America/New_York').toISOString()).toBe(
		'2026-07-02T00:59:00.000Z',
	);
});

test.each([
	// Sunday 2026-03-08, New York: 02:00 EST → 03:00 EDT at 07:00Z: 03:00 EDT, the first minute the window is open.
	['America/New_York', '2026-03-08T06:00:00Z', '2026-03-08T07:00:00.000Z'],
	// Sunday 2026-03-29, Berlin: 02:00 CET → 03:00 CEST at 01:00Z.
	['Europe/Berlin', '2026-03-29T00:00:00Z', '2026-03-29T01:00:00.000Z'],
	// Lord Howe Island skips half an hour (02:00 → 02:30, UTC+10:30 → +11) on Sunday 2026-10-04, at 15:30Z on the 3rd.
	['Australia/Lord_Howe', '2026-10-03T15:00:00Z', '2026-10-03T15:30:00.000Z'],
])(
	'an opening the clocks skip (02:10 when summer time starts, %s) opens when the clocks jump past it',
	(zone, at, opening) => {
		const early = window({ preset: 'custom', days: ['sun'], from: '02:10', until: '05:00' });
		expect(nextOpening(early, new Date(at), zone).toISOString()).toBe(opening);
	},
);

test('a window wholly inside the skipped hour does not open that day: the next Sunday 02:10 in Berlin', () => {
	const inGap = window({ preset: 'custom', days: ['sun'], from: '02:10', until: '02:50' });
	// Sunday 2026-03-29 has no 02:10–02:50 in Berlin; Sunday 2026-04-05 02:10 CEST is 00:10Z.
	expect(nextOpening(inGap, new Date('2026-03-29T00:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
		'2026-04-05T00:10:00.000Z',
	);
});

test('an opening the clocks show twice, after its first occurrence has passed: the second (01:30 EST)', () => {
	const night = window({ preset: 'custom', days: ['sun'], from: '01:30', until: '05:00' });
	// Sunday 2026-11-01, New York: 01:30 EDT is 05:30Z, 01:10 EST is 06:10Z, 01:30 EST is 06:30Z.
	expect(nextOpening(night, new Date('2026-11-01T06:10:00Z'), 'America/New_York').toISOString()).toBe(
		'2026-11-01T06:30:00.000Z',
	);
});

test.each([
	// Sunday 2026-10-25, Brussels: 03:00 CEST → 02:00 CET at 01:00Z; 02:00–02:59 occur twice, and the gateway reads the first.
	// Bangkok (UTC+7) opens 08:00 at 01:00Z = the second 02:00 in Brussels: written 02:00 it would go out at 00:00Z (07:00 in
	// Bangkok), so it is written 03:00 (02:00Z, 09:00 in Bangkok), the first minute that is not read early.
	['Asia/Bangkok', '2026-10-24T20:00:00Z', '2026-10-25 03:00', '2026-10-25T09:00:00+07:00'],
	// Karachi (UTC+5) opens 08:00 at 03:00Z = 04:00 CET: no repeated hour, exact.
	['Asia/Karachi', '2026-10-24T20:00:00Z', '2026-10-25 04:00', '2026-10-25T08:00:00+05:00'],
	// Dhaka (UTC+6) opens 08:00 at 02:00Z = 03:00 CET, just after the repeated hour: exact.
	['Asia/Dhaka', '2026-10-24T20:00:00Z', '2026-10-25 03:00', '2026-10-25T08:00:00+06:00'],
])(
	'the day summer time ends in the account zone (Brussels): %s deferred from %s is sent as %s, never before the window',
	(zone, at, date, deferredTo) => {
		expect(checkQuietHours(window({}), new Date(at), zone, 'Europe/Brussels')).toMatchObject({ date, deferredTo });
	},
);

test('autumn: 01:30 on the day US summer time ends opens at 08:00 EST (13:00Z)', () => {
	expect(nextOpening(window({}), new Date('2026-11-01T05:30:00Z'), 'America/New_York').toISOString()).toBe(
		'2026-11-01T13:00:00.000Z',
	);
});
