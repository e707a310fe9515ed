/** Builds the body of `POST /v1/format/number`, refusing what cannot be a question for the gateway. */
import { COUNTRIES } from './countries';

export interface FormatNumberInput {
	number: string;
	/** ISO 3166-1 alpha-2, any letter case. */
	countryCode: string;
}

export interface FormatNumberBody {
	number: string;
	countrycode: string;
}

export type BuildFormatNumberResult =
	| { ok: true; body: FormatNumberBody }
	| { ok: false; field: keyof FormatNumberInput; error: string };

export function buildFormatNumberRequest(input: FormatNumberInput): BuildFormatNumberResult {
	const number = input.number.trim();
	if (number === '') return { ok: false, field: 'number', error: 'the number is empty' };
	if (!/\d/.test(number)) return { ok: false, field: 'number', error: `"${number}" has no digits` };
	const countrycode = input.countryCode.trim().toUpperCase();
	if (countrycode === '') return { ok: false, field: 'countryCode', error: 'no country given' };
	if (!COUNTRIES.some((country) => country.code === countrycode)) {
		return { ok: false, field: 'countryCode', error: `"${input.countryCode}" is not an ISO 3166-1 alpha-2 country code (e.g. NL, BE, GB)` };
	}
	return { ok: true, body: { number, countrycode } };
}
