/**
 * n8n and this package on disk: the pinned n8n installed once into a cache folder
 * (scripts/install-n8n.sh), and the package installed into a user folder the way n8n installs
 * community packages.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { DEFAULT_N8N_VERSION } from './n8n-version';

export const PACKAGE_NAME = 'n8n-nodes-messaging-gateway';
export const ROOT = resolve(__dirname, '..');

export interface N8nInstall {
	version: string;
	dir: string;
	nodeBin: string;
}

/** Installs the pinned n8n into the cache folder once (scripts/install-n8n.sh) and returns it. */
export function ensureN8n(version = process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION): N8nInstall {
	const output = execFileSync('bash', [join(ROOT, 'scripts/install-n8n.sh'), version], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const dir = output.trim().split('\n').pop()!;
	return { version, dir, nodeBin: readFileSync(join(dir, '.nodebin'), 'utf8').trim() };
}

/** `npm pack`, unpacked into <userFolder>/.n8n/nodes/node_modules/<name>, as n8n installs community packages. */
export function installPackage(userFolder: string): string {
	const packDir = mkdtempSync(join(tmpdir(), 'pack-'));
	try {
		const [{ filename }] = JSON.parse(
			execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
				cwd: ROOT,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			}),
		);
		const nodesDir = join(userFolder, '.n8n', 'nodes');
		const target = join(nodesDir, 'node_modules', PACKAGE_NAME);
		rmSync(target, { recursive: true, force: true });
		mkdirSync(target, { recursive: true });
		execFileSync('tar', ['-xzf', join(packDir, filename), '-C', target, '--strip-components=1']);
		// Like n8n's installer: dev and peer dependencies are not installed, runtime ones (none) are.
		const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
		delete manifest.devDependencies;
		delete manifest.peerDependencies;
		writeFileSync(join(target, 'package.json'), JSON.stringify(manifest, null, 2));
		execFileSync('npm', ['install', '--ignore-scripts', '--omit=dev', '--loglevel=error'], {
			cwd: target,
			stdio: 'ignore',
		});
		writeFileSync(
			join(nodesDir, 'package.json'),
			JSON.stringify({ private: true, dependencies: { [PACKAGE_NAME]: manifest.version } }),
		);
		return target;
	} finally {
		rmSync(packDir, { recursive: true, force: true });
	}
}
