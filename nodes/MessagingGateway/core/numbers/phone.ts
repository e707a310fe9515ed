/**
 * Phone numbers as people write them, read as the gateway wants them: international format, digits only
 * (docs/gateway-api.md#send-sms). Google's libphonenumber decides (libphonenumber.ts): it knows every country's
 * trunk and international prefixes, lengths and number ranges. The rule on top of it, the same for every node,
 * operation and the emulator (docs/messaging-gateway.md#phone-numbers):
 * - `+` or `00` starts an international number; a trunk 0 after the country code (`+31 (0)6…`, `+31 06…`) is
 *   dropped where libphonenumber drops it (not in Italy's `+39 06…`, where the 0 belongs to the number).
 * - Other digits, with a Default Country: a number of that country when they can be one (libphonenumber's national
 *   reading is valid), else international when that reading is valid, else refused, saying why. When both readings
 *   are valid and differ, the digits are two numbers, and they are refused naming both: `4915112345678` with Default
 *   Country DE is +49 151 12345678 in the gateway's own format or the Leer landline 0491 5112345678, `16012345678` a
 *   Mississippi number or the German 0160 mobile that lost its 0, and US `2015550123` also the Egyptian +20 15 550123.
 *   So a number given in the gateway's format (digits only) never goes to another number. The national reading is
 *   taken where the digits are the country's way of writing that number (not beginning with its own calling code)
 *   and the user says so: by writing its digits grouped as the country groups them (US `(201) 555-0123` or
 *   `201-555-0123`, a Chinese mobile `131 2345 6789`), or, for bare digits (US `2015550123`), by the option Prefer
 *   Default Country (`preferNational`). Such pairs are about 14% of US numbers, 94% of Chinese mobiles and 37% of
 *   Italian numbers.
 * - Other digits without a Default Country: international (the gateway's own format) when valid, else refused with
 *   the advice to set Default Country or write `+`.
 * - Nothing libphonenumber calls invalid is read as a number unless the rule accepts invalid numbers (a send's
 *   Accept Unrecognized Numbers option, for ranges libphonenumber does not know yet; numbers the gateway itself
 *   gives); even then the number must be possible (its country's lengths).
 * Node versions 1–4 keep their own reading (legacy.ts), guarded: a reading libphonenumber reads as another valid
 * number is refused, and so are digits that are two valid numbers.
 */
import { explained } from '../error-text';
import type { Country } from './countries';
import { readLegacyNumber } from './legacy';
import { isSupportedCountry, parsePhoneNumberFromString } from './libphonenumber';
import { countryName, invalidReason, lengthSlip, shown, slipText, twoNumbers } from './why-invalid';

export type NumberResult = { ok: true; digits: string } | { ok: false; error: string };

/** How a node version reads numbers (actions/perItem.ts `numberRule`). */
export interface NumberRule {
	/** `libphonenumber`: node version 5 and later, and everything not versioned; `length` (version 4) and `plain` (1–3): legacy.ts, guarded. */
	reading: 'libphonenumber' | 'length' | 'plain';
	/** The node offers a Default Country option, so the advice may name it. */
	countryOption: boolean;
	/** A number libphonenumber calls invalid but possible (its country's lengths) is taken as written. */
	acceptInvalid: boolean;
	/** Digits that are two valid numbers go to the Default Country's one when written as it writes it (the rule above). */
	preferNational?: boolean;
}

/** How one field reads its numbers: the node version's rule (STRICT_RULE if not given) and the item's Default Country. */
export interface NumberContext {
	rule?: NumberRule;
	defaultCountry?: Country;
}

/** What a number field of node version 5 reads without options: libphonenumber, valid numbers only. */
export const STRICT_RULE: NumberRule = { reading: 'libphonenumber', countryOption: false, acceptInvalid: false };
/** Numbers the gateway gives (a webhook's sender, a request the emulator receives): international digits, possible. */
export const GATEWAY_RULE: NumberRule = { reading: 'libphonenumber', countryOption: false, acceptInvalid: true };

/**
 * What is wrong with a number, as a kind: the emulator maps it to a gateway code (103 or 106), the node shows `text`.
 * `ambiguous`: the digits are two valid numbers (the national and the international reading differ).
 */
