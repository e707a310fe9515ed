// After tsc: n8n loads node icons and codex files from dist, next to the compiled nodes.
const { src, dest, series } = require('gulp');
const fs = require('node:fs');
const path = require('node:path');
const { homepage, name } = require('./package.json');

function copyNodeAssets() {
	return src(['nodes/**/*.svg', 'nodes/**/*.png', 'nodes/**/*.node.json'], { base: '.', encoding: false }).pipe(
		dest('dist'),
	);
}

// package.json's homepage is the one place that says where the documentation lives. Every link to this
// package's repository in the built credential (documentationUrl) and codex files (…/<package name> or
// …/<package name>/blob/main/docs/<page>.md, whatever owner the source names) is rebuilt from it, keeping
// the path. The links name a page, never a #section: n8n appends its own ?utm_… query to them.
const repositoryLink = new RegExp(
	`^https?://[^#?\\s'"]*/${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\.git)?(/[\\w./-]*)?$`,
);
const documentationBase = homepage.split('#')[0].replace(/\/+$/, '');
const rebase = (url) => {
	const match = repositoryLink.exec(url);
	return match ? documentationBase + (match[1] ?? '') : url;
};

function filesUnder(dir, suffix) {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir, { recursive: true })
		.filter((file) => file.endsWith(suffix))
		.map((file) => path.join(dir, file));
}

async function setDocumentationUrls() {
	for (const file of filesUnder('dist/credentials', '.credentials.js')) {
		const code = fs.readFileSync(file, 'utf8');
		fs.writeFileSync(
			file,
			code.replace(
				/(documentationUrl\s*=\s*)(['"])([^'"]*)\2/g,
				(_, lead, quote, url) => lead + quote + rebase(url) + quote,
			),
		);
	}
	for (const file of filesUnder('dist/nodes', '.node.json')) {
		const codex = JSON.parse(fs.readFileSync(file, 'utf8'));
		for (const links of Object.values(codex.resources ?? {})) {
			for (const link of Array.isArray(links) ? links : [])
				if (typeof link.url === 'string') link.url = rebase(link.url);
		}
		fs.writeFileSync(file, JSON.stringify(codex, null, '\t') + '\n');
	}
}

// The package has no runtime dependency: libphonenumber-js (a devDependency) is bundled into the one module that
// imports it, core/numbers/libphonenumber.js, replacing what tsc made of it (a require of the package). Its license
// and that of Google's metadata inside it are shipped beside it.
const LIBPHONENUMBER = 'nodes/MessagingGateway/core/numbers/libphonenumber';
async function bundleLibphonenumber() {
	const { version } = require('libphonenumber-js/package.json');
	await require('esbuild').build({
		entryPoints: [`${LIBPHONENUMBER}.ts`],
		outfile: `dist/${LIBPHONENUMBER}.js`,
		bundle: true,
		minify: true,
		platform: 'node',
		target: 'node20',
		format: 'cjs',
		legalComments: 'inline',
		banner: {
			js: `/* libphonenumber-js ${version} (MIT, see libphonenumber.LICENSE.txt) with metadata from Google's libphonenumber (Apache-2.0) */`,
		},
		logLevel: 'warning',
	});
	const folder = path.dirname(require.resolve('libphonenumber-js/package.json'));
	const licenses = ['LICENSE', 'LICENSE.Apache'].map((file) => fs.readFileSync(path.join(folder, file), 'utf8'));
	fs.writeFileSync(
		`dist/${LIBPHONENUMBER}.LICENSE.txt`,
		`libphonenumber-js ${version}\n\n${licenses[0]}\n\nGoogle's libphonenumber metadata\n\n${licenses[1]}`,
	);
}

// Before tsc: a module moved or removed in the sources must not live on in dist/ and the package.
async function clean() {
	fs.rmSync('dist', { recursive: true, force: true });
}

exports.clean = clean;
exports.build = series(copyNodeAssets, setDocumentationUrls, bundleLibphonenumber);
