/**
 * Why a reading of a phone number is not valid, in words for an error: which country's ranges it misses, a length no
 * number of its country has, or a likely typo (one digit short or too long), said before any advice to accept it;
 * and why digits that are two valid numbers are refused.
 */
import { explained } from '../error-text';
import { countryByCode, type Country } from './countries';
import { parsePhoneNumberFromString, type PhoneNumber } from './libphonenumber';

export const countryName = (code: string | undefined) => {
	const country = code === undefined ? undefined : countryByCode(code);
	return country ? `${country.name} (${country.code})` : undefined;
};

/** "+44 7700 900123" as libphonenumber formats it, for messages. */
export const shown = (number: PhoneNumber) => number.formatInternational();

/** Why a reading that is not valid is not: which country's ranges it misses, or that its length cannot fit. */
export function invalidReason(number: PhoneNumber | undefined, digits: string): string {
	if (!number) return `no country calling code starts +${digits.slice(0, 3)}…`;
	const country = countryName(number.country);
	if (!number.isPossible())
		return `+${number.countryCallingCode} ${number.nationalNumber} has a length no number of ${country ?? `country code ${number.countryCallingCode}`} has`;
	return `${shown(number)} is in no range ${country ? `of ${country} ` : ''}that libphonenumber knows to be in use`;
}

/**
 * A reading that is not valid but would be with one more digit at its end (`short`), or without its last one
 * (`long`): most likely mistyped, which is said before the advice to accept unrecognized numbers.
 */
export function lengthSlip(number: PhoneNumber | undefined): 'short' | 'long' | undefined {
	if (!number) return undefined;
	const written = `+${number.countryCallingCode}${number.nationalNumber}`;
	if ([...'0123456789'].some((digit) => parsePhoneNumberFromString(`${written}${digit}`)?.isValid() === true))
		return 'short';
	if (number.nationalNumber.length > 1 && parsePhoneNumberFromString(written.slice(0, -1))?.isValid() === true)
		return 'long';
	return undefined;
}

/** Why a reading with a length slip is refused: the likely typo first (`of`: for what), then why, then the advice. */
export function slipText(
	slip: 'short' | 'long',
	number: PhoneNumber,
	digits: string,
	of: string,
	advice: string,
): string {
	const fix =
		slip === 'short'
			? 'with one digit more it would be in a range in use: check whether a digit is missing'
			: 'without its last digit it would be in a range in use: check for a digit too many';
	return explained(
		`is likely one digit ${slip === 'short' ? 'short' : 'too long'}${of}`,
		`${invalidReason(number, digits)}; ${fix}.${advice}`,
	);
}

/**
 * Digits that are a valid number of the Default Country and a different valid number in international format: both
 * named, and the option Prefer Default Country where it would take the national one (`preferable`).
 */
export function twoNumbers(
	international: PhoneNumber,
	national: PhoneNumber,
	defaultCountry: Country,
	preferable: boolean,
): string {
	const country = countryName(international.country);
	const option = preferable
		? ` If your numbers are written as ${defaultCountry.name} writes them, turn on Prefer Default Country.`
		: '';
	return explained(
		`could be ${shown(international)} or ${shown(national)}`,
		`As international digits (the gateway's format) it is ${shown(international)}${country ? `, a number of ${country}` : ''}; as a number of the Default Country ${defaultCountry.name} (${defaultCountry.code}) it is ${shown(national)} (${national.formatNational()} there). Write the one you mean with + and its country code.${option}`,
	);
}
