/**
 * The package as npm delivers it, used outside n8n: packed, unpacked into a folder with no
 * node_modules (so no zod), required by path, and the "Using the core outside n8n" example (docs/core-library.md)
 * run; the documentation links the build wrote into it lead to pages of this repository.
 */
import { execFileSync } from 'node:child_process';
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

import { opensslHmacSha256 } from '../support/openssl';

const ROOT = resolve(__dirname, '../..');
let work: string;
let unpacked: string;

const node = (script: string) => execFileSync(process.execPath, ['-e', script], { cwd: unpacked, encoding: 'utf8' });

beforeAll(() => {
	work = mkdtempSync(join(tmpdir(), 'packed-'));
	// Built and packed from a copy of the sources: a build clears dist/ first, which end-to-end runs beside this one
	// install from and read (.ci/run runs them side by side).
	const source = join(work, 'source');
	cpSync(ROOT, source, {
		recursive: true,
		filter: (path) => !/^(node_modules|dist|\.git)(\/|$)/.test(relative(ROOT, path)),
	});
	symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'));
	execFileSync('npm', ['run', 'build', '--silent'], { cwd: source, stdio: 'ignore' });
	const [{ filename }] = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
			cwd: source,
			encoding: 'utf8',
		}),
	);
	unpacked = join(work, 'n8n-nodes-messaging-gateway');
	mkdirSync(unpacked);
	execFileSync('tar', ['-xzf', join(work, filename), '-C', unpacked, '--strip-components=1']);
}, 180_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

test('require() of the packed package works without zod, and parseEvent says what to install', () => {
	const out = node(`
		const gateway = require('./');
		const body = '{"webhook_id":"wh_1","webhook_type":"add_group"}';
		let parseError;
		try { gateway.parseEvent(JSON.parse(body)); } catch (error) { parseError = error.message; }
		console.log(JSON.stringify({ keys: Object.keys(gateway).sort(), header: gateway.sign(body, 'k', 1795306058), parseError }));
	`);
	const { keys, header, parseError } = JSON.parse(out);
	expect(keys).toEqual(
		expect.arrayContaining([
			'sign',
			'verify',
			'parseEvent',
			'parseEvents',
			'DELIVERY_CODES',
			'DELIVERY_DETAIL_CODES',
			'STATUS_CODES',
			'API_ERROR_CODES',
		]),
	);
	// The zod schemas stay inside: the public surface is an explicit list.
	expect(keys.filter((key: string) => /schema/i.test(key))).toEqual([]);
	expect(header).toBe(
		`t=1795306058,v1=${opensslHmacSha256('k', '1795306058.{"webhook_id":"wh_1","webhook_type":"add_group"}')}`,
	);
	expect(parseError).toBe('parseEvent and parseEvents need the zod package: npm install zod@3');
});

test("the documentation's example for use outside n8n runs as written against the packed package", () => {
	const readme = readFileSync(join(ROOT, 'docs', 'core-library.md'), 'utf8');
	const section = readme.slice(readme.indexOf('## Using the core outside n8n'));
	const example = /```js\n([\s\S]*?)```/.exec(section)![1];
	const script = join(unpacked, 'example.js');
	writeFileSync(script, example.replace("require('n8n-nodes-messaging-gateway')", "require('./')"));
	const lines = execFileSync(process.execPath, [script], { cwd: unpacked, encoding: 'utf8' }).trim().split('\n');
	// GSM-7 holds 160 characters in one SMS (3GPP TS 23.038); the gateway wants digits only; code 1 is DELIVERED.
	expect(lines[0]).toMatch(/encoding: 'GSM-7'.*segments: 1/);
	expect(lines[1]).toContain("digits: '31612345678'");
	expect(lines[2]).toBe('DELIVERED');
});

/** Every documentation link the build wrote into the packed credentials and codex files, with where it was found. */
function packedDocumentationLinks(): Array<{ where: string; url: string }> {
	const dist = join(unpacked, 'dist');
	const files = readdirSync(dist, { recursive: true }).map(String);
	const links: Array<{ where: string; url: string }> = [];
	for (const file of files.filter((name) => name.endsWith('.credentials.js'))) {
		for (const [, url] of readFileSync(join(dist, file), 'utf8').matchAll(/documentationUrl\s*=\s*['"]([^'"]*)['"]/g))
			links.push({ where: file, url });
	}
	for (const file of files.filter((name) => name.endsWith('.node.json'))) {
		const codex = JSON.parse(readFileSync(join(dist, file), 'utf8')) as {
			resources?: Record<string, Array<{ url: string }>>;
		};
		for (const [kind, entries] of Object.entries(codex.resources ?? {}))
			for (const { url } of entries) links.push({ where: `${file} ${kind}`, url });
	}
	return links;
}

test('each documentation link of the packed nodes and credential opens a page of this repository, without a #section', () => {
	const { homepage } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { homepage: string };
	const pages = `${homepage.split('#')[0]}/blob/main/`;
	const links = packedDocumentationLinks();
	// The credential, and a primary and a credential link in each of the three codex files.
	expect(links).toHaveLength(7);
	const tracked = new Set(execFileSync('git', ['ls-files', 'docs'], { cwd: ROOT, encoding: 'utf8' }).split('\n'));
	for (const { where, url } of links) {
		// n8n appends "?utm_source=…" to these links: after a # it would land inside the fragment.
		expect({ where, url, hasHash: url.includes('#') }).toEqual({ where, url, hasHash: false });
		expect(url.startsWith(pages)).toBe(true);
		const path = url.slice(pages.length);
		expect({ where, path, exists: existsSync(join(ROOT, path)) && tracked.has(path) }).toEqual({
			where,
			path,
			exists: true,
		});
	}
	expect(new Set(links.map(({ url }) => url.slice(pages.length)))).toEqual(
		new Set([
			'docs/credentials.md',
			'docs/messaging-gateway.md',
			'docs/messaging-gateway-trigger.md',
			'docs/inbox-trigger.md',
		]),
	);
});
