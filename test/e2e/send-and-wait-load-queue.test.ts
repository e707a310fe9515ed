/**
 * Send and Wait for Response under load in n8n's queue mode (main, a webhook processor that receives the
 * gateway's webhooks and serves the waiting webhooks, two workers), every process's debug log on; the
 * scenarios are in send-and-wait-load.ts. n8n 1.x is skipped as in send-and-wait-load.test.ts.
 */
import { readFileSync } from 'node:fs';

import { startEmulator, type Emulator } from '../../emulator/server';
import { N8nClient } from '../../tools/n8n-client';
import { ensureN8n } from '../../tools/n8n-install';
import { stopN8nOnExit, tailOf } from '../../tools/n8n-process';
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import { startQueueStack, stopQueueStacksOnExit, type QueueStack } from '../../tools/queue-stack';
import { LOAD_N8N_ENV, LOAD_EMULATOR, sendAndWaitLoadScenarios } from './send-and-wait-load';

stopN8nOnExit();
stopQueueStacksOnExit();

const onN8n1 = (process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).startsWith('1.');

(onN8n1 ? describe.skip : describe)(`Send and Wait under load, queue mode${onN8n1 ? ' — skipped on n8n 1.x: sized for the 2.x CI slot; send-and-wait-queue.test.ts covers 1.x' : ''}`, () => {
	let emulator: Emulator;
	let stack: QueueStack;
	let client: N8nClient;

	const logTail = () => stack.processes().map(({ name, server }) => `${name}:\n${tailOf(server.logFile, 15)}`).join('\n');

	beforeAll(async () => {
		emulator = await startEmulator(LOAD_EMULATOR);
		stack = await startQueueStack(ensureN8n(), { workers: 2, env: LOAD_N8N_ENV });
		try {
			client = await N8nClient.setUp(stack.main.url);
		} catch (error) {
			throw new Error(`${(error as Error).message}\n${logTail()}`);
		}
	}, 900_000);

	afterAll(async () => {
		await stack?.stop();
		await emulator?.close();
	}, 120_000);

	sendAndWaitLoadScenarios(() => ({
		emulator,
		client,
		webhookBaseUrl: stack.webhook.url,
		logs: () => stack.processes().map(({ server }) => readFileSync(server.logFile, 'utf8')),
		logTail,
	}));
});
