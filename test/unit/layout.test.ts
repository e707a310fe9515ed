/**
 * The layout rule, checked on the files git tracks: no .ts or .js file over 250 lines (a data table
 * says so in its first 5 lines with "Data table"), no `export *` anywhere, and no index.ts in
 * nodes/MessagingGateway/core/ (its modules are imported by their own path).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const MAX_LINES = 250;

const tracked = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.js'], { cwd: ROOT, encoding: 'utf8' })
	.split('\0')
	.filter((path) => path !== '' && !/(^|\/)(node_modules|dist)\//.test(path) && !/(^|\/)package-lock\./.test(path));
const text = (path: string) => readFileSync(join(ROOT, path), 'utf8');
/** Lines as `wc -l` counts them. */
const lineCount = (content: string) => content.split('\n').length - (content.endsWith('\n') ? 1 : 0);

test('git tracks the sources', () => {
	expect(tracked).toContain('nodes/MessagingGateway/MessagingGateway.node.ts');
	expect(tracked.length).toBeGreaterThan(50);
});

test(`no file over ${MAX_LINES} lines unless its first 5 lines say "Data table"`, () => {
	const tooLong = tracked
		.map((path) => ({ path, content: text(path) }))
		.filter(
			({ content }) =>
				lineCount(content) > MAX_LINES && !content.split('\n').slice(0, 5).join('\n').includes('Data table'),
		)
		.map(({ path, content }) => `${path}: ${lineCount(content)} lines`);
	expect(tooLong).toEqual([]);
});

test('no export *', () => {
	expect(tracked.filter((path) => /^\s*export\s*\*/m.test(text(path)))).toEqual([]);
});

test('nodes/MessagingGateway/core/ holds no index.ts', () => {
	expect(
		tracked.filter((path) => path.startsWith('nodes/MessagingGateway/core/') && /(^|\/)index\.ts$/.test(path)),
	).toEqual([]);
});
