/** The window of Quiet Hours: its presets and custom values, and its next opening on ordinary and summer-time days. */
import {
	nextOpening,
	quietWindow,
	type QuietWindow,
} from '../../../../nodes/MessagingGateway/core/sending/quiet-hours';

const window = (values: Record<string, unknown>) => quietWindow(values) as QuietWindow;

test.each([
	[{ preset: 'custom', from: '9:00', until: '17:00', days: ['mon'] }, /HH:mm/],
	[{ preset: 'custom', from: '18:00', until: '09:00', days: ['mon'] }, /earlier than Until/],
	[{ preset: 'custom', from: '09:00', until: '17:00', days: [] }, /at least one/],
	[{ preset: 'weekdays' }, /Preset must be/],
	[{ mode: 'later' }, /Mode must be/],
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
	// Sunday 2026-03-08, New York: 02:00 EST → 03:00 EDT at 07:00Z; 03:30 EDT is 07:30Z.
	['America/New_York', '2026-03-08T06:00:00Z', '2026-03-08T07:30:00.000Z'],
	// Sunday 2026-03-29, Berlin: 02:00 CET → 03:00 CEST at 01:00Z; 03:30 CEST is 01:30Z.
	['Europe/Berlin', '2026-03-29T00:00:00Z', '2026-03-29T01:30:00.000Z'],
])(
	'an opening the clocks skip (02:30 when summer time starts, %s) is moved forward by the gap',
	(zone, at, opening) => {
		const early = window({ preset: 'custom', days: ['sun'], from: '02:30', until: '05:00' });
		expect(nextOpening(early, new Date(at), zone).toISOString()).toBe(opening);
	},
);

test('autumn: 01:30 on the day US summer time ends opens at 08:00 EST (13:00Z)', () => {
	expect(nextOpening(window({}), new Date('2026-11-01T05:30:00Z'), 'America/New_York').toISOString()).toBe(
		'2026-11-01T13:00:00.000Z',
	);
});
