import { countryByCode } from '../../../../nodes/MessagingGateway/core/numbers/countries';
import {
	normalizePhoneNumber,
	parseRecipients,
	type NumberRule,
} from '../../../../nodes/MessagingGateway/core/numbers/phone';
import { plain } from '../../../support/plain';

/** Node versions 1–3 (core/numbers/legacy.ts), guarded by libphonenumber's reading (core/numbers/phone.ts). */
const PLAIN: NumberRule = { reading: 'plain', countryOption: false, acceptInvalid: false };

describe('normalizePhoneNumber', () => {
	// Expected digits: the E.164 form of each number (ITU-T E.164; national plans of NL, GB, US, IT, HU, RU, NU).
	test.each([
		['+31612345678', undefined, '31612345678'],
		['31612345678', undefined, '31612345678'],
		['0031612345678', undefined, '31612345678'],
		['+31 6 1234 5678', undefined, '31612345678'],
		['+31-6-1234-5678', undefined, '31612345678'],
		['+1 (415) 555-2671', undefined, '14155552671'],
		['  +44 7700.100.123 ', undefined, '447700100123'],
		// The trunk prefix in parentheses is dialled only inside the country.
		['+31 (0)6-1234 5678', undefined, '31612345678'],
		['+44 (0) 7700 100123', undefined, '447700100123'],
		['+44(0)20 7946 0958', undefined, '442079460958'],
		// Italy has no trunk prefix: its 0 is part of the number, in parentheses or not.
		['+39 (0)6 1234 5678', undefined, '390612345678'],
		['+39 06 1234 5678', undefined, '390612345678'],
		// Short and long valid numbers: Niue has 4-digit subscriber numbers; E.164 allows 15 digits in all.
		['+683 4002', undefined, '6834002'],
		['+49 1234 5678 90123', undefined, '491234567890123'],
		// National numbers with a default country, following each country's trunk prefix.
		['06 1234 5678', 'NL', '31612345678'],
		['020 794 60958', 'GB', '442079460958'],
		['06 1234 5678', 'IT', '390612345678'],
		['347 123 4567', 'IT', '393471234567'],
		['06 30 123 4567', 'HU', '36301234567'],
		['8 912 345-67-89', 'RU', '79123456789'],
		['(415) 555-2671', 'US', '14155552671'],
		['1 415 555 2671', 'US', '14155552671'],
		['4002', 'NU', '6834002'],
		// An international number stays one with a default country.
		['+44 7700 100123', 'NL', '447700100123'],
		['0044 7700 100123', 'NL', '447700100123'],
	])('%s (default country %s) -> %s', (input, country, digits) => {
		expect(normalizePhoneNumber(input, country ? countryByCode(country) : undefined, PLAIN)).toEqual({
			ok: true,
			digits,
		});
	});

	test.each([
		['0612345678', undefined, /is a national number \(it starts with 0\)/],
		['+31 612', undefined, /After the country code 31 it has only 3 digits/],
		['+1 415 555 267', undefined, /country code 1 has 10 digits after it, not 9/],
		['+49 1234 5678 901234', undefined, /16 digits; an international number has at most 15/],
		['+0 612345678', undefined, /No country calling code/],
		['+31 6 1234 567a', undefined, /contains "a"/],
		['+', undefined, /no digits/],
		['++31612345678', undefined, /contains "\+"/],
	])('%s is refused', (input, country, message) => {
		const result = plain(normalizePhoneNumber(input, country, PLAIN));
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.error).toMatch(message);
	});
});

test('digits without + or 00 that are no valid international number: the error says how to write them', () => {
	// "12345" is read as country code 1 (North America) and 2345: too short for it.
	expect(plain(normalizePhoneNumber('12345', undefined, PLAIN))).toEqual({
		ok: false,
		error:
			'"12345" is not a valid international number. A number with country code 1 has 10 digits after it, not 4. Without + or 00 it is read as international: write it with its country code (+31 6…) or set the Default Country option.',
	});
	// With a Default Country the number was not national for it: the advice is the country code alone.
	expect(plain(normalizePhoneNumber('12345', countryByCode('NL'), PLAIN))).toMatchObject({
		ok: false,
		error: expect.stringMatching(
			/Without \+ or 00 it is read as international: write it with its country code \(\+…\)\.$/,
		),
	});
	// Written with +, it was meant as international: no such advice.
	expect(plain(normalizePhoneNumber('+12345', undefined, PLAIN))).toEqual({
		ok: false,
		error: '"+12345" is not a valid international number. A number with country code 1 has 10 digits after it, not 4.',
	});
});

describe('parseRecipients', () => {
	test('several numbers separated by commas', () => {
		expect(parseRecipients('+31 6 1234 5678, 0044 7700 100123 ,14155552671', undefined, PLAIN)).toEqual({
			ok: true,
			numbers: ['31612345678', '447700100123', '14155552671'],
		});
	});

	test('a list from an expression, and a trailing separator', () => {
		expect(parseRecipients(['+31612345678', '447700100123,'], undefined, PLAIN)).toEqual({
			ok: true,
			numbers: ['31612345678', '447700100123'],
		});
	});

	test('names the bad recipient among several', () => {
		expect(parseRecipients('31612345678, 123', undefined, PLAIN)).toEqual({
			ok: false,
			error: expect.stringMatching(/^recipient 1: "123" is not a valid international number/),
		});
	});

	test('empty input', () => {
		expect(parseRecipients(' , ', undefined, PLAIN)).toEqual({ ok: false, error: 'no recipient number given' });
	});
});
