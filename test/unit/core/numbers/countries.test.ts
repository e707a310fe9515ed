import { readFileSync } from 'node:fs';

import { PhoneNumberUtil } from 'google-libphonenumber';

import {
	callingCodeOf,
	COUNTRIES,
	countryByCode,
	DEFAULT_COUNTRIES,
} from '../../../../nodes/MessagingGateway/core/numbers/countries';
import { countryOfNumber } from '../../../../nodes/MessagingGateway/core/numbers/format';

// tzdata's list of ISO 3166-1 alpha-2 codes, an independent source on this machine.
const ISO_CODES = readFileSync('/usr/share/zoneinfo/iso3166.tab', 'utf8')
	.split('\n')
	.filter((line) => line !== '' && !line.startsWith('#'))
	.map((line) => line.split('\t')[0]);

describe('COUNTRIES', () => {
	test('every ISO 3166-1 country once, nothing else', () => {
		expect(COUNTRIES.map((country) => country.code).sort()).toEqual([...ISO_CODES].sort());
	});

	test("every region of Google's libphonenumber can be a Default Country, with its calling code", () => {
		const google = PhoneNumberUtil.getInstance();
		const regions = google.getSupportedRegions();
		expect(regions.length).toBeGreaterThanOrEqual(245);
		for (const region of regions)
			expect([region, countryByCode(region)?.callingCode]).toEqual([
				region,
				String(google.getCountryCodeForRegion(region)),
			]);
		expect(
			DEFAULT_COUNTRIES.filter((country) => !ISO_CODES.includes(country.code)).map((country) => country.code),
		).toEqual(['AC', 'TA', 'XK']);
	});

	test('calling codes are prefix-free, as E.164 assigns them', () => {
		const codes = [...new Set(COUNTRIES.map((country) => country.callingCode))];
		for (const code of codes) expect(codes.filter((other) => other !== code && other.startsWith(code))).toEqual([]);
	});

	test.each([
		['NL', '31', '0'],
		['US', '1', '1'],
		['CA', '1', '1'],
		['JM', '1', '1'],
		['IT', '39', ''],
		['ES', '34', ''],
		['GB', '44', '0'],
		['HU', '36', '06'],
		['RU', '7', '8'],
		['KZ', '7', '8'],
		['NU', '683', ''],
		['DE', '49', '0'],
	])('%s: +%s, trunk prefix "%s" (ITU national numbering plans)', (code, callingCode, trunkPrefix) => {
		expect(countryByCode(code.toLowerCase())).toMatchObject({ code, callingCode, trunkPrefix });
	});

	test('callingCodeOf', () => {
		expect(callingCodeOf('31612345678')).toBe('31');
		expect(callingCodeOf('14155552671')).toBe('1');
		expect(callingCodeOf('6834002')).toBe('683');
		expect(callingCodeOf('0612345678')).toBeUndefined();
	});
});

// ITU-T E.164 calling codes: +31 NL, +32 BE; shared ones stand for the first by ISO code with a trunk prefix.
test.each([
	['3197010000001', 'NL'],
	['32460200000', 'BE'],
	['447700100123', 'GB'],
	['12025550123', 'AG'],
	['6421123456', 'NZ'],
	['79161234567', 'KZ'],
])('countryOfNumber(%s) → %s', (digits, code) => {
	expect(countryOfNumber(digits)?.code).toBe(code);
});

test('countryOfNumber of digits that start with no calling code, or none: undefined', () => {
	expect(countryOfNumber('')).toBeUndefined();
	expect(countryOfNumber('999123')).toBeUndefined();
});
