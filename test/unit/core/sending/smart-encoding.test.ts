/**
 * Smart Encoding's replacements, from the list the feature promises (docs/cost-and-encoding.md):
 * “ ” „ « » → ", ‘ ’ ‚ → ', – — → -, … → ..., no-break and thin spaces → a space; applied only when the
 * whole result is GSM-7 (3GPP TS 23.038), costs no more segments and stays within 612 characters.
 */
import { nonGsmCharacters, smartEncode } from '../../../../nodes/MessagingGateway/core/sending/encoding';

test.each([
	['“quoted”', '"quoted"', 2],
	['„German“', '"German"', 2],
	['«French»', '"French"', 2],
	['it‘s ’fine’ ‚ok‘', "it's 'fine' 'ok'", 5],
	['9–5 — open', '9-5 - open', 2],
	['wait…', 'wait...', 1],
	['10\u00a0€, 5\u2009kg, 1\u202f000', '10 €, 5 kg, 1 000', 3],
])('%s → %s (%i replaced)', (text, sent, replaced) => {
	expect(smartEncode(text)).toEqual({ text: sent, replaced });
});

test('a text with a character that has no GSM-7 form is left exactly as written', () => {
	expect(smartEncode('“Great” 😀')).toEqual({ text: '“Great” 😀', replaced: 0 });
	expect(smartEncode('Привет — “мир”')).toEqual({ text: 'Привет — “мир”', replaced: 0 });
});

test('a GSM-7 text is unchanged, with nothing replaced', () => {
	expect(smartEncode('Plain "text" - ok')).toEqual({ text: 'Plain "text" - ok', replaced: 0 });
});

test('not when the replacement takes more segments: 67 ellipses are 1 UCS-2 segment, but 201 septets are 2', () => {
	expect(smartEncode('…'.repeat(67))).toEqual({ text: '…'.repeat(67), replaced: 0 });
	// 40 ellipses: 40 UCS-2 units (1 segment) or 120 septets (1 segment): replaced.
	expect(smartEncode('…'.repeat(40))).toEqual({ text: '...'.repeat(40), replaced: 40 });
});

test('not when the replacement would pass the 612-character limit', () => {
	const text = 'a'.repeat(610) + '…';
	expect(smartEncode(text)).toEqual({ text, replaced: 0 });
	expect(smartEncode('a'.repeat(609) + '…')).toEqual({ text: 'a'.repeat(609) + '...', replaced: 1 });
});

test('nonGsmCharacters: position among the characters (an emoji is one), replacement or null', () => {
	expect(nonGsmCharacters('😀 “a”')).toEqual([
		{ character: '😀', index: 0, replacement: null },
		{ character: '“', index: 2, replacement: '"' },
		{ character: '”', index: 4, replacement: '"' },
	]);
});

describe('a URL is never changed: an en dash in a link would be another link, so the text is left as written', () => {
	test.each([
		'See https://en.wikipedia.org/wiki/1990–91_season — today',
		'Read www.example.com/sale–2024 “now”',
		'Track it: bit.ly/a–b',
		'Pay at ftp://files.example.org/report—final …',
	])('%s', (text) => {
		expect(smartEncode(text)).toEqual({ text, replaced: 0 });
	});

	test('quotes and a full stop around a URL belong to the sentence and are replaced; the URL is unchanged', () => {
		expect(smartEncode('Open “https://example.com/a-b”. It’s ready')).toEqual({
			text: 'Open "https://example.com/a-b". It\'s ready',
			replaced: 3,
		});
		expect(smartEncode('Go to https://example.com/x\u00a0– now')).toEqual({
			text: 'Go to https://example.com/x - now',
			replaced: 2,
		});
	});

	test('nonGsmCharacters gives a character inside a URL no replacement', () => {
		expect(nonGsmCharacters('“x” https://a.example/1–2')).toEqual([
			{ character: '“', index: 0, replacement: '"' },
			{ character: '”', index: 2, replacement: '"' },
			{ character: '–', index: 23, replacement: null },
		]);
	});
});

test('a tab is not a look-alike: a text with a tab is left exactly as written', () => {
	const code = 'Your code:\t4711 – valid 10 min';
	expect(smartEncode(code)).toEqual({ text: code, replaced: 0 });
	expect(nonGsmCharacters('a\tb')).toEqual([{ character: '\t', index: 1, replacement: null }]);
});
