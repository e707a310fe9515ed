/**
 * core/'s layers, as nodes/MessagingGateway/core/README.md lists them ("Layers, lowest first"): a core
 * file imports from its own folder and from lower layers only, nothing from outside core/ and nothing
 * of n8n; every folder of core/ has its place in that list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

const CORE = join(__dirname, '..', '..', 'nodes', 'MessagingGateway', 'core');
/** The layer of the files at core's root, as the README names it. */
const ROOT_LAYER = '(root)';
const README = 'core/README.md';

/** The layers a README lists under "## Layers, lowest first" (`- \`name/\` — what it holds`), lowest first. */
function layersOf(readme: string): string[] {
	const section = readme.split(/^## Layers, lowest first$/m)[1]?.split(/^## /m)[0] ?? '';
	return Array.from(section.matchAll(/^- `([^`]+)`/gm), ([, name]) => name.replace(/\/$/, ''));
}

const LAYERS = layersOf(readFileSync(join(CORE, 'README.md'), 'utf8'));

interface Source {
	/** The path under core/, with "/": `numbers/phone.ts`, `codes.ts`. */
	path: string;
	text: string;
}

function sourcesUnder(folder: string): Source[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sourcesUnder(path);
		if (!/\.(ts|js)$/.test(entry.name)) return [];
		return [{ path: relative(CORE, path).split(sep).join('/'), text: readFileSync(path, 'utf8') }];
	});
}

/** The layer of a path under core/: its first folder, or the root layer for a file at core's root. */
const layerOf = (path: string) => (path.includes('/') ? path.split('/')[0] : ROOT_LAYER);

/** A file's code without its comments (a comment may name a module it does not import). */
const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Every module a file's code names: `from '…'`, `import '…'`, `import('…')`, `require('…')`. */
const specifiersOf = (text: string) =>
	Array.from(
		codeOf(text).matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g),
		([, specifier]) => specifier,
	);

/** What breaks the layering in `sources` (paths under core/) against `layers`, lowest first: one line per problem. */
function layeringProblems(sources: Source[], layers: string[]): string[] {
	const problems = new Set<string>();
	for (const { path, text } of sources) {
		const layer = layerOf(path);
		if (!layers.includes(layer)) {
			problems.add(
				`core/${layer}/ is not in the order of layers: add it to "Layers, lowest first" in ${README}, in the place its imports allow, with one line saying what it holds`,
			);
			continue;
		}
		for (const specifier of specifiersOf(text)) {
			if (/^(n8n(-|$)|@n8n\/)/.test(specifier))
				problems.add(`core/${path} imports ${specifier}: core/ has no n8n import`);
			if (!specifier.startsWith('.')) continue;
			const target = posix.normalize(posix.join(posix.dirname(path), specifier));
			if (target.startsWith('../')) {
				problems.add(`core/${path} imports ${specifier}, outside core/`);
				continue;
			}
			const targetLayer = layerOf(target);
			if (layers.indexOf(targetLayer) > layers.indexOf(layer)) {
				problems.add(
					`core/${path} (layer ${layer}) imports ${specifier} from the higher layer ${targetLayer} (${README} lists the order)`,
				);
			}
		}
	}
	return [...problems];
}

test(`${README} lists core's layers, lowest first, each once, and no folder that is not there`, () => {
	expect(LAYERS[0]).toBe(ROOT_LAYER);
	expect(new Set(LAYERS).size).toBe(LAYERS.length);
	const folders = new Set(sourcesUnder(CORE).map(({ path }) => (path.includes('/') ? path.split('/')[0] : ROOT_LAYER)));
	expect([...LAYERS].sort()).toEqual([...folders].sort());
	expect(LAYERS.indexOf('numbers')).toBeLessThan(LAYERS.indexOf('sending'));
	expect(LAYERS.indexOf('contacts')).toBeLessThan(LAYERS.indexOf('sending'));
});

test('every core folder is in the order; no core file imports from a higher layer, from outside core/ or from n8n', () => {
	const sources = sourcesUnder(CORE);
	expect(sources.map(({ path }) => path)).toContain('numbers/phone.ts');
	expect(layeringProblems(sources, LAYERS)).toEqual([]);
});

test('the check names an import from a higher layer, from outside core/, of n8n, and a folder not in the order', () => {
	const layers = [ROOT_LAYER, 'numbers', 'sending'];
	const sources: Source[] = [
		{
			path: 'numbers/phone.ts',
			text: "import { rule } from '../sending/rules';\nimport type { Country } from './countries';",
		},
		{
			path: 'codes.ts',
			text: "/** Unlike `import { y } from './sending/send'`, this: */\nimport { x } from './numbers/format'; // not from './sending/batch'",
		},
		{
			path: 'sending/send.ts',
			text: "import { a } from '../objects';\nimport { b } from '../numbers/phone';\nimport { c } from '../../transport';",
		},
		{
			path: 'sending/batch.ts',
			text: "import type { INodeProperties } from 'n8n-workflow';\nimport { createHmac } from 'node:crypto';",
		},
		{ path: 'widgets/knob.ts', text: "import { isObject } from '../objects';" },
	];
	expect(layeringProblems(sources, layers)).toEqual([
		`core/numbers/phone.ts (layer numbers) imports ../sending/rules from the higher layer sending (${README} lists the order)`,
		`core/codes.ts (layer (root)) imports ./numbers/format from the higher layer numbers (${README} lists the order)`,
		'core/sending/send.ts imports ../../transport, outside core/',
		'core/sending/batch.ts imports n8n-workflow: core/ has no n8n import',
		`core/widgets/ is not in the order of layers: add it to "Layers, lowest first" in ${README}, in the place its imports allow, with one line saying what it holds`,
	]);
});
