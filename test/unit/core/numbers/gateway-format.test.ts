/**
 * Numbers written in the gateway's own format (international digits, no `+`) under every Default Country (issue 53).
 * Digits that the Default Country also reads as a valid number of its own, a different one, are two numbers: refused
 * naming both, so a number given in the gateway's format never goes to another number. With Prefer Default Country
 * on, the user says digits written exactly as the country writes its number are its number (a US `2015550123`, a
 * Chinese `13123456789`), unless they begin with its calling code (core/numbers/phone.ts). A region's own numbers in
 * the gateway's format under its own Default Country are never another number. The numbers are every example number
 * Google's libphonenumber (the google-libphonenumber package, an implementation independent of the libphonenumber-js
 * the package reads with) has for each region and number type; the judge of each reading is Google's libphonenumber too.
 */
import { PhoneNumberFormat, PhoneNumberType, PhoneNumberUtil } from 'google-libphonenumber';

import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

import { DEFAULT_COUNTRIES, countryByCode } from '../../../../nodes/MessagingGateway/core/numbers/countries';
import { normalizePhoneNumber, type NumberRule } from '../../../../nodes/MessagingGateway/core/numbers/phone';
import { plain } from '../../../support/plain';

const google = PhoneNumberUtil.getInstance();
const V5: NumberRule = { reading: 'libphonenumber', countryOption: true, acceptInvalid: false };
const TYPES = Object.values(PhoneNumberType).filter((type): type is number => typeof type === 'number');

/**
 * Every region's example numbers of every type, as E.164 digits; those both libraries call valid (a few dozen
 * ranges differ between their metadata versions, and a number the package's library calls invalid is not sent).
 */
const NUMBERS = [
	...new Set(
		google.getSupportedRegions().flatMap((region) =>
			TYPES.flatMap((type) => {
				const example = google.getExampleNumberForType(region, type);
				return example && google.isValidNumber(example)
					? [google.format(example, PhoneNumberFormat.E164).slice(1)]
					: [];
			}),
		),
	),
].filter((digits) => parsePhoneNumberFromString(`+${digits}`)?.isValid());

/** Google's reading of `digits` as a national number of `region` when valid, and whether they are written as that region writes it. */
function nationalReading(digits: string, region: string): { digits: string; asWritten: boolean } | undefined {
	try {
		const number = google.parse(digits, region);
		if (!google.isValidNumber(number)) return undefined;
		const asWritten = google.format(number, PhoneNumberFormat.NATIONAL).replace(/\D/g, '') === digits;
		return { digits: google.format(number, PhoneNumberFormat.E164).slice(1), asWritten };
	} catch {
		return undefined;
	}
}

test('the examples cover every region libphonenumber knows', () => {
	expect(google.getSupportedRegions().length).toBeGreaterThanOrEqual(245);
	expect(NUMBERS.length).toBeGreaterThanOrEqual(950);
});

const PREFERRING: NumberRule = { ...V5, preferNational: true };
type Counts = { itself: number; refused: number; countrysOwn: number; refusedAsWritten: number };

/**
 * Every region's numbers in the gateway's format under every Default Country, read without and with Prefer Default
 * Country: the number itself, refused naming both readings, or (preferred) the Default Country's own number written
 * as it writes it. Returns what was wrong and how often each path was taken, per rule.
 */
