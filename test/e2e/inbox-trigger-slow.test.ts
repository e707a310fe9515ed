/**
 * The Inbox Trigger in a real n8n (the package installed as a community package) polling every minute a
 * slow gateway: the emulator answers each request 25 s late (`apiLatencyMs`), so a poll that reads three
 * pages outlasts its minute and the next poll starts while it runs (docs/inbox-trigger.md#bounds).
 * Expected: every message added is emitted exactly once, oldest first; the poll that would have joined the
 * running one is skipped with a warning in n8n's log.
 */
import { readFileSync, statSync } from 'node:fs';

import type { Emulator } from '../../emulator/server';
import { isFinished, type N8nClient } from '../../tools/n8n-client';
import { stopN8nOnExit } from '../../tools/n8n-process';
import { withLogOf, type EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { waitFor } from '../../tools/waits';
import { emulatorControl } from '../support/emulator-client';
import { activateInboxes, receive, TRIGGER, type Inbox } from './inbox-trigger-scenarios';

stopN8nOnExit();

let emulator: Emulator;
let n8n: EmulatorOnN8n['n8n'];
/** Where this file's part of the run's shared n8n log begins. */
let logStart: number;
let client: N8nClient;
let stop: (() => Promise<void>) | undefined;
let inbox: Inbox;

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await sharedN8nWithEmulator());
	logStart = statSync(n8n.logFile).size;
}, 900_000);
afterAll(async () => {
	await stop?.();
});

/** The messages the trigger's executions emitted, in execution order, and every execution's status (one that failed emits none). */
async function emitted(): Promise<{ texts: string[]; statuses: string[] }> {
	const executions = (await client.executions(inbox.workflowId))
		.filter((execution) => isFinished(execution) && execution.data !== undefined)
		.reverse();
	const items = executions.map((execution) => execution.data?.resultData.runData[TRIGGER]?.[0]?.data?.main[0] ?? []);
	// A failed execution is named by its error, so that a failure says what went wrong.
	const statuses = executions.map((execution) =>
		execution.status === 'success'
			? 'success'
			: `${String(execution.status)}: ${String((execution.data?.resultData as { error?: { message?: string } }).error?.message)}`,
	);
	return { texts: items.flat().map((item) => String(item.json.message)), statuses };
}

const inboxRequests = async () =>
	(
		(await emulatorControl(emulator)('GET', '/emulator/requests')) as unknown as Array<{ at: string; path: string }>
	).filter((request) => request.path === '/v1/message/inbox');

test('a poll that outlasts its minute is not joined by the next: 2,100 messages, each emitted once, oldest first', async () => {
	[inbox] = await withLogOf(n8n, activateInboxes(client, [emulator], ['oldestFirst']));
	// 4,100 there at activation and 2,100 new: 6,200 listed, the new ones from page 3 on. A poll reads page 1, page 4
	// (where the total puts the newest), then page 3, which holds the mark: three requests, 75 s at 25 s each.
	await receive(inbox, 'Slow', 2100);
	const before = (await inboxRequests()).length;
	await emulatorControl(emulator)('PATCH', '/emulator/settings', { apiLatencyMs: 25_000 });
	const first = await waitFor(async () => (await inboxRequests())[before], {
		what: 'the first slow poll',
		timeoutMs: 90_000,
		intervalMs: 500,
	});
	// The next poll starts 60 s after the first, while the first still waits for its third answer; then the gateway is fast again.
	await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(first.at) + 70_000 - Date.now())));
	await emulatorControl(emulator)('PATCH', '/emulator/settings', { apiLatencyMs: 0 });
	await waitFor(async () => (await emitted()).texts.length >= inbox.added.length, {
		what: `${inbox.added.length} messages emitted`,
		timeoutMs: 300_000,
		intervalMs: 2000,
	});
	// One more poll, fast: nothing is emitted again.
	await new Promise((resolve) => setTimeout(resolve, 65_000));
	const { texts, statuses } = await emitted();
	expect({ emitted: texts.length, unique: new Set(texts).size, statuses }).toEqual({
		emitted: inbox.added.length,
		unique: inbox.added.length,
		statuses: statuses.map(() => 'success'),
	});
	expect(texts).toEqual(inbox.added);
	expect(readFileSync(n8n.logFile).subarray(logStart).toString('utf8')).toContain('the previous poll still runs');
}, 600_000);
