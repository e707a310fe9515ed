/**
 * Recipient numbers: the gateway wants international format, digits only (docs/gateway-api.md#send-sms).
 * Accepts numbers as people write them: "+31 (0)6-1234 5678", "0044 7700 900123", and national
 * numbers ("06 1234 5678") when a default country says whose.
 */
import { COUNTRIES, callingCodeOf, type Country } from './countries';
import { NATIONAL_LENGTHS_TABLE } from './lengths';
import { internationalNumberProblem } from './international';

/** Characters people put into numbers for readability; they carry no meaning. Parentheses are handled apart. */
const SEPARATORS = /[\s\-./\u00a0]/g;

export type NumberResult = { ok: true; digits: string } | { ok: false; error: string };

/** The trunk prefixes used with each calling code (+64 is New Zealand's, trunk 0, and Pitcairn's, none). */
const TRUNK_PREFIXES = new Map<string, Set<string>>();
for (const country of COUNTRIES) {
	if (country.trunkPrefix === '') continue;
	const prefixes = TRUNK_PREFIXES.get(country.callingCode) ?? new Set<string>();
	prefixes.add(country.trunkPrefix);
	TRUNK_PREFIXES.set(country.callingCode, prefixes);
}

/** The national lengths of each calling code ("20:8-10" → 8, 9, 10), from core/numbers/lengths.ts. */
const NATIONAL_LENGTHS = new Map(
	NATIONAL_LENGTHS_TABLE.trim()
		.split('\n')
		.map((row) => {
			const [callingCode, lengths] = row.split(':');
			const ranges = lengths.split(',').map((part) => part.split('-').map(Number));
			return [
				callingCode,
				ranges.flatMap(([from, to = from]) => Array.from({ length: to - from + 1 }, (_, step) => from + step)),
			];
		}),
);

/** Whether `national` has a length numbers after `callingCode` have (a code without known lengths: yes). */
function completeAfter(callingCode: string, national: string): boolean {
	return NATIONAL_LENGTHS.get(callingCode)?.includes(national.length) ?? true;
}

/**
 * Node version 4's reading of bare digits (no +, 00 or trunk prefix): they must be complete for the country
 * their digits name, and with a default country, digits of its national length are national.
 * `countryOption`: the node has a Default Country option to advise.
 */
export interface BareNumberRule {
	countryOption: boolean;
}

/** "31(0)612345678" → "31612345678": a trunk prefix in parentheses after the country code is dropped. */
function dropTrunkInParentheses(international: string): string {
	const callingCode = callingCodeOf(international);
	if (callingCode === undefined) return international;
	const afterCode = /^\((\d+)\)/.exec(international.slice(callingCode.length));
	if (afterCode && TRUNK_PREFIXES.get(callingCode)?.has(afterCode[1])) {
		return callingCode + international.slice(callingCode.length + afterCode[0].length);
	}
	return international;
}

/** A national number of `country` in international format, following its trunk prefix. */
function fromNational(
	digits: string,
	country: Country,
	rule: BareNumberRule | undefined,
): string | NumberProblem | undefined {
	const { callingCode, trunkPrefix } = country;
	// Without a trunk prefix (e.g. Italy) every digit is part of the national number, a leading 0 too;
	// digits that already start with the country's own code are taken as international (+ makes it explicit).
	if (trunkPrefix === '') return digits.startsWith(callingCode) ? undefined : callingCode + digits;
	if (digits.startsWith(trunkPrefix)) return callingCode + digits.slice(trunkPrefix.length);
	// The North American plan writes national numbers without its trunk prefix 1: ten digits.
	if (callingCode === '1' && digits.length === 10) return callingCode + digits;
	// Node version 4: national digits that lost their trunk prefix (a spreadsheet's 612345678); digits that are
	// complete after the country's own code stay international, and complete after another code are ambiguous.
	if (!rule || !NATIONAL_LENGTHS.get(callingCode)?.includes(digits.length)) return undefined;
	if (digits.startsWith(callingCode) && completeAfter(callingCode, digits.slice(callingCode.length))) return undefined;
	const other = callingCodeOf(digits);
	if (other !== undefined && completeAfter(other, digits.slice(other.length)))
		return { kind: 'ambiguous', callingCode: other, defaultCountry: country };
	return callingCode + digits;
}

/** What is wrong with a number, as a kind: the emulator maps it to a gateway code, the node to a text. */
export type NumberProblem =
	| { kind: 'noDigits' }
	| { kind: 'notADigit'; character: string }
	| { kind: 'nationalWithoutCountry'; defaultCountry?: Country }
	// `bare`: written without + or 00 and read as international all the same ("12345" as +1 2345).
	| { kind: 'notInternational'; reason: string; bare?: { defaultCountry?: Country } }
	// Node version 4: bare digits too short or long for the country their digits name, or also a number of the default country.
	| { kind: 'incomplete'; callingCode: string; length: number; defaultCountry?: Country; countryOption: boolean }
	| { kind: 'ambiguous'; callingCode: string; defaultCountry: Country };

export type NumberReading = { ok: true; digits: string } | { ok: false; problem: NumberProblem };

/**
 * Reads a number as international digits. "+" or "00" starts an international number. Without it,
 * a number that starts with the default country's trunk prefix (for a country without one: that does
 * not start with its calling code) is national; other digits are read as international, as before,
 * or under `bare` (node version 4) as BareNumberRule says. The result never starts with 0, and reading
 * it again gives it back.
 */
