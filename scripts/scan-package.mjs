// Runs n8n's community-package scanner on the package exactly as npm would publish it:
// `npm pack`, unpack, then @n8n/scan-community-package's analyzePackage on that folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { analyzePackage } from '@n8n/scan-community-package/scanner/scanner.mjs';

const work = mkdtempSync(join(tmpdir(), 'scan-package-'));
try {
	const [{ filename }] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
	execFileSync('tar', ['-xzf', join(work, filename), '-C', work]);
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
