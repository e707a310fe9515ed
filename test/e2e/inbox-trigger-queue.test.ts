/**
 * The Messaging Gateway Inbox Trigger in n8n's queue mode, on the run's shared queue-mode n8n
 * (tools/shared-queue.ts): the polls run on main, the executions on the workers. Two gateway emulators, one
 * listing its inbox oldest first, the other newest first, each polled every minute by its own active workflow;
 * 50 messages arrive in 3 batches, each waited for before the next. Expected: none of the 4100 messages there at
 * activation is emitted; the 50 are emitted exactly once, oldest first, one execution per batch, each run by one
 * worker. The scenario in one n8n restarted between polls is inbox-trigger.test.ts. n8n 2.x only.
 */
import type { Emulator } from '../../emulator/server';
import type { N8nClient } from '../../tools/n8n-client';
import { stopN8nOnExit } from '../../tools/n8n-process';
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import { stopQueueStacksOnExit } from '../../tools/queue-stack';
import { sharedQueueStack, tailsOf, type QueueView } from '../../tools/shared-queue';
import {
	activateInboxes,
	closeEmulators,
	expectFiftyOnce,
	fiftyOverThreePolls,
	ORDERS,
	startEmulators,
} from './inbox-trigger-scenarios';

stopN8nOnExit();
stopQueueStacksOnExit();

const onN8n2 = Number((process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).split('.')[0]) >= 2;

(onN8n2 ? describe : describe.skip)(`queue mode${onN8n2 ? '' : ' — skipped: run on n8n 2.x only'}`, () => {
	let stack: QueueView;
	let client: N8nClient;
	let stop: (() => Promise<void>) | undefined;
	let emulators: Emulator[];

	beforeAll(async () => {
		emulators = await startEmulators();
		({ stack, client, stop } = await sharedQueueStack());
	}, 900_000);
	afterAll(async () => {
		await stop?.();
		await closeEmulators(emulators);
	}, 120_000);

	test('both list orders: polls on main, executions on the workers; 50 messages over 3 polls each emitted once, oldest first', async () => {
		try {
			const inboxes = await activateInboxes(client, emulators, ORDERS);
			const emitted = await fiftyOverThreePolls(() => client, inboxes);
			inboxes.forEach((inbox, i) => expectFiftyOnce(inbox, emitted[i]));
			for (const { executions } of emitted) {
				expect(executions.map((execution) => stack.workersThatRan(execution.id).length)).toEqual([1, 1, 1]);
			}
		} catch (error) {
			throw new Error(`${(error as Error).message}\n${tailsOf(stack)}`);
		}
	}, 600_000);
});
