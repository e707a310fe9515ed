import { readFileSync } from 'node:fs';

import { callingCodeOf, COUNTRIES, countryByCode } from '../../nodes/MessagingGateway/core/countries';

// tzdata's list of ISO 3166-1 alpha-2 codes, an independent source on this machine.
const ISO_CODES = readFileSync('/usr/share/zoneinfo/iso3166.tab', 'utf8')
	.split('\n')
	.filter((line) => line !== '' && !line.startsWith('#'))
	.map((line) => line.split('\t')[0]);

describe('COUNTRIES', () => {
	test('every ISO 3166-1 country once, nothing else', () => {
		expect(COUNTRIES.map((country) => country.code).sort()).toEqual([...ISO_CODES].sort());
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
