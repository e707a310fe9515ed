/**
 * Whether digits in international format make an E.164 number (docs/gateway-api.md#send-sms): the one
 * rule the node's number reading and the emulator's answers (error 106) share.
 */
import { callingCodeOf } from './countries';

/** E.164: country code and subscriber number together have at most 15 digits. */
const MAX_NUMBER_DIGITS = 15;
/** The shortest subscriber numbers in use have 4 digits (Niue, Tokelau). */
const MIN_SUBSCRIBER_DIGITS = 4;

/** Why `digits` (international format, digits only) is not an E.164 number, or undefined. */
export function internationalNumberProblem(digits: string): string | undefined {
	if (!/^\d+$/.test(digits)) return 'it is not digits only';
	const callingCode = callingCodeOf(digits);
	if (callingCode === undefined) return `no country calling code starts it (${digits.slice(0, 3)}…)`;
	if (digits.length > MAX_NUMBER_DIGITS) {
		return `it has ${digits.length} digits; an international number has at most ${MAX_NUMBER_DIGITS}, country code included`;
	}
	// The North American Numbering Plan: area code and subscriber number, always 10 digits.
	if (callingCode === '1' && digits.length !== 11)
		return `a number with country code 1 has 10 digits after it, not ${digits.length - 1}`;
	if (digits.length - callingCode.length < MIN_SUBSCRIBER_DIGITS) {
		return `after the country code ${callingCode} it has only ${digits.length - callingCode.length} digits`;
	}
	return undefined;
}
