/**
 * Before any traffic: does every n8n process of a queue-mode stack have the package? A webhook
 * processor without it answers 400; a worker without it fails every execution after the webhook was
 * acknowledged. A worker has no API that lists its node types, so this is checked where n8n reads
 * them from: each process's user folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { PACKAGE_NAME, ROOT } from './n8n-install';
import type { ProcessName, QueueStack } from './queue-stack';

const log = (message: string) => process.stderr.write(`[queue] ${message}\n`);

export interface PreflightFinding {
	process: ProcessName;
	ok: boolean;
	detail: string;
}

interface Installed {
	name: ProcessName;
	dir: string;
	files: string[];
}

type Manifest = { version: string; n8n: { nodes: string[]; credentials: string[] } };

/** The package in one process's user folder: its files to load, or what is wrong with it. */
function installedIn(name: ProcessName, userFolder: string, expectedVersion: string): Installed | PreflightFinding {
	const dir = join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	const manifestFile = join(dir, 'package.json');
	if (!existsSync(manifestFile))
		return {
			process: name,
			ok: false,
			detail: `${PACKAGE_NAME} is not installed in ${join(userFolder, '.n8n', 'nodes')}`,
		};
	const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
	const files = [...manifest.n8n.nodes, ...manifest.n8n.credentials];
	const absent = files.filter((file) => !existsSync(join(dir, file)));
	if (manifest.version !== expectedVersion || absent.length > 0) {
		return {
			process: name,
			ok: false,
			detail: `installed ${manifest.version} (expected ${expectedVersion})${absent.length ? `, missing ${absent.join(', ')}` : ''}`,
		};
	}
	return { name, dir, files };
}

/** Loads every folder's node and credential files in one Node process, with n8n's runtime and n8n's node_modules on the module path. */
function loadWithN8n(stack: QueueStack, installed: Installed[], version: string): PreflightFinding[] {
	const n8nModules = join(stack.install.dir, 'node_modules');
	const output = execFileSync(
		join(stack.install.nodeBin, 'node'),
		[join(__dirname, 'load-installed-nodes.js'), JSON.stringify(installed)],
		{
			encoding: 'utf8',
			env: { ...process.env, NODE_PATH: [n8nModules, join(n8nModules, 'n8n', 'node_modules')].join(':') },
		},
	);
	const loaded = JSON.parse(output) as Record<string, string[] | string>;
	return installed.map(({ name, dir }) => {
		const types = loaded[name];
		return Array.isArray(types)
			? { process: name, ok: true, detail: `${PACKAGE_NAME}@${version} in ${dir}: ${types.join(', ')}` }
			: { process: name, ok: false, detail: `${PACKAGE_NAME} in ${dir} does not load: ${types}` };
	});
}

/**
 * For each process's user folder, the installed package must be this version, with every node and
 * credential file its manifest names, and each must load with the n8n host's module path (as n8n
 * loads it: `n8n-workflow` and zod from n8n).
 */
export function preflight(stack: QueueStack): PreflightFinding[] {
	const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
	const found = stack.processes().map(({ name, server }) => installedIn(name, server.userFolder, version));
	const findings = found.filter((entry): entry is PreflightFinding => 'ok' in entry);
	const loadable = found.filter((entry): entry is Installed => !('ok' in entry));
	return [...findings, ...(loadable.length > 0 ? loadWithN8n(stack, loadable, version) : [])];
}

/** Throws with every process that lacks the package, before any traffic reaches the stack. */
export function assertPreflight(stack: QueueStack): PreflightFinding[] {
	const findings = preflight(stack);
	const failed = findings.filter((finding) => !finding.ok);
	if (failed.length > 0) {
		throw new Error(
			`pre-flight: the package is missing on ${failed.map((finding) => finding.process).join(', ')} — a webhook processor without it answers 400, ` +
				`a worker without it fails every execution after the webhook was acknowledged:\n${failed.map((finding) => `  ${finding.process}: ${finding.detail}`).join('\n')}`,
		);
	}
	for (const finding of findings) log(`pre-flight ${finding.process}: ${finding.detail}`);
	return findings;
}
