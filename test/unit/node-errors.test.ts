/**
 * Error titles: n8n shows an error's message as its title, one line above its description. Every error the
 * nodes raise is made by nodeErrors.ts: the title is the part of the text before its details
 * (core/error-text.ts), one line of at most TITLE_LIMIT characters, and nothing of the text is lost.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { explained, plainText } from '../../nodes/MessagingGateway/core/error-text';
import {
	operationError,
	TITLE_LIMIT,
	titleOf,
	wholeText,
	withoutSecrets,
} from '../../nodes/MessagingGateway/nodeErrors';
import { visibleLength } from '../support/run';

const ROOT = join(__dirname, '..', '..');

function sources(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sources(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** The words of a text, for "nothing lost": the title's "…" and punctuation left out. */
const words = (text: string) =>
	text
		.replace(/…/g, ' ')
		.split(/[\s.;:,—]+/)
		.filter(Boolean)
		.map((word) => word.toLowerCase());

test('no error is made outside nodeErrors.ts: every title the nodes show goes through it', () => {
	const makers = [...sources(join(ROOT, 'nodes')), ...sources(join(ROOT, 'credentials'))]
		.filter((path) => /new Node(Operation|Api)Error\(/.test(readFileSync(path, 'utf8')))
		.map((path) => relative(ROOT, path));
	expect(makers).toEqual(['nodes/MessagingGateway/nodeErrors.ts']);
});

test('an explained text: the title is its first part, the details below it as sentences', () => {
	const text = explained(
		'Quiet Hours: it has no window',
		'add one (Allowed Hours, e.g. US Federal) or remove Quiet Hours',
	);
	expect(titleOf(text)).toEqual({
		title: 'Quiet Hours: it has no window',
		details: 'Add one (Allowed Hours, e.g. US Federal) or remove Quiet Hours.',
	});
	expect(plainText(text)).toBe(
		'Quiet Hours: it has no window. Add one (Allowed Hours, e.g. US Federal) or remove Quiet Hours.',
	);
	expect(titleOf('To: recipient 1: "12" is not a valid number')).toEqual({
		title: 'To: recipient 1: "12" is not a valid number',
	});
});

test('a value with a line break or a tab keeps the title one line: the characters are named', () => {
	expect(titleOf('Sender: the sender name "new\nline" contains "\t"').title).toBe(
		'Sender: the sender name "new\\nline" contains "\\t"',
	);
});

test('a title still too long (the gateway\'s own words) is cut at a word, with "…", and given whole below', () => {
	const text = `The list ${'abcdefghij '.repeat(12).trim()}`;
	const { title, details } = titleOf(text);
	expect(title).toBe(`The list ${'abcdefghij '.repeat(8).trim()}…`);
	expect(details).toBe(text);
});

test('any text: a title of one line and at most TITLE_LIMIT characters, and no word lost', () => {
	const pieces = ['Sender', 'the number', '"+31 6 1234 5678"', 'e.g. 15', 'x'.repeat(120), '\n', '. ', '; ', ': '];
	let seed = 7;
	const next = () => (seed = (seed * 48271) % 2147483647);
	for (let run = 0; run < 500; run++) {
		const part = () => Array.from({ length: 1 + (next() % 30) }, () => pieces[next() % pieces.length]).join(' ');
		const text = next() % 2 === 0 ? part() : explained(part(), part());
		const { title, details } = titleOf(text);
		expect({ text, length: visibleLength(title) <= TITLE_LIMIT, oneLine: !/[\n\u001f]/.test(title) }).toEqual({
			text,
			length: true,
			oneLine: true,
		});
		const shown = words(`${title.replace(/\\n/g, ' ')} ${details ?? ''}`);
		expect({ text, lost: words(plainText(text)).filter((word) => !shown.includes(word)) }).toEqual({ text, lost: [] });
	}
});

test('a long value in quotes shows its first 30 characters and "…": the title keeps its own words, the whole text is below', () => {
	const value = 'Q'.repeat(500);
	const text = `Default Country: "${value}" is not an ISO 3166 country code (e.g. NL, GB, US)`;
	expect(titleOf(text)).toEqual({
		title: `Default Country: "${'Q'.repeat(30)}…" is not an ISO 3166 country code (e.g. NL, GB, US)`,
		details: text,
	});
	// Two values: each is shortened; a short one stays whole.
	expect(titleOf(`Sender: the sender name "${value}" contains "!"`).title).toBe(
		`Sender: the sender name "${'Q'.repeat(30)}…" contains "!"`,
	);
	// A value holding quotes of its own is one value.
	expect(titleOf(`To: "${'a"b '.repeat(100)}" contains "a"`).title).toBe(
		`To: "${'a"b '.repeat(10).slice(0, 30)}…" contains "a"`,
	);
});

test('fewer than 30 characters of the value when the title needs it; a title cut at a word when 8 would not fit', () => {
	const words = 'x '.repeat(35).trim();
	// 8 + 20 + 3 + 69: the 100 characters a title has.
	expect(titleOf(`Field: "${'Q'.repeat(500)}" ${words}`).title).toBe(`Field: "${'Q'.repeat(20)}…" ${words}`);
	expect(titleOf(`Field: "${'Q'.repeat(500)}" ${'y '.repeat(60).trim()}`).title).toMatch(/^Field: "Q{8}…" y y .*y…$/);
});

test('a title is measured in the characters a person sees: flags and accented letters count one each', () => {
	const flags = '🇳🇱'.repeat(60);
	const { title } = titleOf(`Channel: "${flags}" is not one of sms, whatsappButtons`);
	expect(title).toBe(`Channel: "${'🇳🇱'.repeat(30)}…" is not one of sms, whatsappButtons`);
	// 90 letters with a combining accent: 180 code units, 100 characters seen.
	const accented = 'e\u0301'.repeat(90);
	expect(titleOf(`Sender: "${accented}"`).title).toBe(`Sender: "${accented}"`);
});

test("withoutSecrets: a secret in a field's value is *** in the title made again, the description, the stack and the whole text", () => {
	const node = {
		id: '1',
		name: 'SMS',
		type: 'messagingGateway',
		typeVersion: 5,
		position: [0, 0],
		parameters: {},
	} as const;
	const secret = 'KEY-9f3a7c21d';
	const value = `${'S'.repeat(20)}${secret}${'S'.repeat(465)}`;
	const error = operationError({ ...node, position: [0, 0] }, `Sender: the sender name "${value}" has 498 characters`, {
		description: 'Item 0 was refused before anything was sent.',
	});
	// Made without the secret, the title shows the key's first characters.
	expect(error.message).toContain(secret.slice(0, 10));
	const clean = withoutSecrets(error, [secret]);
	expect(clean.message).toBe(`Sender: the sender name "${'S'.repeat(20)}***${'S'.repeat(7)}…" has 498 characters`);
	for (const text of [clean.message, clean.description ?? '', clean.stack ?? '', wholeText(clean)])
		expect({ text: text.slice(0, 120), leaks: text.includes(secret.slice(0, 4)) }).toEqual({
			text: text.slice(0, 120),
			leaks: false,
		});
	expect(clean.description).toContain(`${'S'.repeat(20)}***${'S'.repeat(465)}`);
});
