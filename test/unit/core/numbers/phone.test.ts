/**
 * Node version 5's reading of numbers (core/numbers/phone.ts), judged by libphonenumber itself: every country's
 * example mobile number (libphonenumber-js's examples) and fixed-line number (Google's libphonenumber, the
 * google-libphonenumber package), written as E.164, with 00, nationally with its Default Country, and as
 * international digits without +, must be read as libphonenumber reads them. The expected readings come from
 * libphonenumber's own parse of each form; the rule applied to them is the documented one
 * (docs/messaging-gateway.md#phone-numbers).
 */
import { PhoneNumberFormat, PhoneNumberType, PhoneNumberUtil } from 'google-libphonenumber';
import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json';

import { COUNTRIES, countryByCode } from '../../../../nodes/MessagingGateway/core/numbers/countries';
import {
	GATEWAY_RULE,
	normalizePhoneNumber,
	readRecipients,
	type NumberRule,
} from '../../../../nodes/MessagingGateway/core/numbers/phone';
import { plain } from '../../../support/plain';

const google = PhoneNumberUtil.getInstance();
const V5: NumberRule = { reading: 'libphonenumber', countryOption: true, acceptInvalid: false };
const read = (number: string, country?: string, rule = V5) =>
	plain(normalizePhoneNumber(number, country ? countryByCode(country) : undefined, rule));

/** libphonenumber's E.164 digits of `text` (read in `country` when given), when it calls the number valid. */
function libphonenumberReads(text: string, country?: string): string | undefined {
	const number = parsePhoneNumberFromString(text, country as CountryCode | undefined);
	return number?.isValid() ? number.number.slice(1) : undefined;
}

/** Every country of the Default Country list that libphonenumber has numbers for, with its example numbers. */
const EXAMPLES = COUNTRIES.flatMap((country) => {
	const numbers: Array<[string, string, string]> = [];
	const mobile = getExampleNumber(country.code as CountryCode, examples);
	if (mobile) numbers.push([country.code, 'mobile', mobile.number]);
	const fixed = google.getExampleNumberForType(country.code, PhoneNumberType.FIXED_LINE);
	if (fixed) numbers.push([country.code, 'fixed line', google.format(fixed, PhoneNumberFormat.E164)]);
	return numbers;
});

test('the examples cover the countries libphonenumber knows', () => {
	// 245 regions in libphonenumber's metadata; the Default Country list names the ISO countries among them.
	expect(new Set(EXAMPLES.map(([code]) => code)).size).toBeGreaterThanOrEqual(240);
	expect(EXAMPLES.length).toBeGreaterThanOrEqual(480);
});

describe.each(EXAMPLES)('%s %s example %s', (code, _type, e164) => {
	const expected = libphonenumberReads(e164);
	const national = parsePhoneNumberFromString(e164)!.formatNational();
	const digits = e164.slice(1);

	test('as E.164 and with 00: the number itself', () => {
		if (expected === undefined) return expect(read(e164).ok).toBe(false);
		expect(read(e164)).toEqual({ ok: true, digits: expected });
		expect(read(`00${digits}`)).toEqual({ ok: true, digits: expected });
		expect(read(e164, code)).toEqual({ ok: true, digits: expected });
	});

	test('written nationally with its Default Country: libphonenumber reads it as that country', () => {
		const meant = libphonenumberReads(national, code);
		expect(read(national, code)).toEqual(meant ? { ok: true, digits: meant } : expect.objectContaining({ ok: false }));
	});

	test('international digits without +: a number of the Default Country when they can be one, else international; two numbers refused', () => {
		const asNational = libphonenumberReads(digits, code);
		const asInternational = libphonenumberReads(`+${digits}`);
		// Both valid and different: bare digits are two numbers (the national one is taken only with Prefer Default
		// Country, or when written in the country's layout: the test above).
		const twoNumbers = asNational !== undefined && asInternational !== undefined && asNational !== asInternational;
		const withCountry = asNational ?? asInternational;
		expect(read(digits, code)).toEqual(
			twoNumbers
				? { ok: false, error: expect.stringMatching(new RegExp(`^"${digits}" could be \\+`)) }
				: withCountry
					? { ok: true, digits: withCountry }
					: expect.anything(),
		);
		expect(read(digits)).toEqual(expected ? { ok: true, digits: expected } : expect.objectContaining({ ok: false }));
	});
});

