/**
 * The Messaging Gateway Inbox Trigger in a real n8n (the package installed as a community package),
 * polling every minute: two gateway emulators, one listing its inbox oldest first, the other newest
 * first, each polled by its own active workflow. 50 messages arrive while the workflows are active,
 * in 3 batches, each waited for before the next, with an n8n restart (same database) between the
 * second batch and its poll. Expected: none of the 4100 messages there at activation is emitted; the
 * 50 are emitted exactly once, oldest first, one execution per batch; a manual run gives the newest.
 * The scenario in queue mode, and a slow gateway's, are inbox-trigger-side-by-side.test.ts.
 */
import type { Emulator } from '../../emulator/server';
import { stopN8nOnExit, tailOf } from '../../tools/n8n-process';
import {
	activateInboxes,
	closeEmulators,
	emittedBy,
	expectFiftyOnce,
	fiftyOverThreePolls,
	manualTexts,
	ORDERS,
	runManually,
	startEmulators,
	type Inbox,
} from './inbox-trigger-scenarios';
import { startRestartableN8n, type RestartableN8n } from './restartable-n8n';

stopN8nOnExit();

describe('one n8n, restarted between polls', () => {
	let server: RestartableN8n;
	let emulators: Emulator[];
	let inboxes: Inbox[] = [];

	beforeAll(async () => {
		emulators = await startEmulators();
		server = await startRestartableN8n(process.env.INBOX_E2E_DEBUG ? { N8N_LOG_LEVEL: 'debug' } : {});
	}, 900_000);
	afterAll(async () => {
		await server?.stop();
		await closeEmulators(emulators);
	}, 60_000);

	const logged = async <T>(work: Promise<T>): Promise<T> => {
		try {
			return await work;
		} catch (error) {
			throw new Error(`${(error as Error).message}\n${tailOf(server.n8n.logFile)}`);
		}
	};

	test('both list orders: 50 messages over 3 polls and a restart, each emitted once, oldest first; none at activation', async () => {
		inboxes = await logged(activateInboxes(server.client, emulators, ORDERS));
		for (const inbox of inboxes) expect((await emittedBy(server.client, inbox.workflowId)).texts).toEqual([]);
		const emitted = await logged(
			fiftyOverThreePolls(
				() => server.client,
				inboxes,
				() => server.restart(),
			),
		);
		inboxes.forEach((inbox, i) => expectFiftyOnce(inbox, emitted[i]));
	}, 600_000);

	test('a manual run returns the newest message alone, and is not counted among the executions the trigger started', async () => {
		expect(inboxes).toHaveLength(2);
		for (const inbox of inboxes) {
			const execution = await logged(runManually(server.client, inbox.workflowId));
			expect(execution.status).toBe('success');
			expect(manualTexts(execution)).toEqual([inbox.added.at(-1)]);
			expect((await emittedBy(server.client, inbox.workflowId)).texts).toEqual(inbox.added);
		}
	}, 180_000);
});
