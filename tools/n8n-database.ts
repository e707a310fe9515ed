/**
 * n8n's SQLite database, migrated once per install. A new n8n spends 7–8 s of its start on this machine running its
 * migrations (about 150 on n8n 2.x) into an empty database; every n8n a run starts in a new user folder would run the
 * same ones. So the first start of an install migrates one database (`n8n list:workflow` migrates, lists nothing and
 * exits), kept in the install folder, and every new user folder starts from a copy of it. A folder that has a database
 * (a restart, `npm run dev` again) keeps its own; queue mode's Postgres migrates as before.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import type { N8nInstall } from './n8n-install';

const log = (message: string) => process.stderr.write(`[n8n] ${message}\n`);

/** The files of a closed SQLite database: the file and its write-ahead log (the shared-memory index is rebuilt). */
const FILES = ['database.sqlite', 'database.sqlite-wal'];

/** Where an install keeps its migrated database: a `.n8n` folder as n8n leaves it in a user folder. */
const templateOf = (install: N8nInstall) => join(install.dir, 'migrated-database', '.n8n');

/** Runs `n8n list:workflow` with `env` in a user folder of its own: n8n migrates the new database, then exits. */
async function migrate(install: N8nInstall, env: Record<string, string>, userFolder: string): Promise<void> {
	const child = spawn(join(install.nodeBin, 'node'), [join(install.dir, 'node_modules/n8n/bin/n8n'), 'list:workflow'], {
		env: { ...env, N8N_USER_FOLDER: userFolder },
		stdio: ['ignore', 'ignore', 'pipe'],
	});
	let errors = '';
	child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2_000)));
	const code = await new Promise<number | null>((resolveExit, reject) => {
		child.once('error', reject);
		child.once('exit', resolveExit);
	});
	if (code !== 0) throw new Error(`n8n list:workflow exited with ${code}: ${errors}`);
}

/**
 * The install's migrated database, made on first use. Two runs beside each other may both make one: each makes it in
 * a folder of its own and renames that into place, so the folder that is there is always whole.
 */
async function migratedDatabase(install: N8nInstall, env: Record<string, string>): Promise<string> {
	const template = templateOf(install);
	if (existsSync(join(template, FILES[0]))) return template;
	const started = Date.now();
	const making = mkdtempSync(join(install.dir, 'migrating-'));
	try {
		await migrate(install, env, making);
		mkdirSync(join(install.dir, 'migrated-database'), { recursive: true });
		try {
			renameSync(join(making, '.n8n'), template);
		} catch (error) {
			if (!existsSync(join(template, FILES[0]))) throw error;
		}
	} finally {
		rmSync(making, { recursive: true, force: true });
	}
	log(`migrated a database for n8n ${install.version} once (${((Date.now() - started) / 1000).toFixed(1)} s)`);
	return template;
}

/** Gives a user folder without a database a copy of the install's migrated one (SQLite only; `env` is n8n's). */
export async function seedDatabase(
	install: N8nInstall,
	userFolder: string,
	env: Record<string, string>,
): Promise<void> {
	const target = join(userFolder, '.n8n');
	if ((env.DB_TYPE ?? 'sqlite') !== 'sqlite' || existsSync(join(target, FILES[0]))) return;
	const template = await migratedDatabase(install, env);
	mkdirSync(target, { recursive: true });
	for (const file of FILES)
		if (existsSync(join(template, file))) copyFileSync(join(template, file), join(target, file));
}
