/**
 * Whether digits in international format can be a phone number (docs/gateway-api.md#send-sms): libphonenumber
 * knows their country calling code and their length fits that country. The emulator answers 106 by this rule and
 * reads its control API's numbers with it; the node's reading (phone.ts) asks more, a valid number.
 */
import { parsePhoneNumberFromString } from './libphonenumber';

/** Why `digits` (international format, digits only) cannot be a phone number, or undefined. */
export function internationalNumberProblem(digits: string): string | undefined {
	if (!/^\d+$/.test(digits)) return 'it is not digits only';
	const number = parsePhoneNumberFromString(`+${digits}`);
	if (!number) return `no country calling code starts it (${digits.slice(0, 3)}…)`;
	if (!number.isPossible())
		return `after the country code ${number.countryCallingCode}, ${number.nationalNumber.length} digits are no number's length`;
	return undefined;
}
