import { waitLimit } from '../../../../nodes/MessagingGateway/core/questions/wait-limit';

const NOW = new Date('2026-11-23T10:00:00Z');

describe('waitLimit', () => {
	test('no limit: wait until the answer comes', () => {
		expect(waitLimit(undefined, 'UTC', NOW)).toEqual({ ok: true, until: undefined });
		expect(waitLimit({}, 'UTC', NOW)).toEqual({ ok: true, until: undefined });
	});

	test('after an interval of minutes, hours or days (hours when no unit)', () => {
		expect(waitLimit({ limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' }, 'UTC', NOW)).toEqual({
			ok: true,
			until: new Date('2026-11-23T10:45:00Z'),
		});
		expect(waitLimit({ resumeAmount: 1.5 }, 'UTC', NOW)).toEqual({ ok: true, until: new Date('2026-11-23T11:30:00Z') });
		expect(waitLimit({ limitType: 'afterTimeInterval', resumeAmount: '2', resumeUnit: 'days' }, 'UTC', NOW)).toEqual({
			ok: true,
			until: new Date('2026-11-25T10:00:00Z'),
		});
	});

	test('at a date: without an offset in the given time zone, with one as written', () => {
		expect(
			waitLimit({ limitType: 'atSpecifiedTime', maxDateAndTime: '2026-11-23T12:00:00' }, 'Europe/Amsterdam', NOW),
		).toEqual({ ok: true, until: new Date('2026-11-23T11:00:00Z') });
		expect(
			waitLimit({ limitType: 'atSpecifiedTime', maxDateAndTime: '2026-11-23T12:00:00Z' }, 'Europe/Amsterdam', NOW),
		).toEqual({ ok: true, until: new Date('2026-11-23T12:00:00Z') });
	});

	test('a limit that cannot be met is refused with the reason', () => {
		expect(waitLimit({ resumeAmount: 0 }, 'UTC', NOW)).toMatchObject({
			ok: false,
			error: expect.stringContaining('greater than 0'),
		});
		expect(waitLimit({ resumeAmount: 'x' }, 'UTC', NOW)).toMatchObject({ ok: false });
		expect(waitLimit({ resumeAmount: 1, resumeUnit: 'weeks' }, 'UTC', NOW)).toMatchObject({
			ok: false,
			error: expect.stringContaining('unit'),
		});
		expect(waitLimit({ limitType: 'atSpecifiedTime', maxDateAndTime: '' }, 'UTC', NOW)).toMatchObject({
			ok: false,
			error: expect.stringContaining('empty'),
		});
		expect(
			waitLimit({ limitType: 'atSpecifiedTime', maxDateAndTime: '2026-11-23T09:00:00Z' }, 'UTC', NOW),
		).toMatchObject({ ok: false, error: expect.stringContaining('future') });
		expect(waitLimit({ limitType: 'atSpecifiedTime', maxDateAndTime: 'soon' }, 'UTC', NOW)).toMatchObject({
			ok: false,
		});
		expect(waitLimit({ limitType: 'sometime' }, 'UTC', NOW)).toMatchObject({ ok: false });
	});
});
