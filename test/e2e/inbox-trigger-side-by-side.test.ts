/**
 * The Inbox Trigger's scenarios that wait on n8n's poll each minute, run side by side so that the same minutes serve
 * both (each on its own n8n, so neither's polls meet the other's):
 *
 * - **A slow gateway**, on the run's shared n8n (tools/shared-n8n.ts): the emulator answers each request 25 s late
 *   (`apiLatencyMs`), so a poll that reads three pages outlasts its minute and the next poll starts while it runs
 *   (docs/inbox-trigger.md#bounds). Expected: every message added is emitted exactly once, oldest first; the poll
 *   that would have joined the running one is skipped with a warning in n8n's log.
 * - **Queue mode**, on the run's shared queue-mode n8n (tools/shared-queue.ts), n8n 2.x only: the polls run on main,
 *   the executions on the workers. Two emulators, one listing its inbox oldest first, the other newest first, each
 *   polled by its own active workflow; 50 messages arrive in 3 batches, each waited for before the next. Expected:
 *   none of the 4100 messages there at activation is emitted; the 50 are emitted exactly once, oldest first, one
 *   execution per batch, each run by one worker. The scenario in one n8n restarted between polls is
 *   inbox-trigger.test.ts.
 *
 * Both scenarios start in beforeAll, once both n8n are up; each test waits for its own and checks it.
 */
import { readFileSync, statSync } from 'node:fs';

import type { Emulator } from '../../emulator/server';
import { isFinished, type N8nClient } from '../../tools/n8n-client';
import { stopN8nOnExit } from '../../tools/n8n-process';
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import { withLogOf, type EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { stopQueueStacksOnExit } from '../../tools/queue-stack';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { sharedQueueStack, tailsOf } from '../../tools/shared-queue';
import { waitFor } from '../../tools/waits';
import { emulatorControl } from '../support/emulator-client';
import {
	activateInboxes,
	closeEmulators,
	expectFiftyOnce,
	fiftyOverThreePolls,
	ORDERS,
	receive,
	startEmulators,
	TRIGGER,
	type Emitted,
	type Inbox,
} from './inbox-trigger-scenarios';

stopN8nOnExit();
stopQueueStacksOnExit();

const onN8n2 = Number((process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).split('.')[0]) >= 2;

/** What the slow gateway's trigger emitted, in execution order, every execution's status, and n8n's log meanwhile. */
interface SlowOutcome {
	inbox: Inbox;
	texts: string[];
	statuses: string[];
	log: string;
}
/** What each queue-mode inbox emitted, and which workers ran each of its executions. */
interface QueueOutcome {
	inboxes: Inbox[];
	emitted: Emitted[];
	workers: number[][];
}

/** A scenario started in beforeAll: its test awaits `outcome`; a failure is kept for that test to report. */
const started = <T>(outcome: Promise<T>) => {
	outcome.catch(() => {});
	return outcome;
};

let stops: Array<() => Promise<void>> = [];
let emulators: Emulator[] = [];
let slow: Promise<SlowOutcome>;
let queued: Promise<QueueOutcome> | undefined;

beforeAll(async () => {
	// Both n8n up before either scenario starts: starting the queue-mode stack blocks this process for seconds at a
	// time (Postgres' set-up), long enough for the emulators' idle connections to close under a request.
	const single = sharedN8nWithEmulator();
	stops.push(async () => (await single).stop?.());
	const stack = onN8n2 ? sharedQueueStack() : undefined;
	if (stack) stops.push(async () => (await stack).stop());
	const [ready, shared] = await Promise.all([single, stack]);
	if (shared) emulators = await startEmulators();
	slow = started(slowGateway(ready));
	if (shared) queued = started(inQueueMode(shared));
}, 900_000);
afterAll(async () => {
	await Promise.allSettled(stops.map((stop) => stop()));
	stops = [];
	await closeEmulators(emulators);
}, 120_000);

test('a slow gateway: a poll that outlasts its minute is not joined by the next; 2,100 messages, each emitted once, oldest first', async () => {
	const { inbox, texts, statuses, log } = await slow;
	expect({ emitted: texts.length, unique: new Set(texts).size, statuses }).toEqual({
		emitted: inbox.added.length,
		unique: inbox.added.length,
		statuses: statuses.map(() => 'success'),
	});
	expect(texts).toEqual(inbox.added);
	expect(log).toContain('the previous poll still runs');
}, 600_000);

(onN8n2 ? test : test.skip)(
	`queue mode: polls on main, executions on the workers; 50 messages over 3 polls each emitted once, oldest first${onN8n2 ? '' : ' — skipped: run on n8n 2.x only'}`,
	async () => {
		const { inboxes, emitted, workers } = await queued!;
		inboxes.forEach((inbox, i) => expectFiftyOnce(inbox, emitted[i]));
		expect(workers).toEqual(inboxes.map(() => [1, 1, 1]));
	},
	600_000,
);

/** The messages `workflowId`'s executions emitted, in execution order, and every execution's status (a failed one emits none). */
async function emittedWithStatuses(client: N8nClient, workflowId: string) {
	const executions = (await client.executions(workflowId))
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

async function slowGateway({ emulator, n8n, client }: EmulatorOnN8n): Promise<SlowOutcome> {
	const control = emulatorControl(emulator);
	const inboxRequests = async () =>
		((await control('GET', '/emulator/requests')) as unknown as Array<{ at: string; path: string }>).filter(
			(request) => request.path === '/v1/message/inbox',
		);
	// Where this scenario's part of the shared n8n's log begins.
	const logStart = statSync(n8n.logFile).size;
	const [inbox] = await withLogOf(n8n, activateInboxes(client, [emulator], ['oldestFirst']));
	// 4,100 there at activation and 2,100 new: 6,200 listed, the new ones from page 3 on. A poll reads page 1, page 4
	// (where the total puts the newest), then page 3, which holds the mark: three requests, 75 s at 25 s each.
	await receive(inbox, 'Slow', 2100);
	const before = (await inboxRequests()).length;
	await control('PATCH', '/emulator/settings', { apiLatencyMs: 25_000 });
	const first = await waitFor(async () => (await inboxRequests())[before], {
		what: 'the first slow poll',
		timeoutMs: 90_000,
		intervalMs: 500,
	});
	// The next poll starts 60 s after the first, while the first still waits for its third answer; then the gateway is fast again.
	await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(first.at) + 70_000 - Date.now())));
	await control('PATCH', '/emulator/settings', { apiLatencyMs: 0 });
	await waitFor(async () => (await emittedWithStatuses(client, inbox.workflowId)).texts.length >= inbox.added.length, {
		what: `${inbox.added.length} messages emitted`,
		timeoutMs: 300_000,
		intervalMs: 2000,
	});
	// One more poll, fast: nothing is emitted again.
	await new Promise((resolve) => setTimeout(resolve, 65_000));
	const log = readFileSync(n8n.logFile).subarray(logStart).toString('utf8');
	return { inbox, ...(await emittedWithStatuses(client, inbox.workflowId)), log };
}

async function inQueueMode({ stack, client }: Awaited<ReturnType<typeof sharedQueueStack>>): Promise<QueueOutcome> {
	try {
		const inboxes = await activateInboxes(client, emulators, ORDERS);
		const emitted = await fiftyOverThreePolls(() => client, inboxes);
		const workers = emitted.map(({ executions }) =>
			executions.map((execution) => stack.workersThatRan(execution.id).length),
		);
		return { inboxes, emitted, workers };
	} catch (error) {
		throw new Error(`${(error as Error).message}\n${tailsOf(stack)}`);
	}
}
