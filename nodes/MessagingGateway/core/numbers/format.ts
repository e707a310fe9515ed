/**
 * `POST /v1/format/number`: the body the node sends (refusing what cannot be a question for the gateway),
 * and the country rule the node and the emulator share: a countrycode left out (absent, null or empty; the
 * gateway's own node sends every key, empty when unused) means the account's country, and a number written
 * internationally (+…, 00…) needs no country.
 */
import { COUNTRIES, callingCodeOf, countryByCode, type Country } from './countries';
import { explained } from '../error-text';

/** The parameters as they arrive; an expression may give any JSON value. */
export interface FormatNumberInput {
	/** Text, or a whole number (its digits). */
	number: unknown;
	/** ISO 3166-1 alpha-2, any letter case. */
	countryCode: unknown;
}

export interface FormatNumberBody {
	number: string;
	/** Left out for a number written internationally when no country is given. */
	countrycode?: string;
}

export type BuildFormatNumberResult =
	| { ok: true; body: FormatNumberBody }
	| { ok: false; field: keyof FormatNumberInput; error: string };

/** A value given where text is asked for, e.g. an array from an expression: JSON, to show what it was. */
const describeValue = (value: unknown) =>
	value === undefined
		? 'nothing'
		: Array.isArray(value)
			? `a list (${JSON.stringify(value)})`
			: `${typeof value === 'object' ? 'an object' : String(value)} (${value === null ? 'null' : typeof value})`;

/** A countrycode the gateway takes as not given: absent, null, or empty text. */
export const isNoCountry = (countrycode: unknown): boolean =>
	countrycode === undefined || countrycode === null || (typeof countrycode === 'string' && countrycode.trim() === '');

/** "+31 6…" or "0031 6…": the number names its own country. */
export const isWrittenInternationally = (number: string): boolean => /^\s*(\+|00)/.test(number);

/**
 * The country an international number (digits) belongs to by its calling code. Where countries share a code
 * (+1, +7, +44, …) they share the trunk prefix too, but for +64 (New Zealand 0, Pitcairn none): the first of them
 * by ISO code that has a trunk prefix stands for all, e.g. +1 → AG, +44 → GB, +64 → NZ.
 */
export function countryOfNumber(digits: string): Country | undefined {
	const callingCode = callingCodeOf(digits);
	const sharing = COUNTRIES.filter((country) => country.callingCode === callingCode);
	return sharing.find((country) => country.trunkPrefix !== '') ?? sharing[0];
}

export function buildFormatNumberRequest(input: FormatNumberInput): BuildFormatNumberResult {
	// String() would turn a list into "06,12345678": only text and whole numbers are phone numbers.
	const isWholeNumber = typeof input.number === 'number' && Number.isSafeInteger(input.number) && input.number >= 0;
	if (typeof input.number !== 'string' && !isWholeNumber)
		return { ok: false, field: 'number', error: `expected text, got ${describeValue(input.number)}` };
	const number = String(input.number).trim();
	if (number === '') return { ok: false, field: 'number', error: 'the number is empty' };
	if (!/\d/.test(number)) return { ok: false, field: 'number', error: `"${number}" has no digits` };
	if (isNoCountry(input.countryCode)) {
		if (isWrittenInternationally(number)) return { ok: true, body: { number } };
		return {
			ok: false,
			field: 'countryCode',
			error: explained(
				`empty, and "${number}" is not written internationally`,
				'Choose its country, or write it with its country code (+31 6…).',
			),
		};
	}
	if (typeof input.countryCode !== 'string')
		return {
			ok: false,
			field: 'countryCode',
			error: `expected a country code, got ${describeValue(input.countryCode)}`,
		};
	const country = countryByCode(input.countryCode);
	if (!country)
		return {
			ok: false,
			field: 'countryCode',
			error: `"${input.countryCode}" is not an ISO 3166-1 alpha-2 country code (e.g. NL, BE, GB)`,
		};
	return { ok: true, body: { number, countrycode: country.code } };
}