function readEveryPair(): { wrong: string[]; metadataDiffers: number; counts: Map<NumberRule, Counts> } {
	const wrong: string[] = [];
	let metadataDiffers = 0;
	const counts = new Map(
		[V5, PREFERRING].map((rule) => [rule, { itself: 0, refused: 0, countrysOwn: 0, refusedAsWritten: 0 }]),
	);
	for (const country of DEFAULT_COUNTRIES) {
		for (const digits of NUMBERS) {
			const national = nationalReading(digits, country.code);
			const other = national !== undefined && national.digits !== digits ? national : undefined;
			const packageReads = parsePhoneNumberFromString(digits, country.code as CountryCode);
			const packageOther = packageReads?.isValid() && packageReads.number !== `+${digits}` ? packageReads : undefined;
			const packageAsWritten = packageOther?.formatNational().replace(/\D/g, '') === digits;
			const differs =
				(other !== undefined) !== (packageOther !== undefined) || (other && other.asWritten !== packageAsWritten);
			if (differs) metadataDiffers += 1;
			for (const [rule, count] of counts) {
				const result = plain(normalizePhoneNumber(digits, country, rule));
				const pair = `${digits} with ${country.code}${rule.preferNational ? ' (preferred)' : ''}`;
				if (differs) {
					// The two libraries' metadata disagree on this national reading or on how the country writes it: no judge
					// for it, but never a third number, and without the preference never the national one either.
					const allowed = [digits, ...(rule.preferNational ? [packageReads?.number.slice(1)] : [])];
					if (result.ok && !allowed.includes(result.digits)) wrong.push(`${pair} → ${result.digits}`);
					continue;
				}
				// Two valid numbers: the Default Country's only when preferred, written exactly as it writes it, not starting with its code.
				const asWritten = other?.asWritten === true && !digits.startsWith(country.callingCode);
				const countrysOwn = asWritten && rule.preferNational === true;
				const expected = other === undefined ? digits : countrysOwn ? other.digits : undefined;
				if (expected !== undefined) {
					if (!result.ok || result.digits !== expected) wrong.push(`${pair}: ${JSON.stringify(result)}`);
					else count[countrysOwn ? 'countrysOwn' : 'itself'] += 1;
				} else if (result.ok || !result.error.startsWith(`"${digits}" could be +`))
					wrong.push(`${pair}: ${JSON.stringify(result)}, expected a refusal`);
				else if (asWritten !== result.error.endsWith('turn on Prefer Default Country.'))
					wrong.push(`${pair}: ${JSON.stringify(result)}, the option named only where it helps`);
				else count[asWritten ? 'refusedAsWritten' : 'refused'] += 1;
			}
		}
	}
	return { wrong, metadataDiffers, counts };
}

describe("every region's numbers in the gateway's format, under every Default Country", () => {
	const { wrong, metadataDiffers, counts } = readEveryPair();

	test("the number itself or refused naming both readings (0 to another number); with Prefer Default Country, the country's own number where written as it writes it", () => {
		expect(wrong).toEqual([]);
		expect(metadataDiffers).toBeLessThan(10);
	});

	test('without the preference: no pair goes to the national reading; the refusals that the option would take say so', () => {
		const count = counts.get(V5)!;
		expect(count.countrysOwn).toBe(0);
		// The case of issue 53 (4915112345678 with DE and its like) is common, and so are US, Chinese and Italian numbers
		// written as their countries write them that are also another country's number in the gateway's format.
		expect(count.refused).toBeGreaterThan(1000);
		expect(count.refusedAsWritten).toBeGreaterThan(1000);
		expect(count.itself).toBeGreaterThan(200000);
	});

	test('with Prefer Default Country: those go to the national reading, the rest are read as without it', () => {
		const count = counts.get(PREFERRING)!;
		expect(count.countrysOwn).toBe(counts.get(V5)!.refusedAsWritten);
		expect(count.refusedAsWritten).toBe(0);
		expect(count.refused).toBe(counts.get(V5)!.refused);
	});
});

test("each region's own numbers in the gateway's format, under its own Default Country: never another number", () => {
	const wrong: string[] = [];
	for (const digits of NUMBERS) {
		const region = google.getRegionCodeForNumber(google.parse(`+${digits}`, 'ZZ'));
		const country = region ? countryByCode(region) : undefined;
		if (!country) continue;
		const result = plain(normalizePhoneNumber(digits, country, V5));
		if (result.ok ? result.digits !== digits : !result.error.startsWith(`"${digits}" could be +`))
			wrong.push(`${digits} with ${region}: ${JSON.stringify(result)}`);
	}
	expect(wrong).toEqual([]);
});

