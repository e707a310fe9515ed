/**
 * The segment counter against 3GPP TS 23.038 (formerly GSM 03.38) § 6.2.1, written out here from
 * the standard by code position — not from the code under test — and the segment sizes of
 * TS 23.040 (a concatenated part loses 7 septets / 3 UTF-16 units to its header: 160 → 153, 70 → 67).
 */
import { countSegments } from '../../../../nodes/MessagingGateway/core/sending/segments';
import { buildSendRequest } from '../../../../nodes/MessagingGateway/core/sending/send';
import { plain } from '../../../support/plain';

/** The default alphabet, 0x00–0x7F, eight per row; 0x1B is the escape to the extension table (no character). */
const BASIC_TABLE = [
	'@',
	'£',
	'$',
	'¥',
	'è',
	'é',
	'ù',
	'ì',
	'ò',
	'Ç',
	'\n',
	'Ø',
	'ø',
	'\r',
	'Å',
	'å',
	'Δ',
	'_',
	'Φ',
	'Γ',
	'Λ',
	'Ω',
	'Π',
	'Ψ',
	'Σ',
	'Θ',
	'Ξ',
	null,
	'Æ',
	'æ',
	'ß',
	'É',
	' ',
	'!',
	'"',
	'#',
	'¤',
	'%',
	'&',
	"'",
	'(',
	')',
	'*',
	'+',
	',',
	'-',
	'.',
	'/',
	'0',
	'1',
	'2',
	'3',
	'4',
	'5',
	'6',
	'7',
	'8',
	'9',
	':',
	';',
	'<',
	'=',
	'>',
	'?',
	'¡',
	'A',
	'B',
	'C',
	'D',
	'E',
	'F',
	'G',
	'H',
	'I',
	'J',
	'K',
	'L',
	'M',
	'N',
	'O',
	'P',
	'Q',
	'R',
	'S',
	'T',
	'U',
	'V',
	'W',
	'X',
	'Y',
	'Z',
	'Ä',
	'Ö',
	'Ñ',
	'Ü',
	'§',
	'¿',
	'a',
	'b',
	'c',
	'd',
	'e',
	'f',
	'g',
	'h',
	'i',
	'j',
	'k',
	'l',
	'm',
	'n',
	'o',
	'p',
	'q',
	'r',
	's',
	't',
	'u',
	'v',
	'w',
	'x',
	'y',
	'z',
	'ä',
	'ö',
	'ñ',
	'ü',
	'à',
];

/** The extension table (escape + code): the characters it defines, each two septets on the air. */
const EXTENSION_TABLE: Record<number, string> = {
	0x0a: '\f',
	0x14: '^',
	0x28: '{',
	0x29: '}',
	0x2f: '\\',
	0x3c: '[',
	0x3d: '~',
	0x3e: ']',
	0x40: '|',
	0x65: '€',
};

const BASIC = BASIC_TABLE.filter((character): character is string => character !== null);
const EXTENSION = Object.values(EXTENSION_TABLE);

test('the tables as written out: 127 characters in the default alphabet, 10 in the extension table, none in both', () => {
	expect(BASIC_TABLE).toHaveLength(128);
	expect(new Set(BASIC).size).toBe(127);
	expect(EXTENSION.filter((character) => BASIC.includes(character))).toEqual([]);
});

test.each(BASIC.map((character) => [JSON.stringify(character), character]))(
	'default alphabet %s: GSM-7, one septet',
	(_, character) => {
		expect(countSegments(character)).toEqual({ encoding: 'GSM-7', units: 1, segments: 1 });
	},
);

test.each(EXTENSION.map((character) => [JSON.stringify(character), character]))(
	'extension table %s: GSM-7, two septets',
	(_, character) => {
		expect(countSegments(character)).toEqual({ encoding: 'GSM-7', units: 2, segments: 1 });
		expect(countSegments(`a${character}`.repeat(53)).segments).toBe(1); // 159 septets
		expect(countSegments(`a${character}`.repeat(54)).segments).toBe(2); // 162 septets
	},
);

test('every default-alphabet character in one text: GSM-7 of 127 septets, one segment', () => {
	expect(countSegments(BASIC.join(''))).toEqual({ encoding: 'GSM-7', units: 127, segments: 1 });
});

test.each([
	['ç (small c cedilla: only the capital is in the table)', 'ç'],
	['` (grave accent)', '`'],
	['“ (left double quotation mark)', '“'],
	['— (em dash)', '—'],
	['a no-break space', '\u00a0'],
	['a tab', '\t'],
])('%s is outside GSM-7: the whole text is UCS-2', (_, character) => {
	expect(countSegments(`Hello ${character}`)).toEqual({ encoding: 'UCS-2', units: 7, segments: 1 });
});

// Concatenation (TS 23.040 § 9.2.3.24.1): the 6-octet header leaves 153 septets or 67 UCS-2 units per part.
const ucs2 = (units: number) => 'Ж'.repeat(units);
test.each([
	['GSM-7', 'a'.repeat(160), 1],
	['GSM-7', 'a'.repeat(161), 2],
	['GSM-7', 'a'.repeat(306), 2],
	['GSM-7', 'a'.repeat(307), 3],
	['GSM-7', '€'.repeat(80), 1],
	['GSM-7', '€'.repeat(81), 2],
	['UCS-2', ucs2(70), 1],
	['UCS-2', ucs2(71), 2],
	['UCS-2', ucs2(134), 2],
	['UCS-2', ucs2(135), 3],
])('%s, %#: %s characters → %i segment(s)', (encoding, text, segments) => {
	expect(countSegments(text)).toMatchObject({ encoding, segments });
});

test('an emoji is a surrogate pair: two UCS-2 units', () => {
	expect(countSegments('😀')).toEqual({ encoding: 'UCS-2', units: 2, segments: 1 });
	expect(countSegments('a'.repeat(68) + '😀')).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
	expect(countSegments('a'.repeat(69) + '😀')).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
});

test('a surrogate pair is never split across two parts', () => {
	// 66 units, then the pair at units 67–68 would straddle the end of part 1 (67): it opens part 2.
	// 66 + 2 + 66 = 134 units would fit two parts of 67 if split; whole, it needs three.
	expect(countSegments(ucs2(66) + '😀' + ucs2(66))).toEqual({ encoding: 'UCS-2', units: 134, segments: 3 });
	expect(countSegments(ucs2(65) + '😀' + ucs2(67))).toEqual({ encoding: 'UCS-2', units: 134, segments: 2 });
});

test('an escape pair is never split across two parts either', () => {
	expect(countSegments('a'.repeat(152) + '€' + 'a'.repeat(152))).toEqual({
		encoding: 'GSM-7',
		units: 306,
		segments: 3,
	});
	expect(countSegments('a'.repeat(151) + '€' + 'a'.repeat(153))).toEqual({
		encoding: 'GSM-7',
		units: 306,
		segments: 2,
	});
});

describe("the gateway's 612-character limit (error 118)", () => {
	const context = { timeZone: 'UTC', now: new Date('2026-01-01T00:00:00Z') };
	const send = (message: string) => buildSendRequest({ sender: 'Shop', to: '31612345678', message }, context);

	test('612 characters are sent (4 GSM-7 segments), 613 are refused before sending', () => {
		expect(send('a'.repeat(612))).toMatchObject({ ok: true, length: { encoding: 'GSM-7', segments: 4 } });
		const error = 'the message has 613 characters. The gateway takes at most 612.';
		expect(plain(send('a'.repeat(613)))).toEqual({ ok: false, field: 'message', error });
	});
});
