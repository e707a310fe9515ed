/**
 * A number one digit short or one digit too long is said to be likely mistyped before the advice to accept an
 * unrecognized number (core/numbers/why-invalid.ts). Judged by Google's libphonenumber (google-libphonenumber) over
 * every region's example mobile and fixed-line numbers: without their last digit, and with a digit more.
 */
import { PhoneNumberFormat, PhoneNumberType, PhoneNumberUtil } from 'google-libphonenumber';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

import { countryByCode } from '../../../../nodes/MessagingGateway/core/numbers/countries';
import { normalizePhoneNumber, type NumberRule } from '../../../../nodes/MessagingGateway/core/numbers/phone';
import { plain } from '../../../support/plain';

const google = PhoneNumberUtil.getInstance();
const STRICT_WITH_COUNTRY: NumberRule = { reading: 'libphonenumber', countryOption: true, acceptInvalid: false };

/** Whether Google's libphonenumber calls `e164` a valid number. */
function googleValid(e164: string): boolean {
	try {
		return google.isValidNumber(google.parse(e164));
	} catch {
		return false;
	}
}

/** In use for both libraries: where their metadata differ on the number itself, nothing can be said of a typo. */
const inUse = (e164: string) => googleValid(e164) && parsePhoneNumberFromString(e164)?.isValid() === true;

/** The title of the refusal of `number` (the words after its quoted value, up to the first period). */
function titleOf(number: string): string {
	const reading = plain(normalizePhoneNumber(number, undefined, STRICT_WITH_COUNTRY));
	return reading.ok ? 'read' : reading.error.slice(number.length + 3, reading.error.indexOf('.'));
}

const EXAMPLES = google.getSupportedRegions().flatMap((region) =>
	[PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE].flatMap((type) => {
		const example = google.getExampleNumberForType(region, type);
		const e164 = example ? google.format(example, PhoneNumberFormat.E164) : '';
		return inUse(e164) ? [{ region, type, e164 }] : [];
	}),
);

test('every example without its last digit, where Google calls that invalid: "is likely one digit short"', () => {
	const shortened = EXAMPLES.map((example) => ({ ...example, number: example.e164.slice(0, -1) })).filter(
		({ number }) => !googleValid(number),
	);
	expect(shortened.length).toBeGreaterThan(300);
	const said = shortened.map(({ region, number }) => ({ region, number, title: titleOf(number) }));
	expect(said.filter(({ title }) => title !== 'is likely one digit short')).toEqual([]);
});

test('every example with a 0 more, where Google calls that and every digit after it invalid: "is likely one digit too long"', () => {
	const longer = EXAMPLES.map((example) => ({ ...example, number: `${example.e164}0` })).filter(
		({ number }) => !googleValid(number) && [...'0123456789'].every((digit) => !googleValid(`${number}${digit}`)),
	);
	expect(longer.length).toBeGreaterThan(300);
	const said = longer.map(({ region, number }) => ({ region, number, title: titleOf(number) }));
	expect(said.filter(({ title }) => title !== 'is likely one digit too long')).toEqual([]);
});

test('a Dutch mobile one digit short: the likely typo first, then the range, then the option', () => {
	expect(plain(normalizePhoneNumber('+31 6 1234 567', undefined, STRICT_WITH_COUNTRY))).toEqual({
		ok: false,
		error:
			'"+31 6 1234 567" is likely one digit short. +31 61234567 is in no range of Netherlands (NL) that libphonenumber knows to be in use; with one digit more it would be in a range in use: check whether a digit is missing. If the number is new, turn on Accept Unrecognized Numbers.',
	});
	expect(plain(normalizePhoneNumber('0612 34567', countryByCode('NL'), STRICT_WITH_COUNTRY))).toMatchObject({
		ok: false,
		error: expect.stringMatching(/^"0612 34567" is likely one digit short for a number of NL\. /),
	});
});