describe('the cases that sent SMS to strangers or refused good numbers (issue 41)', () => {
	// Each expected reading is the number's owner's, as the national numbering plans write them.
	test.each([
		['Norwegian 47 91 23 45 67 written without + with Default Country NO', '4791234567', 'NO', '4791234567'],
		['Norwegian mobile 47 12 34 56 with Default Country NO (not +47 123456)', '47 12 34 56', 'NO', '4747123456'],
		['Danish 45 32 12 34 56 written without + with Default Country DK', '4532123456', 'DK', '4532123456'],
		['Danish number 45 12 34 56 with Default Country DK (not +45 123456)', '45 12 34 56', 'DK', '4545123456'],
		['Chinese mobile 131 1234 5678 with Default Country CN', '131 1234 5678', 'CN', '8613112345678'],
		['São Paulo mobile (11) 91234-5678 with Default Country BR', '(11) 91234-5678', 'BR', '5511912345678'],
		['Monaco mobile 06 12 34 56 78 with Default Country MC (trunk 0 dropped)', '06 12 34 56 78', 'MC', '377612345678'],
		[
			'Belarus mobile 8 029 123-45-67 with Default Country BY (trunk 8 and 0 dropped)',
			'8 029 123-45-67',
			'BY',
			'375291234567',
		],
		['Buenos Aires mobile 011 15 2345-6789 with Default Country AR', '011 15 2345-6789', 'AR', '5491123456789'],
		[
			'+31 06 12345678: the stray trunk 0 after the country code is dropped',
			'+31 06 12345678',
			undefined,
			'31612345678',
		],
		['+39 06 1234 5678: Italy keeps its 0', '+39 06 1234 5678', undefined, '390612345678'],
		['German mobile 0160 1234 5678 with Default Country DE', '0160 12345678', 'DE', '4916012345678'],
		[
			'16012345678 without Default Country: the gateway own format, a valid Mississippi number',
			'16012345678',
			undefined,
			'16012345678',
		],
	])('%s', (_name, number, country, digits) => {
		expect(read(number, country)).toEqual({ ok: true, digits });
		// The judge agrees: this is libphonenumber's reading of the number for that country.
		expect(libphonenumberReads(number.startsWith('+') ? number : country ? number : `+${number}`, country)).toBe(
			digits,
		);
	});

	test.each([
		// Each is two valid numbers (issue 53): the national reading begins with the country's own code or lost its 0.
		['390 321 2782', 'IT', 'the Italian mobile +39 390 321 2782, or the Novara landline +39 0321 2782'],
		['48 161 92 89', 'PL', 'the Polish number +48 48 161 92 89 (area code 48), or +48 16 19 289'],
		['16012345678', 'DE', 'the German 0160 mobile that lost its 0, or the Mississippi number +1 601 234 5678'],
	])('%s with Default Country %s is two numbers (%s): refused naming both', (number, country) => {
		const asNational = libphonenumberReads(number, country);
		const asInternational = libphonenumberReads(`+${number.replace(/\D/g, '')}`);
		expect([asNational, asInternational].every(Boolean) && asNational !== asInternational).toBe(true);
		const shown = (digits: string) => parsePhoneNumberFromString(`+${digits}`)!.formatInternational();
		expect(read(number, country)).toMatchObject({
			ok: false,
			error: expect.stringContaining(`could be ${shown(asInternational!)} or ${shown(asNational!)}. `),
		});
	});

	test.each([
		['15112345678', '+1 511 is no North American area code'],
		['2071234567', '+20 71234567 is no number of Egypt'],
	])('%s without Default Country is refused (%s), with the advice', (number) => {
		expect(read(number)).toEqual({
			ok: false,
			error: expect.stringMatching(
				new RegExp(
					`^"${number}" is not a valid international number\\. .*\\. If it is a national number, set the Default Country option\\. If the number is new, turn on Accept Unrecognized Numbers\\.$`,
				),
			),
		});
	});
});

