/** Recipient numbers: the gateway wants international format, digits only (spec 2.2, 4.1). */

export const MIN_NUMBER_DIGITS = 8;
export const MAX_NUMBER_DIGITS = 15; // E.164's maximum

/** Characters people put into numbers for readability; they carry no meaning. */
const SEPARATORS = /[\s\-().\u00a0/]/g;

export type NumberResult = { ok: true; digits: string } | { ok: false; error: string };

/**
 * Turns "+31 (0)6-1234 5678"-style input into digits only. A leading "+" or "00" marks the
 * international prefix and is dropped; anything else that is not a digit is an error, not ignored.
 */
export function normalizePhoneNumber(input: string): NumberResult {
	let rest = input.trim().replace(SEPARATORS, '');
	if (rest.startsWith('+')) rest = rest.slice(1);
	else if (rest.startsWith('00')) rest = rest.slice(2);
	if (rest === '') return { ok: false, error: `"${input}" has no digits` };
	const bad = rest.match(/[^0-9]/);
	if (bad) return { ok: false, error: `"${input}" contains "${bad[0]}", which is not part of a phone number` };
	if (rest.length < MIN_NUMBER_DIGITS || rest.length > MAX_NUMBER_DIGITS) {
		return {
			ok: false,
			error: `"${input}" has ${rest.length} digits; an international number has ${MIN_NUMBER_DIGITS} to ${MAX_NUMBER_DIGITS} (country code first, e.g. 31612345678)`,
		};
	}
	return { ok: true, digits: rest };
}

export type RecipientsResult = { ok: true; numbers: string[] } | { ok: false; error: string };

/** One number, several separated by commas or semicolons, or a list of them (from an expression). */
export function parseRecipients(input: string | readonly string[]): RecipientsResult {
	const parts = (typeof input === 'string' ? [input] : input)
		.flatMap((entry) => String(entry).split(/[,;]/))
		.map((part) => part.trim())
		// Empty entries come from separators (a trailing comma, ", ,"), never from a number.
		.filter((part) => part !== '');
	if (parts.length === 0) return { ok: false, error: 'no recipient number given' };
	const numbers: string[] = [];
	for (const [index, part] of parts.entries()) {
		const result = normalizePhoneNumber(part);
		if (!result.ok) {
			return { ok: false, error: parts.length > 1 ? `recipient ${index + 1}: ${result.error}` : result.error };
		}
		numbers.push(result.digits);
	}
	return { ok: true, numbers };
}
