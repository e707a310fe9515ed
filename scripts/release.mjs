// npm run release [-- --dry-run] [--pack-destination DIR]
//
// Checks that the committed tree can be released as package.json's version: a clean working tree,
// a version not yet tagged elsewhere nor published, a CHANGELOG entry for it, and real metadata (no
// placeholder in author, homepage, repository, bugs, nor in the documentation links the build writes
// into the credential and codex files). Then builds, packs, runs n8n's community-package scanner on
// the tarball and prints what npm would publish. Without --dry-run it finally tags the commit
// v<version>; pushing that tag starts .github/workflows/publish.yml, which publishes with provenance.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const packDestinationArg = args.includes('--pack-destination')
	? args[args.indexOf('--pack-destination') + 1]
	: undefined;

const run = (command, commandArgs, options = {}) =>
	execFileSync(command, commandArgs, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
const tryRun = (command, commandArgs) => {
	try {
		return { ok: true, out: run(command, commandArgs).trim() };
	} catch (error) {
		return { ok: false, out: `${error.stdout ?? ''}${error.stderr ?? ''}`.trim() };
	}
};

const problems = [];
const refuse = () => {
	console.error(`Not releasable (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
	for (const problem of problems) console.error(`  - ${problem}`);
	process.exit(1);
};

// What marks a value as a stand-in: template syntax, an upper-case placeholder word, or a domain that
// RFC 2606 / RFC 6761 reserve for examples and can never be real.
const PLACEHOLDER_WORD = /\b(OWNER|AUTHOR|USERNAME|YOUR[_-]?[A-Z]*|TODO|FIXME|CHANGE[_-]?ME|PLACEHOLDER|X{3,})\b/;
const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|example|invalid|test|localhost)$/i;
function placeholderIn(value) {
	if (typeof value !== 'string' || value.trim() === '') return 'is empty';
	const template = /<[^<>@\s]+>|\{\{[^{}]+\}\}/.exec(value);
	if (template) return `has the template placeholder ${template[0]}`;
	const word = PLACEHOLDER_WORD.exec(value);
	if (word) return `has the placeholder word ${word[0]}`;
	const host =
		/@([^\s>]+)$/.exec(value)?.[1] ??
		(URL.canParse(value.replace(/^git\+/, '')) ? new URL(value.replace(/^git\+/, '')).hostname : '');
	if (RESERVED_DOMAIN.test(host)) return `uses ${host}, a domain reserved for examples`;
	return undefined;
}
function checkMetadata(label, value) {
	const reason = placeholderIn(value);
	if (reason) problems.push(`${label} ${reason}: ${JSON.stringify(value ?? null)}`);
}
function checkPackageMetadata(pkg, where) {
	const author =
		typeof pkg.author === 'string'
			? { name: pkg.author.split('<')[0].trim(), email: /<([^>]*)>/.exec(pkg.author)?.[1] }
			: (pkg.author ?? {});
	checkMetadata(`${where} author.name`, author.name);
	checkMetadata(`${where} author.email`, author.email);
	checkMetadata(`${where} homepage`, pkg.homepage);
	checkMetadata(`${where} repository.url`, typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url);
	checkMetadata(`${where} bugs.url`, typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs?.url);
}
// The links the build writes from package.json's homepage into the credential and the codex files.
function checkDocumentationLinks(distRoot, where) {
	const files = existsSync(distRoot) ? readdirSync(distRoot, { recursive: true }).map(String) : [];
	for (const file of files.filter((name) => name.endsWith('.credentials.js'))) {
		for (const [, url] of readFileSync(join(distRoot, file), 'utf8').matchAll(
			/documentationUrl\s*=\s*['"]([^'"]*)['"]/g,
		)) {
			checkMetadata(`${where}${file} documentationUrl`, url);
		}
	}
	for (const file of files.filter((name) => name.endsWith('.node.json'))) {
		const codex = JSON.parse(readFileSync(join(distRoot, file), 'utf8'));
		for (const [kind, links] of Object.entries(codex.resources ?? {})) {
			for (const link of Array.isArray(links) ? links : []) checkMetadata(`${where}${file} ${kind} link`, link.url);
		}
	}
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const tag = `v${pkg.version}`;

// 1. The tree: what is packed must be exactly a commit, the one the tag will name.
const status = run('git', ['status', '--porcelain']).trim();
if (status)
	problems.push(
		`the working tree has uncommitted changes (commit or stash them):\n      ${status.split('\n').slice(0, 10).join('\n      ')}`,
	);
const head = run('git', ['rev-parse', 'HEAD']).trim();

// 2. The version: valid, its tag free or already on this commit, not yet on npm.
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(pkg.version ?? ''))
	problems.push(`package.json version ${JSON.stringify(pkg.version)} is not a semantic version`);
const tagged = tryRun('git', ['rev-parse', '--verify', '--quiet', `refs/tags/${tag}^{commit}`]);
if (tagged.ok && tagged.out !== head)
	problems.push(`tag ${tag} already exists on another commit (${tagged.out.slice(0, 12)})`);
const published = tryRun('npm', ['view', `${pkg.name}@${pkg.version}`, 'version', '--json']);
if (published.ok && published.out) problems.push(`${pkg.name}@${pkg.version} is already on npm: raise the version`);
else if (!published.ok && !/E404|404 Not Found/.test(published.out))
	console.warn(
		`warning: could not ask the npm registry whether ${pkg.version} is published (${published.out.split('\n')[0]})`,
	);

// 3. The CHANGELOG: a "## <version>" entry with lines, not marked unreleased, and nothing left under "Unreleased".
const changelog = existsSync(join(root, 'CHANGELOG.md')) ? readFileSync(join(root, 'CHANGELOG.md'), 'utf8') : '';
const sections = changelog
	.split(/^## +/m)
	.slice(1)
	.map((section) => {
		const [heading, ...body] = section.split('\n');
		return { heading: heading.trim(), entries: body.filter((line) => /^\s*[-*]\s+\S/.test(line)).length };
	});
const entry = sections.find((section) => section.heading.replace(/^v/, '').split(/[\s(—–-]+/)[0] === pkg.version);
if (!entry) problems.push(`CHANGELOG.md has no "## ${pkg.version}" entry`);
else if (/unreleased/i.test(entry.heading))
	problems.push(
		`CHANGELOG.md's entry "## ${entry.heading}" is marked unreleased: give it the release date, "## ${pkg.version} (YYYY-MM-DD)"`,
	);
else if (entry.entries === 0) problems.push(`CHANGELOG.md's entry "## ${entry.heading}" lists no change`);
for (const section of sections) {
	if (section !== entry && /^unreleased\b/i.test(section.heading) && section.entries > 0) {
		problems.push(
			`CHANGELOG.md has ${section.entries} line(s) under "## ${section.heading}": move them into the ${pkg.version} entry`,
		);
	}
}

// 4. The metadata, in package.json and in the documentation links built from it.
checkPackageMetadata(pkg, 'package.json');
console.log('Building…');
run('npm', ['run', 'clean']);
run('npm', ['run', 'build']);
checkDocumentationLinks(join(root, 'dist'), 'dist/');
if (problems.length) refuse();

// 5. Pack (the build above is what goes in: npm runs no prepack here, .npmrc sets ignore-scripts),
// then check and scan the tarball itself.
const packDestination = packDestinationArg ? resolve(packDestinationArg) : mkdtempSync(join(tmpdir(), 'release-'));
mkdirSync(packDestination, { recursive: true });
const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', packDestination]));
const tarball = join(packDestination, packed.filename);
const unpacked = mkdtempSync(join(tmpdir(), 'release-unpacked-'));
try {
	run('tar', ['-xzf', tarball, '-C', unpacked]);
	checkPackageMetadata(
		JSON.parse(readFileSync(join(unpacked, 'package', 'package.json'), 'utf8')),
		'packed package.json',
	);
	checkDocumentationLinks(join(unpacked, 'package', 'dist'), 'packed dist/');
} finally {
	rmSync(unpacked, { recursive: true, force: true });
}
if (problems.length) refuse();
try {
	process.stdout.write(run('node', ['scripts/scan-package.mjs', tarball], { stdio: ['ignore', 'pipe', 'inherit'] }));
} catch {
	problems.push(`n8n's community-package scanner rejects ${packed.filename} (its findings are above)`);
	refuse();
}

// 6. What would be published.
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`\n${packed.id} is ready to publish (commit ${head.slice(0, 12)}, tag ${tag}):`);
console.log(`  tarball    ${tarball}`);
console.log(
	`  size       ${kib(packed.size)} packed, ${kib(packed.unpackedSize)} unpacked, ${packed.entryCount} files`,
);
console.log(`  shasum     ${packed.shasum}`);
console.log(`  integrity  ${packed.integrity}`);
console.log(`  author     ${pkg.author?.name ?? pkg.author} <${pkg.author?.email ?? ''}>`);
console.log(`  homepage   ${pkg.homepage}`);
console.log(`  repository ${pkg.repository?.url ?? pkg.repository}`);
console.log('  files:');
for (const file of packed.files) console.log(`    ${String(file.size).padStart(8)}  ${file.path}`);
console.log(
	`\nPublished by .github/workflows/publish.yml on tag ${tag}: npm publish ${packed.filename} --provenance --access public`,
);
if (!packDestinationArg) rmSync(packDestination, { recursive: true, force: true });

if (dryRun) {
	console.log(`Dry run: no tag created.${tagged.ok ? ` (${tag} already points at this commit.)` : ''}`);
} else if (tagged.ok) {
	console.log(`${tag} already points at this commit. Publish it with: git push origin ${tag}`);
} else {
	run('git', ['tag', '--annotate', tag, '--message', `${pkg.name} ${pkg.version}`]);
	console.log(`Tagged ${head.slice(0, 12)} as ${tag}. Publish it with: git push origin ${tag}`);
}