export type NumberProblem = { kind: 'notANumber' | 'invalid'; text: string; ambiguous?: true };

export type NumberReading = { ok: true; digits: string } | { ok: false; problem: NumberProblem };

/** What people put into numbers for readability (parentheses around a trunk prefix or an area code too). */
const NUMBER_CHARACTER = /[\d\s\-./\u00a0()]/;
/** A text of such characters only, with an optional + first (the fast check; NUMBER_CHARACTER names the culprit). */
const NUMBER_TEXT = /^\+?[\d\s\-./\u00a0()]*$/;

const refused = (kind: NumberProblem['kind'], text: string): NumberReading => ({ ok: false, problem: { kind, text } });

/** The lengths of the digit groups of a written number (`(201) 555-0123` → `3 3 4`): its layout, whatever the separators. */
const groups = (text: string) => (text.match(/\d+/g) ?? []).map((group) => group.length).join(' ');

/** The reading of node version 5 and everything unversioned (the rule at the top of this file). */
function readByLibphonenumber(input: string, defaultCountry: Country | undefined, rule: NumberRule): NumberReading {
	const text = input.trim();
	if (!NUMBER_TEXT.test(text)) {
		const character = [...text].find((char, index) => !(index === 0 && char === '+') && !NUMBER_CHARACTER.test(char));
		return refused('notANumber', `contains "${character}", which is not part of a phone number`);
	}
	const digits = text.replace(/\D/g, '');
	if (digits === '') return refused('notANumber', 'has no digits');
	const written = text.startsWith('+') || digits.startsWith('00');
	// The national reading first: digits that can be a number of the Default Country are one of its numbers.
	// A few ISO territories (Antarctica, Bouvet Island, …) have no numbering plan of their own in libphonenumber.
	const plan = defaultCountry && isSupportedCountry(defaultCountry.code) ? defaultCountry.code : undefined;
	const national = !written && plan ? parsePhoneNumberFromString(text, plan as never) : undefined;
	const nationalValid = national?.isValid() === true;
	// A leading 0 (a trunk prefix) is no international number: no country calling code starts with 0.
	if (nationalValid && digits.startsWith('0')) return { ok: true, digits: national!.number.slice(1) };
	// The digits of the country's way of writing that number, not beginning with its calling code: its number when the
	// user says so (its layout, or Prefer Default Country), whatever the digits are in the gateway's format. Either way
	// the second reading is not even parsed.
	const nationally =
		nationalValid && !digits.startsWith(defaultCountry!.callingCode) ? national!.formatNational() : undefined;
	const asCountryWrites = nationally !== undefined && nationally.replace(/\D/g, '') === digits;
	if (asCountryWrites && (rule.preferNational || (text !== digits && groups(text) === groups(nationally))))
		return { ok: true, digits: national!.number.slice(1) };
	const international = parsePhoneNumberFromString(`+${written && !text.startsWith('+') ? digits.slice(2) : digits}`);
	const internationalValid = international?.isValid() === true;
	if (nationalValid && internationalValid && national!.number !== international!.number)
		return {
			ok: false,
			problem: {
				kind: 'invalid',
				ambiguous: true,
				text: twoNumbers(international!, national!, defaultCountry!, asCountryWrites && rule.countryOption),
			},
		};
	const chosen = nationalValid
		? national
		: internationalValid
			? international
			: rule.acceptInvalid
				? [national, international].find((reading) => reading?.isPossible())
				: undefined;
	if (chosen) return { ok: true, digits: chosen.number.slice(1) };

	const advice = rule.acceptInvalid ? '' : ' If the number is new, turn on Accept Unrecognized Numbers.';
	const internationalSlip = lengthSlip(international);
	if (written) {
		if (internationalSlip) return refused('invalid', slipText(internationalSlip, international!, digits, '', advice));
		return refused('invalid', explained('is not a valid number', `${invalidReason(international, digits)}.${advice}`));
	}
	const nationalSlip = lengthSlip(national);
	if (defaultCountry && nationalSlip)
		return refused(
			'invalid',
			slipText(nationalSlip, national!, digits, ` for a number of ${defaultCountry.code}`, advice),
		);
	if (defaultCountry) {
		const country = `${defaultCountry.name} (${defaultCountry.code})`;
		const asNational = plan ? invalidReason(national, digits) : `libphonenumber knows no numbering plan of ${country}`;
		return refused(
			'invalid',
			explained(
				`is neither a number of ${defaultCountry.code} nor an international number`,
				`As a number of ${country}: ${asNational}; as an international number: ${invalidReason(international, digits)}. Check the digits, or write it with + and its country code.${advice}`,
			),
		);
	}
	if (digits.startsWith('0'))
		return refused(
			'invalid',
			explained(
				'is a national number (it starts with 0)',
				`Write it with its country code (+31 6…)${rule.countryOption ? ' or set the Default Country option' : ''}.`,
			),
		);
	if (internationalSlip) return refused('invalid', slipText(internationalSlip, international!, digits, '', advice));
	const setCountry = rule.countryOption ? 'set the Default Country option' : 'write it with + and its country code';
	return refused(
		'invalid',
		explained(
			'is not a valid international number',
			`Without + or 00 it is read as international, and ${invalidReason(international, digits)}. If it is a national number, ${setCountry}.${advice}`,
		),
	);
}

