/**
 * An emulator of the file's own and the run's shared n8n in queue mode (main, a webhook processor, two workers:
 * tools/shared-queue.ts) for one test file: the emulator started before its tests and closed after them, the file's
 * workflows deactivated. A file that needs a queue-mode n8n of its own (stopping workers, n8n's default settings)
 * starts it with startQueueStack (queue-mode.test.ts).
 */
import { readFileSync } from 'node:fs';

import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/server';
import type { N8nClient } from '../../tools/n8n-client';
import { sharedQueueStack, tailsOf, type QueueView } from '../../tools/shared-queue';

export interface QueueWithEmulator {
	emulator: Emulator;
	stack: QueueView;
	client: N8nClient;
	/** The last lines of every process's log, for failure messages. */
	logTail(): string;
	/** Every process's whole log (the earlier files' lines too). */
	logs(): string[];
}

/** Registers beforeAll / afterAll; the returned getter is valid inside tests. */
export function useQueueWithEmulator(emulatorOptions: EmulatorOptions): () => QueueWithEmulator {
	const running = {} as QueueWithEmulator;
	let stop: (() => Promise<void>) | undefined;
	running.logTail = () => tailsOf(running.stack);
	running.logs = () => running.stack.processes().map(({ server }) => readFileSync(server.logFile, 'utf8'));
	beforeAll(async () => {
		running.emulator = await startEmulator(emulatorOptions);
		({ stack: running.stack, client: running.client, stop } = await sharedQueueStack());
	}, 900_000);
	afterAll(async () => {
		await stop?.();
		await running.emulator?.close();
	}, 120_000);
	return () => running;
}
