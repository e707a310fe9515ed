/**
 * Error titles: n8n shows an error's message as its title, one line above its description. Every error the
 * nodes raise is made by nodeErrors.ts: the title is the part of the text before its details
 * (core/error-text.ts), one line of at most TITLE_LIMIT characters, and nothing of the text is lost.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { explained, plainText } from '../../nodes/MessagingGateway/core/error-text';
import { TITLE_LIMIT, titleOf } from '../../nodes/MessagingGateway/nodeErrors';

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
		expect({ text, length: title.length <= TITLE_LIMIT, oneLine: !/[\n\u001f]/.test(title) }).toEqual({
			text,
			length: true,
			oneLine: true,
		});
		const shown = words(`${title.replace(/\\n/g, ' ')} ${details ?? ''}`);
		expect({ text, lost: words(plainText(text)).filter((word) => !shown.includes(word)) }).toEqual({ text, lost: [] });
	}
});
