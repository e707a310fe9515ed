/**
 * How node versions 1–4 read a number, kept so that their saved workflows read numbers as before (phone.ts guards
 * it: a reading that libphonenumber calls another number is refused). Version 5 and everything new read numbers
 * with libphonenumber (phone.ts). The rules here are the package's own: a trunk prefix per country (countries.ts),
 * national lengths per calling code (lengths.ts) and E.164's bounds.
 */
import { explained, sentence } from '../error-text';
import { COUNTRIES, callingCodeOf, type Country } from './countries';
import { NATIONAL_LENGTHS_TABLE } from './lengths';

/** Characters people put into numbers for readability; they carry no meaning. Parentheses are handled apart. */
const SEPARATORS = /[\s\-./\u00a0]/g;

/** E.164: country code and subscriber number together have at most 15 digits. */
const MAX_NUMBER_DIGITS = 15;
/** The shortest subscriber numbers in use have 4 digits (Niue, Tokelau). */
const MIN_SUBSCRIBER_DIGITS = 4;

/** Why `digits` (international format, digits only) is not an E.164 number by these versions' bounds, or undefined. */
function internationalNumberProblem(digits: string): string | undefined {
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
type NumberProblem =
	| { kind: 'noDigits' }
	| { kind: 'notADigit'; character: string }
	| { kind: 'nationalWithoutCountry'; defaultCountry?: Country }
	// `bare`: written without + or 00 and read as international all the same ("12345" as +1 2345).
	| { kind: 'notInternational'; reason: string; bare?: { defaultCountry?: Country } }
	// Node version 4: bare digits too short or long for the country their digits name, or also a number of the default country.
	| { kind: 'incomplete'; callingCode: string; length: number; defaultCountry?: Country; countryOption: boolean }
	| { kind: 'ambiguous'; callingCode: string; defaultCountry: Country };

type NumberReading = { ok: true; digits: string } | { ok: false; problem: NumberProblem };

/**
 * Reads a number as international digits. "+" or "00" starts an international number. Without it,
 * a number that starts with the default country's trunk prefix (for a country without one: that does
 * not start with its calling code) is national; other digits are read as international, as before,
 * or under `bare` (node version 4) as BareNumberRule says. The result never starts with 0, and reading
 * it again gives it back.
 */
function readPhoneNumber(input: string, defaultCountry?: Country, bare?: BareNumberRule): NumberReading {
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
		return explained(
			`could be a national number of ${code} or an international number (country code ${callingCode})`,
			`As a national number of ${name} (${code}) it lacks the trunk prefix ${trunkPrefix}. Write it with + and its country code, or with its trunk prefix.`,
		);
	}
	const { length, defaultCountry, countryOption } = problem;
	const advice =
		defaultCountry || !countryOption
			? 'write it with + and its country code'
			: 'if it is a national number that lost its leading 0, set the Default Country option; otherwise write it with + and its country code';
	return explained(
		'is not a complete international number',
		`Without + or 00 it is read as country code ${callingCode}, after which a number has ${lengthsInWords(callingCode)} digits, not ${length}. ${sentence(advice)}`,
	);
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
				? explained(
						`starts with 0 but ${country.name} (${country.code}) has the trunk prefix ${country.trunkPrefix}`,
						'Write it with its country code (+…).',
					)
				: explained(
						'is a national number (it starts with 0)',
						'Write it with its country code (+31 6…) or set the Default Country option.',
					);
		}
		case 'notInternational': {
			const advice = problem.bare?.defaultCountry
				? 'write it with its country code (+…)'
				: 'write it with its country code (+31 6…) or set the Default Country option';
			return explained(
				'is not a valid international number',
				`${sentence(problem.reason)}${problem.bare ? ` Without + or 00 it is read as international: ${advice}.` : ''}`,
			);
		}
		case 'incomplete':
		case 'ambiguous':
			return bareProblemText(problem);
	}
}

/** Versions 1–4: a number as international digits (readPhoneNumber above), or why it is none, in words that follow the number. */
export function readLegacyNumber(
	input: string,
	defaultCountry?: Country,
	bare?: BareNumberRule,
): { ok: true; digits: string } | { ok: false; why: string } {
	const reading = readPhoneNumber(input, defaultCountry, bare);
	return reading.ok ? reading : { ok: false, why: numberProblemText(reading.problem) };
}
