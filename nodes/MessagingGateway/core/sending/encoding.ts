/**
 * Smart Encoding: typographic look-alikes (curly quotes, dashes, the ellipsis, special spaces) that
 * a word processor or a template puts in a text make a whole SMS UCS-2 (70 characters per segment
 * instead of 160). Replaced by their plain GSM-7 forms, the same text goes out in fewer segments.
 * Applied only when it makes the whole text GSM-7 and costs no more segments; otherwise the text is
 * left exactly as written (an emoji, Cyrillic, a Chinese character cannot be replaced). A URL's
 * characters are never replaced (an en dash in a link is another link), nor is a tab (code, columns):
 * a text with either outside GSM-7 is left as written too.
 */
import { MAX_MESSAGE_LENGTH, messageLength } from './rules';
import { countSegments, isGsm7 } from './segments';

/** Look-alikes by their GSM-7 form: quotation marks and guillemets; apostrophes, primes; hyphens, dashes, minus; the ellipsis; spaces. */
const LOOK_ALIKES: ReadonlyArray<[string, string]> = [
	['\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033\uff02', '"'],
	['\u2018\u2019\u201a\u201b\u2032\u2039\u203a\uff07', "'"],
	['\u2010\u2011\u2012\u2013\u2014\u2015\u2212', '-'],
	['\u2026', '...'],
	['\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000', ' '],
];
const REPLACEMENTS = new Map(
	LOOK_ALIKES.flatMap(([characters, gsm]) => [...characters].map((character) => [character, gsm] as const)),
);

/**
 * A URL: a scheme and `//` (`https://`), `www.`, or a domain name with a path (`bit.ly/x`), up to the next
 * space; closing punctuation and quotes at its end belong to the sentence around it.
 */
const URL_PATTERN = /(?:\b[a-z][a-z\d+.-]*:\/\/|\bwww\.|\b(?:[a-z\d-]+\.)+[a-z]{2,}\/)\S*/giu;
const URL_END = /[.,;:!?)\]}'"\u201d\u2019\u00bb\u203a\u2033\u2032\uff02\uff07]+$/u;

/** Whether each UTF-16 unit of `text` is part of a URL. */
function inUrls(text: string): boolean[] {
	const inside = Array.from({ length: text.length }, () => false);
	for (const match of text.matchAll(URL_PATTERN)) {
		const end = match.index + match[0].replace(URL_END, '').length;
		inside.fill(true, match.index, end);
	}
	return inside;
}

/** A character outside GSM-7: its position among the text's characters (code points, from 0) and its replacement, or null (none, or inside a URL). */
export interface NonGsmCharacter {
	character: string;
	index: number;
	replacement: string | null;
}

/** The characters of `text` that make it UCS-2, in order. */
export function nonGsmCharacters(text: string): NonGsmCharacter[] {
	const url = inUrls(text);
	let offset = 0;
	return [...text].flatMap((character, index) => {
		const start = offset;
		offset += character.length;
		if (isGsm7(character)) return [];
		return [{ character, index, replacement: url[start] ? null : (REPLACEMENTS.get(character) ?? null) }];
	});
}

export interface SmartEncoded {
	/** The text to send: replaced, or exactly as written. */
	text: string;
	/** How many characters were replaced (0 when the text was left as written). */
	replaced: number;
}

/** The text with its look-alikes replaced, when that makes it entirely GSM-7 in no more segments and within the length limit. */
export function smartEncode(text: string): SmartEncoded {
	const found = nonGsmCharacters(text);
	if (found.length === 0 || found.some((entry) => entry.replacement === null)) return { text, replaced: 0 };
	const replacements = new Map(found.map((entry) => [entry.index, entry.replacement]));
	const replaced = [...text].map((character, index) => replacements.get(index) ?? character).join('');
	const fewer = countSegments(replaced).segments <= countSegments(text).segments;
	return fewer && messageLength(replaced) <= MAX_MESSAGE_LENGTH
		? { text: replaced, replaced: found.length }
		: { text, replaced: 0 };
}
