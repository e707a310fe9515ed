/**
 * The list layout, checked on the files git tracks under nodes/:
 * - a trigger (a folder whose name ends in "trigger", any case, or a *Trigger.node.ts file) imports
 *   nothing from actions/: what a trigger shares with the operations lives beside them (lists.ts,
 *   descriptions/, core/);
 * - one page walker: the paging primitives (where a read starts, the read that overlaps, when a list
 *   ends, which records were read) are used by core/lists/walk.ts alone, pages are requested by lists.ts
 *   alone, and no other file numbers pages itself. A second walker needs one of these, so it fails here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const NODE = 'nodes/MessagingGateway/';

const tracked = execFileSync('git', ['ls-files', '-z', '--', 'nodes/*.ts', 'nodes/*.js'], {
	cwd: ROOT,
	encoding: 'utf8',
})
	.split('\0')
	.filter((path) => path !== '');
const text = (path: string) => readFileSync(join(ROOT, path), 'utf8');
/** The code of a file without its comments (a comment may name what it does not use). */
const code = (path: string) =>
	text(path)
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Every module a file imports (import … from, import(), require(), export … from), resolved against its folder when relative. */
function importsOf(path: string): string[] {
	const specifiers = [
		...code(path).matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm),
	].map((match) => match[1]);
	return specifiers.map((specifier) => (specifier.startsWith('.') ? posix.join(dirname(path), specifier) : specifier));
}

const isTrigger = (path: string) =>
	/Trigger\.node\.(ts|js)$/.test(path) ||
	path
		.split('/')
		.slice(0, -1)
		.some((folder) => /trigger$/i.test(folder));

test('the triggers are found: both trigger nodes and the inbox trigger folder', () => {
	const triggers = tracked.filter(isTrigger);
	expect(triggers).toEqual(
		expect.arrayContaining([
			`${NODE}MessagingGatewayTrigger.node.ts`,
			`${NODE}MessagingGatewayInboxTrigger.node.ts`,
			`${NODE}inboxTrigger/poll.ts`,
		]),
	);
});

test('no trigger imports from actions/', () => {
	const wrong = tracked.filter(isTrigger).flatMap((path) =>
		importsOf(path)
			.filter((target) => target.split('/').includes('actions'))
			.map((target) => `${path} imports ${target}`),
	);
	expect(wrong).toEqual([]);
});

/** Which files may use what: the one walker and the module that defines the primitives; the one module that requests pages. */
const WALKER = `${NODE}core/lists/walk.ts`;
const PAGES = `${NODE}core/lists/pages.ts`;
const LISTS = `${NODE}lists.ts`;
/** The editor's group search asks one page of groups per call (the editor asks for the next as the user scrolls): no walk. */
const ONE_PAGE_SEARCH = `${NODE}methods/listSearch.ts`;
const TRANSPORT = `${NODE}transport.ts`;
/** The webhook trigger's registrations: one request, as no paging of that list is known (api-surface.md §10). */
const REGISTRATIONS = `${NODE}webhookTrigger/self-registration.ts`;

const RULES: { what: string; pattern: RegExp; allowed: string[] }[] = [
	{
		what: 'a paging primitive (startOf, endsList, readAfter, recordKey, the overlap)',
		pattern: /\b(startOf|endsList|readAfter|recordKey|MIN_OVERLAP|MAX_OVERLAP)\b/,
		allowed: [WALKER, PAGES],
	},
	{
		what: "a page's first record from its number ((page − 1) × limit)",
		pattern: /page\s*-\s*1\s*\)\s*\*/,
		allowed: [PAGES],
	},
	{
		what: 'a page requested or read (fetchPage, readPage)',
		pattern: /\b(fetchPage|readPage)\b/,
		allowed: [LISTS, PAGES],
	},
	{
		what: 'a list requested (gatewayList)',
		pattern: /\bgatewayList\b/,
		allowed: [LISTS, TRANSPORT, ONE_PAGE_SEARCH, REGISTRATIONS],
	},
	{ what: 'a page number in a query (page=)', pattern: /[?&]page=|['"]page['"]/, allowed: [LISTS, ONE_PAGE_SEARCH] },
];

test.each(RULES)('one page walker: $what only in the files allowed', ({ pattern, allowed }) => {
	expect(tracked.filter((path) => !allowed.includes(path) && pattern.test(code(path)))).toEqual([]);
});

test('the allowed files exist (a rename would otherwise leave the rules checking nothing)', () => {
	expect(tracked).toEqual(expect.arrayContaining([WALKER, PAGES, LISTS, ONE_PAGE_SEARCH, TRANSPORT]));
});