describe('invalid numbers', () => {
	test('a number libphonenumber calls invalid is refused, and taken with Accept Unrecognized Numbers when possible', () => {
		// +44 7700 900xxx is Ofcom's range for drama: valid in length, in service nowhere.
		expect(read('+44 7700 900123')).toEqual({
			ok: false,
			error:
				'"+44 7700 900123" is not a valid number. +44 7700 900123 is in no range that libphonenumber knows to be in use. If the number is new, turn on Accept Unrecognized Numbers.',
		});
		expect(read('+44 7700 900123', undefined, { ...V5, acceptInvalid: true })).toEqual({
			ok: true,
			digits: '447700900123',
		});
		// Too short for any number of its country: refused even then.
		expect(read('+31 612', undefined, { ...V5, acceptInvalid: true })).toEqual({
			ok: false,
			error: '"+31 612" is not a valid number. +31 612 has a length no number of Netherlands (NL) has.',
		});
	});

	test('a national number without a Default Country, and one that is neither national nor international', () => {
		expect(read('0612345678')).toEqual({
			ok: false,
			error:
				'"0612345678" is a national number (it starts with 0). Write it with its country code (+31 6…) or set the Default Country option.',
		});
		expect(read('0612', 'NL')).toMatchObject({
			ok: false,
			error: expect.stringMatching(
				/^"0612" is neither a number of NL nor an international number\. As a number of Netherlands \(NL\): /,
			),
		});
	});

	test('characters that are not part of a number', () => {
		expect(read('+31 6 1234 567a')).toEqual({
			ok: false,
			error: '"+31 6 1234 567a" contains "a", which is not part of a phone number',
		});
		expect(read('++31612345678')).toMatchObject({ ok: false, error: expect.stringContaining('contains "+"') });
		expect(read(' - ')).toMatchObject({ ok: false, error: '" - " has no digits' });
	});

	test("the gateway's own numbers (a webhook's sender) are taken when possible", () => {
		expect(normalizePhoneNumber('447700900123', undefined, GATEWAY_RULE)).toEqual({ ok: true, digits: '447700900123' });
	});
});

describe('node versions 1–4 read as before, except where libphonenumber reads another valid number', () => {
	const V4: NumberRule = { reading: 'length', countryOption: true, acceptInvalid: false };
	const PLAIN: NumberRule = { reading: 'plain', countryOption: false, acceptInvalid: false };

	test.each([
		[PLAIN, '8 029 123-45-67', 'BY', '375291234567', '3750291234567'],
		[V4, '8 029 123-45-67', 'BY', '375291234567', '3750291234567'],
		[PLAIN, '06 12 34 56 78', 'MC', '377612345678', '3770612345678'],
		[V4, '06 12 34 56 78', 'MC', '377612345678', '3770612345678'],
	])('%j %s with %s: refused, naming both readings', (rule, number, country, meant, asBefore) => {
		expect(libphonenumberReads(number, country)).toBe(meant);
		expect(read(number, country, rule)).toEqual({
			ok: false,
			error: expect.stringMatching(
				new RegExp(`^"${number}" is read as \\+${asBefore} here, but as \\+\\d[\\d ]+ by libphonenumber\\. `),
			),
		});
	});

	test.each([
		[PLAIN, '3903212782', 'IT'],
		[V4, '3903212782', 'IT'],
		[PLAIN, '481619289', 'PL'],
	])('%j %s with %s: two valid numbers to libphonenumber, refused naming both', (rule, number, country) => {
		expect(read(number, country, rule)).toEqual({
			ok: false,
			error: expect.stringMatching(new RegExp(`^"${number}" could be \\+\\d[\\d ]+ or \\+\\d[\\d ]+\\. `)),
		});
	});

	test('a reading both agree on, and one libphonenumber calls invalid with no valid other, go out as before', () => {
		expect(read('06 1234 5678', 'NL', PLAIN)).toEqual({ ok: true, digits: '31612345678' });
		expect(read('447700900123', undefined, V4)).toEqual({ ok: true, digits: '447700900123' });
	});
});

test('a list names the refused recipient', () => {
	expect(readRecipients('+31612345678, +44 7700 900123', undefined, V5)).toMatchObject({
		ok: false,
		error: expect.stringMatching(/^recipient 1: "\+44 7700 900123" is not a valid number/),
	});
});
