/**
 * The emulator and n8n in queue mode (main, a webhook processor, two workers) for one test file: started
 * before its tests, stopped after them. A set-up failure shows the end of every process's log.
 */
import { readFileSync } from 'node:fs';

import { startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/server';
import { N8nClient } from '../../tools/n8n-client';
import { ensureN8n } from '../../tools/n8n-install';
import { tailOf } from '../../tools/n8n-process';
import { startQueueStack, type QueueStack } from '../../tools/queue-stack';

export interface QueueWithEmulator {
	emulator: Emulator;
	stack: QueueStack;
	client: N8nClient;
	/** The last lines of every process's log, for failure messages. */
	logTail(): string;
	/** Every process's whole log. */
	logs(): string[];
}

/** Registers beforeAll / afterAll; the returned getter is valid inside tests. */
export function useQueueWithEmulator(
	emulatorOptions: EmulatorOptions,
	env: Record<string, string> = {},
): () => QueueWithEmulator {
	const running = {} as QueueWithEmulator;
	running.logTail = () =>
		running.stack
			.processes()
			.map(({ name, server }) => `${name}:\n${tailOf(server.logFile, 15)}`)
			.join('\n');
	running.logs = () => running.stack.processes().map(({ server }) => readFileSync(server.logFile, 'utf8'));
	beforeAll(async () => {
		running.emulator = await startEmulator(emulatorOptions);
		running.stack = await startQueueStack(ensureN8n(), { workers: 2, env });
		try {
			running.client = await N8nClient.setUp(running.stack.main.url);
		} catch (error) {
			throw new Error(`${(error as Error).message}\n${running.logTail()}`);
		}
	}, 900_000);
	afterAll(async () => {
		await running.stack?.stop();
		await running.emulator?.close();
	}, 120_000);
	return () => running;
}
