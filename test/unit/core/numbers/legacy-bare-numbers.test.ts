/**
 * Node version 4's reading of numbers written without + or 00 (issue 33, item 12): a number that lost its
 * leading 0 is not read as another country's. Lengths per country: ITU-T national numbering plans
 * (NL 9, AU 9, NO 8, RU/KZ 10, GB 10 for mobiles, NANP 10, NU 4 or 7), the same as libphonenumber's.
 */
import { readFileSync } from 'node:fs';

import { countryByCode } from '../../../../nodes/MessagingGateway/core/numbers/countries';
import {
	normalizePhoneNumber,
	readRecipients,
	type NumberRule,
} from '../../../../nodes/MessagingGateway/core/numbers/phone';
import { renderLengthsTable, TABLE_PATH } from '../../../../scripts/national-lengths';
import { plain } from '../../../support/plain';

const V4: NumberRule = { reading: 'length', countryOption: true, acceptInvalid: false };
/** Versions 1–3. */
const PLAIN: NumberRule = { reading: 'plain', countryOption: false, acceptInvalid: false };
const read = (number: string, country?: string) =>
	plain(normalizePhoneNumber(number, country ? countryByCode(country) : undefined, V4));

test('the table of national lengths is what the generator makes from the installed libphonenumber-js', () => {
	expect(readFileSync(TABLE_PATH, 'utf8')).toBe(renderLengthsTable());
});

describe('a bare number that cannot be complete for the country its digits name is refused', () => {
	test.each([
		// A Dutch mobile 06 1234 5678 without its 0 reads as +61 with 7 digits; Australia's numbers have 9.
		['612345678', '61', '9', 7],
		// A Norwegian-looking 47 with 7 digits; Norway's numbers have 8.
		['470123456', '47', '8', 7],
		// The UK's 07700 100123 without its 0 reads as +7 with 9 digits; Russia's and Kazakhstan's have 10.
		['7700100123', '7', '10', 9],
		['7 700 900 123', '7', '10', 9],
	])('%s', (number, callingCode, lengths, length) => {
		const result = read(number);
		expect(result).toEqual({
			ok: false,
			error: `"${number}" is not a complete international number. Without + or 00 it is read as country code ${callingCode}, after which a number has ${lengths} digits, not ${length}. If it is a national number that lost its leading 0, set the Default Country option; otherwise write it with + and its country code.`,
		});
		// Versions 1–3 read it as before.
		expect(normalizePhoneNumber(number, undefined, PLAIN).ok).toBe(true);
	});

	test('in a list, the message names the recipient; without a Default Country option it advises only +', () => {
		expect(readRecipients('31612345678, 612345678', undefined, V4)).toEqual({
			ok: false,
			error: expect.stringMatching(/^recipient 1: "612345678" is not a complete/),
		});
		const result = plain(normalizePhoneNumber('612345678', undefined, { ...V4, countryOption: false }));
		expect(result).toEqual({
			ok: false,
			error: expect.stringMatching(/not 7\. Write it with \+ and its country code\.$/),
		});
	});
});

describe('bare numbers that stay accepted', () => {
	test.each([
		['31612345678', '31612345678'],
		['447700100123', '447700100123'],
		['442079460958', '442079460958'],
		['12025550123', '12025550123'],
		['14155552671', '14155552671'],
		['79161234567', '79161234567'],
		['77012345678', '77012345678'],
		['4712345678', '4712345678'],
		['61412345678', '61412345678'],
		['4915123456789', '4915123456789'],
		['491234567890123', '491234567890123'],
		['393471234567', '393471234567'],
		['390612345678', '390612345678'],
		['33612345678', '33612345678'],
		['8613812345678', '8613812345678'],
		['919876543210', '919876543210'],
		['5511987654321', '5511987654321'],
		['6834002', '6834002'],
		['6837001234', '6837001234'],
		['35312345678', '35312345678'],
		['3197010000001', '3197010000001'],
	])('%s', (number, digits) => {
		expect(read(number)).toEqual({ ok: true, digits });
	});

	test.each([
		// Written international numbers are taken as written, whatever their length: + and 00 say so.
		['+61 2345678', '612345678'],
		['0061 2345678', '612345678'],
		['+7 700 900 123', '7700900123'],
	])('%s (written with + or 00)', (number, digits) => {
		expect(read(number)).toEqual({ ok: true, digits });
	});
});

describe('with a default country, digits of its national length are national', () => {
	test.each([
		['612345678', 'NL', '31612345678'],
		['0612345678', 'NL', '31612345678'],
		['7700100123', 'GB', '447700100123'],
		['9161234567', 'RU', '79161234567'],
		['2025550123', 'US', '12025550123'],
		// Digits complete after the country's own code stay international.
		['31612345678', 'NL', '31612345678'],
		['447700100123', 'GB', '447700100123'],
		['12025550123', 'US', '12025550123'],
		// A number of another length is read as international, as before.
		['447700100123', 'NL', '447700100123'],
		['4915123456789', 'NL', '4915123456789'],
		// A country without trunk prefix reads every digit as national, as before.
		['3471234567', 'IT', '393471234567'],
	])('%s with %s', (number, country, digits) => {
		expect(read(number, country)).toEqual({ ok: true, digits });
	});

	test('digits that are national for it and complete for another code are refused, with the advice', () => {
		expect(read('32470123456', 'NL')).toEqual({
			ok: false,
			error:
				'"32470123456" could be a national number of NL or an international number (country code 32). As a national number of Netherlands (NL) it lacks the trunk prefix 0. Write it with + and its country code, or with its trunk prefix.',
		});
		expect(read('+32470123456', 'NL')).toEqual({ ok: true, digits: '32470123456' });
		// Versions 1–3: read as international, as before.
		expect(normalizePhoneNumber('32470123456', countryByCode('NL'), PLAIN)).toEqual({
			ok: true,
			digits: '32470123456',
		});
	});

	test('an incomplete number outside its national lengths is refused without advising Default Country again', () => {
		expect(read('470123456', 'NO')).toEqual({
			ok: false,
			error: expect.stringMatching(/not 7\. Write it with \+ and its country code\.$/),
		});
	});
});
