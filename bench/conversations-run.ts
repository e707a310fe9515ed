/**
 * The conversation benchmark's set-ups, one after another, each with its own n8n and emulator:
 * one n8n on its default expression engine, the same with the engine's lazy acquire, the same on the
 * legacy engine, and queue mode (webhook processor + 2 workers on Postgres and Redis) on the default
 * engine, eager and lazy. n8n 1.x has only the legacy engine: there, one n8n and queue mode.
 * `npm run bench:conversations [-- answers per path [part of a set-up's label]]` prints part 5 of
 * bench/RESULTS.md and, for a whole run (200 per path, every set-up), writes it there; `npm run bench` too.
 * Small mode (bench/size.ts): 4 answers per path on the first set-up (one n8n), printed only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startEmulator } from '../emulator/server';
import { N8nClient } from '../tools/n8n-client';
import { ensureN8n, ROOT } from '../tools/n8n-install';
import { startN8n, stopN8nOnExit } from '../tools/n8n-process';
import { startQueueStack, stopQueueStacksOnExit } from '../tools/queue-stack';
import { measureConversations, ROUNDS, WARM_UP, type ConversationResult } from './conversations';
import { IN_FLIGHT, type ConversationSetUp } from './conversations-setup';
import { conversationSection, type ConversationRow } from './conversations-report';
import { sized, SMALL } from './size';

export const ANSWERS_PER_PATH = sized(200, 4);

interface SetUp {
	label: string;
	queue: boolean;
	env: Record<string, string>;
}

function setUpsFor(version: string): SetUp[] {
	const one = (label: string, env: Record<string, string> = {}) => ({ label: `one n8n, ${label}`, queue: false, env });
	const queue = (label: string, env: Record<string, string> = {}) => ({
		label: `queue mode (webhook processor + 2 workers), ${label}`,
		queue: true,
		env,
	});
	const lazy = { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' };
	const all = version.startsWith('1.')
		? [one('legacy engine (n8n 1.x has no other)'), queue('legacy engine')]
		: [
				one('default engine'),
				one('default engine, `N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true`', lazy),
				one('`N8N_EXPRESSION_ENGINE=legacy`', { N8N_EXPRESSION_ENGINE: 'legacy' }),
				queue('default engine'),
				queue('default engine, `N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true`', lazy),
			];
	// The small mode: the first set-up (one n8n) alone.
	return sized(all, all.slice(0, 1));
}

async function measureOne(setUp: SetUp, count: number): Promise<ConversationResult> {
	const install = ensureN8n();
	const emulator = await startEmulator({ settings: { deliveryDelayMs: 600_000 } });
	try {
		if (setUp.queue) {
			const stack = await startQueueStack(install, { workers: 2, env: setUp.env });
			try {
				const client = await N8nClient.setUp(stack.main.url);
				const n8nPids = stack.processes().map(({ server }) => server.process.pid!);
				return await measureConversations(
					{ emulator, client, webhookBase: stack.webhook.url, n8nPids } satisfies ConversationSetUp,
					count,
				);
			} finally {
				await stack.stop();
			}
		}
		const n8n = await startN8n(install, { env: setUp.env });
		try {
			const client = await N8nClient.setUp(n8n.url);
			return await measureConversations({ emulator, client, webhookBase: n8n.url, n8nPids: [n8n.process.pid!] }, count);
		} finally {
			await n8n.stop();
		}
	} finally {
		await emulator.close();
	}
}

/** Every set-up for this n8n version (or those whose label contains `only`), measured one after another. */
export async function conversationsBench(
	version: string,
	count = ANSWERS_PER_PATH,
	only?: string,
): Promise<ConversationRow[]> {
	const rows: ConversationRow[] = [];
	for (const setUp of setUpsFor(version).filter(({ label }) => only === undefined || label.includes(only))) {
		process.stderr.write(`[conversations] ${setUp.label}\n`);
		rows.push({ label: setUp.label, result: await measureOne(setUp, count) });
	}
	return rows;
}

/** Part 5 of bench/RESULTS.md, dated now. */
export const conversationsSectionNow = (version: string, rows: ConversationRow[]) =>
	conversationSection(rows, {
		n8nVersion: version,
		measuredAt: new Date(),
		inFlight: IN_FLIGHT,
		rounds: ROUNDS,
		warmUp: WARM_UP,
	});

/** Puts part 5 into bench/RESULTS.md in place of the one there (before "Reproduce"), leaving every other part as it is. */
function writeSection(section: string): void {
	const file = join(ROOT, 'bench', 'RESULTS.md');
	const text = readFileSync(file, 'utf8');
	const start = text.indexOf('## 5. Conversations');
	const end = text.indexOf('## Reproduce');
	if (end === -1) throw new Error(`${file} has no "## Reproduce" heading to put part 5 before`);
	writeFileSync(file, `${text.slice(0, start === -1 ? end : start)}${section}\n${text.slice(end)}`);
}

if (require.main === module) {
	stopN8nOnExit();
	stopQueueStacksOnExit();
	const version = process.env.N8N_VERSION ?? ensureN8n().version;
	const [given, only] = process.argv.slice(2).filter((arg) => arg !== '--small');
	const count = given === undefined ? ANSWERS_PER_PATH : Number(given);
	conversationsBench(version, count, only)
		.then((rows) => {
			const section = conversationsSectionNow(version, rows);
			process.stdout.write(section);
			// A partial run (fewer answers or set-ups, or the small mode) is printed only.
			if (count === ANSWERS_PER_PATH && only === undefined && !SMALL) writeSection(section);
		})
		.catch((error: unknown) => {
			process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
			process.exit(1);
		});
}
