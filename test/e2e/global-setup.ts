/**
 * Before the end-to-end tests: the browser the editor test drives. `CHROMIUM_PATH` names one;
 * otherwise Debian's Chromium, installed with apt-get when it is missing and we run as root.
 * When it cannot be had, stop at once with one line that says how to get it. Then the n8n of
 * N8N_VERSION, installed once into its cache folder: a first install takes 6 to 16 minutes on a
 * busy 2-core machine, more than a test file's set-up may take, so no test file pays for it. Last, the folder
 * where the run's shared n8n is recorded (tools/shared-n8n.ts).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { aptInstall } from '../../tools/apt';
import { ensureN8n } from '../../tools/n8n-install';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

const fail = (line: string): never => {
	process.stderr.write(`\n${line}\n\n`);
	process.exit(1);
};

function installChromium() {
	process.stderr.write(
		`\n[chromium] ${DEBIAN_CHROMIUM} is missing: installing Debian's chromium (apt-get, about a minute)\n`,
	);
	try {
		aptInstall(['chromium'], ['ignore', 'inherit', 'inherit']);
	} catch {
		fail(
			`The editor test needs Chromium and apt-get could not install it: run "apt-get install -y chromium" or set CHROMIUM_PATH.`,
		);
	}
}

export default function globalSetup() {
	ensureBrowser();
	ensureN8n();
	// The run's shared n8n is recorded here by its first user and stopped by global-teardown.ts (tools/shared-n8n.ts).
	process.env.E2E_SHARED_N8N_DIR = mkdtempSync(join(tmpdir(), 'e2e-shared-n8n-'));
}

function ensureBrowser() {
	const configured = process.env.CHROMIUM_PATH;
	if (configured) {
		if (!existsSync(configured))
			fail(`CHROMIUM_PATH is ${configured}, which does not exist: point it at a Chromium or Chrome binary.`);
		return;
	}
	if (existsSync(DEBIAN_CHROMIUM)) return;
	const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
	if (!canInstall)
		fail(
			`The editor test needs Chromium: run "sudo apt-get install -y chromium" (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary.`,
		);
	installChromium();
	if (!existsSync(DEBIAN_CHROMIUM))
		fail(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is still missing: set CHROMIUM_PATH to its binary.`);
}