describe('the refusal names both numbers and how to write each', () => {
	test.each([
		// A German mobile in the gateway's format; as a German national number, a landline of Leer (0491).
		['4915112345678', 'DE', '+49 1511 2345678', '+49 491 5112345678', '0491 5112345678'],
		// A Mississippi number in the gateway's format; as a German national number, the 0160 mobile without its 0.
		['16012345678', 'DE', '+1 601 234 5678', '+49 160 12345678', '0160 12345678'],
		// The Novara landline in the gateway's format; as an Italian number, the 390 mobile.
		['390 321 2782', 'IT', '+39 0321 2782', '+39 390 321 2782', '390 321 2782'],
	])('%s with Default Country %s', (number, country, international, national, nationally) => {
		expect(plain(normalizePhoneNumber(number, countryByCode(country), V5))).toEqual({
			ok: false,
			error: `"${number}" could be ${international} or ${national}. As international digits (the gateway's format) it is ${international}, a number of ${international.startsWith('+1') ? 'United States of America (US)' : `${countryByCode(country)!.name} (${country})`}; as a number of the Default Country ${countryByCode(country)!.name} (${country}) it is ${national} (${nationally} there). Write the one you mean with + and its country code.`,
		});
		// Google's libphonenumber agrees that both readings are valid numbers.
		const digitsOf = (text: string) => text.replace(/\D/g, '');
		expect(nationalReading(digitsOf(number), country)?.digits).toBe(digitsOf(national));
		expect(google.isValidNumber(google.parse(`+${digitsOf(number)}`, 'ZZ'))).toBe(true);
	});

	test('a US number written as the US writes it that is also an Egyptian one: refused naming the option; with it, the US number', () => {
		const us = countryByCode('US');
		// Google's libphonenumber: +20 15 550123 is a valid Egyptian number, and (201) 555-0123 a valid US one.
		expect(google.isValidNumber(google.parse('+2015550123', 'ZZ'))).toBe(true);
		expect(nationalReading('2015550123', 'US')).toEqual({ digits: '12015550123', asWritten: true });
		expect(plain(normalizePhoneNumber('2015550123', us, V5))).toEqual({
			ok: false,
			error:
				'"2015550123" could be +20 15 550123 or +1 201 555 0123. As international digits (the gateway\'s format) it is +20 15 550123, a number of Egypt (EG); as a number of the Default Country United States of America (US) it is +1 201 555 0123 ((201) 555-0123 there). Write the one you mean with + and its country code. If your numbers are written as United States of America writes them, turn on Prefer Default Country.',
		});
		expect(normalizePhoneNumber('2015550123', us, PREFERRING)).toEqual({ ok: true, digits: '12015550123' });
		// Written in the US layout (its digits grouped 3 3 4), the user said which: the US number without the option;
		// grouped as the Egyptian number is written, still two numbers.
		for (const written of ['(201) 555-0123', '201-555-0123', '201 555 0123'])
			expect(normalizePhoneNumber(written, us, V5)).toEqual({ ok: true, digits: '12015550123' });
		expect(plain(normalizePhoneNumber('20 15 550123', us, V5))).toMatchObject({ ok: false });
		// Digits that begin with the Default Country's own calling code stay refused even so.
		expect(plain(normalizePhoneNumber('4915112345678', countryByCode('DE'), PREFERRING))).toMatchObject({ ok: false });
	});

	test('written with + or 00, or nationally with its trunk 0, each is taken', () => {
		const de = countryByCode('DE');
		expect(normalizePhoneNumber('+49 151 12345678', de, V5)).toEqual({ ok: true, digits: '4915112345678' });
		expect(normalizePhoneNumber('0049 151 12345678', de, V5)).toEqual({ ok: true, digits: '4915112345678' });
		expect(normalizePhoneNumber('0491 5112345678', de, V5)).toEqual({ ok: true, digits: '494915112345678' });
		expect(normalizePhoneNumber('0151 12345678', de, V5)).toEqual({ ok: true, digits: '4915112345678' });
	});

	test('node versions 1–4 refuse the same digits (either old reading may be the other number)', () => {
		for (const reading of ['length', 'plain'] as const) {
			const rule: NumberRule = { reading, countryOption: reading === 'length', acceptInvalid: false };
			expect(plain(normalizePhoneNumber('4915112345678', countryByCode('DE'), rule))).toMatchObject({
				ok: false,
				error: expect.stringMatching(/^"4915112345678" could be \+49 1511 2345678 or \+49 491 5112345678\. /),
			});
		}
	});
});

test.each([
	['AC', '40123', '24740123'],
	['TA', '8999', '2908999'],
	['XK', '043 201 234', '38343201234'],
])('a valid number of %s with its own Default Country (a region beyond ISO 3166-1): %s', (code, number, digits) => {
	expect(DEFAULT_COUNTRIES.map((country) => country.code)).toContain(code);
	const judged = google.parse(number, code);
	expect(google.isValidNumber(judged)).toBe(true);
	expect(google.format(judged, PhoneNumberFormat.E164)).toBe(`+${digits}`);
	expect(normalizePhoneNumber(number, countryByCode(code), V5)).toEqual({ ok: true, digits });
});