/**
 * A number as international digits, or why it is none. `rule` defaults to STRICT_RULE. Versions 1–4 read as they
 * did (legacy.ts), except that a reading libphonenumber reads as another valid number is refused: that reading
 * would send to a stranger (an Italian 390… mobile read as a Novara landline) or to no one.
 */
export function readPhoneNumber(
	input: string,
	defaultCountry?: Country,
	rule: NumberRule = STRICT_RULE,
): NumberReading {
	const current = readByLibphonenumber(
		input,
		defaultCountry,
		rule.reading === 'libphonenumber'
			? rule
			: { ...STRICT_RULE, countryOption: rule.countryOption, preferNational: rule.preferNational },
	);
	if (rule.reading === 'libphonenumber') return current;
	const legacy = readLegacyNumber(input, defaultCountry, rule.reading === 'length' ? rule : undefined);
	if (!legacy.ok) return refused('invalid', legacy.why);
	// Two valid numbers: whichever of them the old reading takes, the other may be the one meant.
	if (!current.ok && current.problem.ambiguous) return current;
	if (current.ok && current.digits !== legacy.digits) {
		const meant = parsePhoneNumberFromString(`+${current.digits}`)!;
		return refused(
			'invalid',
			explained(
				`is read as +${legacy.digits} here, but as ${shown(meant)} by libphonenumber`,
				`This node version reads it as +${legacy.digits}; libphonenumber's reading is a valid number${meant.country ? ` of ${countryName(meant.country)}` : ''}. Write it with + and its country code to say which is meant (node version 5 reads numbers as libphonenumber does).`,
			),
		);
	}
	return legacy;
}

/** Turns a number into international digits (readPhoneNumber), or says in words why it cannot. */
export function normalizePhoneNumber(input: string, defaultCountry?: Country, rule?: NumberRule): NumberResult {
	const reading = readPhoneNumber(input, defaultCountry, rule);
	return reading.ok ? reading : { ok: false, error: `"${input}" ${reading.problem.text}` };
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
	rule?: NumberRule,
): RecipientListResult {
	const parts = (typeof input === 'string' ? [input] : input)
		.flatMap((entry) => String(entry).split(/[,;]/))
		.map((part) => part.trim())
		// Empty entries come from separators (a trailing comma, ", ,"), never from a number.
		.filter((part) => part !== '');
	if (parts.length === 0) return { ok: false, error: 'no recipient number given' };
	const recipients: Recipient[] = [];
	for (const [index, part] of parts.entries()) {
		const result = normalizePhoneNumber(part, defaultCountry, rule);
		if (!result.ok) {
			return { ok: false, error: parts.length > 1 ? `recipient ${index}: ${result.error}` : result.error };
		}
		recipients.push({ written: part, digits: result.digits });
	}
	return { ok: true, recipients };
}

/** One number, several separated by commas or semicolons, or a list of them (from an expression). */
export function parseRecipients(
	input: string | readonly string[],
	defaultCountry?: Country,
	rule?: NumberRule,
): RecipientsResult {
	const read = readRecipients(input, defaultCountry, rule);
	return read.ok ? { ok: true, numbers: read.recipients.map((recipient) => recipient.digits) } : read;
}