export function readPhoneNumber(input: string, defaultCountry?: Country, bare?: BareNumberRule): NumberReading {
	const text = input.trim().replace(SEPARATORS, '');
	const written = text.startsWith('+') || text.startsWith('00');
	let digits: string;
	let national = false;
	if (written) {
		digits = dropTrunkInParentheses(text.slice(text.startsWith('+') ? 1 : 2)).replace(/[()]/g, '');
	} else {
		digits = text.replace(/[()]/g, '');
		if (/^\d+$/.test(digits)) {
			const read = defaultCountry ? fromNational(digits, defaultCountry, bare) : undefined;
			if (typeof read === 'object') return { ok: false, problem: read };
			national = read !== undefined;
			if (read !== undefined) digits = read;
			else if (digits.startsWith('0'))
				return { ok: false, problem: { kind: 'nationalWithoutCountry', defaultCountry } };
		}
	}
	if (digits === '') return { ok: false, problem: { kind: 'noDigits' } };
	const bad = digits.match(/[^0-9]/);
	if (bad) return { ok: false, problem: { kind: 'notADigit', character: bad[0] } };
	const reason = internationalNumberProblem(digits);
	if (reason)
		return {
			ok: false,
			problem: { kind: 'notInternational', reason, ...(written ? {} : { bare: { defaultCountry } }) },
		};
	const callingCode = callingCodeOf(digits)!;
	if (bare && !written && !national && !completeAfter(callingCode, digits.slice(callingCode.length))) {
		return {
			ok: false,
			problem: {
				kind: 'incomplete',
				callingCode,
				length: digits.length - callingCode.length,
				defaultCountry,
				countryOption: bare.countryOption,
			},
		};
	}
	return { ok: true, digits };
}

/** The lengths of numbers after a calling code, in words: "9", "9 or 11", "8, 9 or 10". */
function lengthsInWords(callingCode: string): string {
	const lengths = NATIONAL_LENGTHS.get(callingCode) ?? [];
	return lengths.length > 1 ? `${lengths.slice(0, -1).join(', ')} or ${lengths[lengths.length - 1]}` : lengths.join('');
}

/** Version 4's refusals of bare digits, with the advice. */
function bareProblemText(problem: Extract<NumberProblem, { kind: 'incomplete' | 'ambiguous' }>): string {
	const { callingCode } = problem;
	if (problem.kind === 'ambiguous') {
		const { name, code, trunkPrefix } = problem.defaultCountry;
		return `could be a national number of ${name} (${code}) without its trunk prefix ${trunkPrefix} or an international number with country code ${callingCode}: write it with + and its country code, or with its trunk prefix`;
	}
	const { length, defaultCountry, countryOption } = problem;
	const advice =
		defaultCountry || !countryOption
			? 'write it with + and its country code'
			: 'if it is a national number that lost its leading 0, set the Default Country option; otherwise write it with + and its country code';
	return `is not a complete international number: without + or 00 it is read as country code ${callingCode}, after which a number has ${lengthsInWords(callingCode)} digits, not ${length}; ${advice}`;
}

/** Why a number is refused, in words that follow the number. */
function numberProblemText(problem: NumberProblem): string {
	switch (problem.kind) {
		case 'noDigits':
			return 'has no digits';
		case 'notADigit':
			return `contains "${problem.character}", which is not part of a phone number`;
		case 'nationalWithoutCountry': {
			const country = problem.defaultCountry;
			return country
				? `starts with 0 but ${country.name} (${country.code}) has the trunk prefix ${country.trunkPrefix}; write it with its country code (+…)`
				: 'is a national number (it starts with 0): write it with its country code (+31 6…) or set the Default Country option';
		}
		case 'notInternational': {
			const advice = problem.bare?.defaultCountry
				? 'write it with its country code (+…)'
				: 'write it with its country code (+31 6…) or set the Default Country option';
			return `is not a valid international number: ${problem.reason}${problem.bare ? `; without + or 00 it is read as international: ${advice}` : ''}`;
		}
		case 'incomplete':
		case 'ambiguous':
			return bareProblemText(problem);
	}
}

/** Turns a number into international digits (readPhoneNumber), or says in words why it cannot. */
export function normalizePhoneNumber(input: string, defaultCountry?: Country, bare?: BareNumberRule): NumberResult {
	const reading = readPhoneNumber(input, defaultCountry, bare);
	return reading.ok ? reading : { ok: false, error: `"${input}" ${numberProblemText(reading.problem)}` };
}

export type RecipientsResult = { ok: true; numbers: string[] } | { ok: false; error: string };

/** A recipient as it was written (trimmed) and its international digits. */
export interface Recipient {
	written: string;
	digits: string;
}

export type RecipientListResult = { ok: true; recipients: Recipient[] } | { ok: false; error: string };

/** One number, several separated by commas or semicolons, or a list of them, each with its written form. */
export function readRecipients(
	input: string | readonly string[],
	defaultCountry?: Country,
	bare?: BareNumberRule,
): RecipientListResult {
	const parts = (typeof input === 'string' ? [input] : input)
		.flatMap((entry) => String(entry).split(/[,;]/))
		.map((part) => part.trim())
		// Empty entries come from separators (a trailing comma, ", ,"), never from a number.
		.filter((part) => part !== '');
	if (parts.length === 0) return { ok: false, error: 'no recipient number given' };
	const recipients: Recipient[] = [];
	for (const [index, part] of parts.entries()) {
		const result = normalizePhoneNumber(part, defaultCountry, bare);
		if (!result.ok) {
			return { ok: false, error: parts.length > 1 ? `recipient ${index + 1}: ${result.error}` : result.error };
		}
		recipients.push({ written: part, digits: result.digits });
	}
	return { ok: true, recipients };
}

/** One number, several separated by commas or semicolons, or a list of them (from an expression). */
export function parseRecipients(input: string | readonly string[], defaultCountry?: Country): RecipientsResult {
	const read = readRecipients(input, defaultCountry);
	return read.ok ? { ok: true, numbers: read.recipients.map((recipient) => recipient.digits) } : read;
}
