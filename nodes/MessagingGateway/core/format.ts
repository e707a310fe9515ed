/** Builds the body of `POST /v1/format/number`, refusing what cannot be a question for the gateway. */
import { COUNTRIES } from './countries';

/** The parameters as they arrive; an expression may give any JSON value. */
export interface FormatNumberInput {
	/** Text, or a whole number (its digits). */
	number: unknown;
	/** ISO 3166-1 alpha-2, any letter case. */
	countryCode: unknown;
}

export interface FormatNumberBody {
	number: string;
	countrycode: string;
}

export type BuildFormatNumberResult =
	| { ok: true; body: FormatNumberBody }
	| { ok: false; field: keyof FormatNumberInput; error: string };

/** A value given where text is asked for, e.g. an array from an expression: JSON, to show what it was. */
const describeValue = (value: unknown) => (value === undefined ? 'nothing' : Array.isArray(value) ? `a list (${JSON.stringify(value)})` : `${typeof value === 'object' ? 'an object' : String(value)} (${value === null ? 'null' : typeof value})`);

export function buildFormatNumberRequest(input: FormatNumberInput): BuildFormatNumberResult {
	// String() would turn a list into "06,12345678": only text and whole numbers are phone numbers.
	const isWholeNumber = typeof input.number === 'number' && Number.isSafeInteger(input.number) && input.number >= 0;
	if (typeof input.number !== 'string' && !isWholeNumber) return { ok: false, field: 'number', error: `expected text, got ${describeValue(input.number)}` };
	if (typeof input.countryCode !== 'string') return { ok: false, field: 'countryCode', error: `expected a country code, got ${describeValue(input.countryCode)}` };
	const number = String(input.number).trim();
	if (number === '') return { ok: false, field: 'number', error: 'the number is empty' };
	if (!/\d/.test(number)) return { ok: false, field: 'number', error: `"${number}" has no digits` };
	const countrycode = input.countryCode.trim().toUpperCase();
	if (countrycode === '') return { ok: false, field: 'countryCode', error: 'no country given' };
	if (!COUNTRIES.some((country) => country.code === countrycode)) {
		return { ok: false, field: 'countryCode', error: `"${input.countryCode}" is not an ISO 3166-1 alpha-2 country code (e.g. NL, BE, GB)` };
	}
	return { ok: true, body: { number, countrycode } };
}
