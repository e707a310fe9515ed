/**
 * SMS length (3GPP TS 23.038 / 23.040): GSM-7 fits 160 septets in one message and 153 per part
 * when concatenated; the ten characters of the extension table take two septets each. Any other
 * character makes the whole message UCS-2: 70 UTF-16 units, then 67 per part.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SegmentCount {
	encoding: SmsEncoding;
	/** Septets (GSM-7) or UTF-16 code units (UCS-2) the text occupies. */
	units: number;
	segments: number;
}

const GSM7_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
	'¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/**
 * The extension table (escape + code), two septets each: the nine the gateway documents as counting
 * double, and the form feed, which TS 23.038 puts in the same table.
 */
const GSM7_EXTENSION = '€\\}[^~]{|\f';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
	'GSM-7': { single: 160, part: 153 },
	'UCS-2': { single: 70, part: 67 },
};

/** Whether `character` (one code point) is in the GSM-7 alphabet, in its default or its extension table. */
export const isGsm7 = (character: string) => BASIC.has(character) || EXTENSION.has(character);

/** Width of each character in the encoding's units; undefined when the text is not GSM-7. */
function gsm7Widths(text: string): number[] | undefined {
	const widths: number[] = [];
	for (const char of text) {
		if (BASIC.has(char)) widths.push(1);
		else if (EXTENSION.has(char)) widths.push(2);
		else return undefined;
	}
	return widths;
}

function ucs2Widths(text: string): number[] {
	// A character outside the BMP (most emoji) is a surrogate pair: two units that must stay in one part.
	return Array.from(text, (char) => char.length);
}

/** Parts needed when no character may be split across two parts (escape pairs, surrogate pairs). */
function countParts(widths: number[], partSize: number): number {
	let parts = 1;
	let used = 0;
	for (const width of widths) {
		if (used + width > partSize) {
			parts += 1;
			used = 0;
		}
		used += width;
	}
	return parts;
}

export function countSegments(text: string): SegmentCount {
	const gsm = gsm7Widths(text);
	const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
	const widths = gsm ?? ucs2Widths(text);
	const units = widths.reduce((sum, width) => sum + width, 0);
	const limit = LIMITS[encoding];
	const segments = units <= limit.single ? 1 : countParts(widths, limit.part);
	return { encoding, units, segments };
}
