// Runs n8n's community-package scanner on the package exactly as npm would publish it:
// `npm pack` (or the tarball given as the first argument), unpack, then @n8n/scan-community-package's
// analyzePackage on that folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

import { analyzePackage } from '@n8n/scan-community-package/scanner/scanner.mjs';

const work = mkdtempSync(join(tmpdir(), 'scan-package-'));
try {
	const tarball = process.argv[2]
		? resolve(process.argv[2])
		: join(
				work,
				JSON.parse(
					execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
						encoding: 'utf8',
						stdio: ['ignore', 'pipe', 'inherit'],
					}),
				)[0].filename,
			);
	const filename = basename(tarball);
	execFileSync('tar', ['-xzf', tarball, '-C', work]);
	const result = await analyzePackage(join(work, 'package'));
	if (!result.passed) {
		console.error(`Community package scan failed: ${result.message}\n${result.details ?? ''}`);
		process.exitCode = 1;
	} else {
		console.log(`Community package scan passed (${filename}).`);
	}
} finally {
	rmSync(work, { recursive: true, force: true });
}
