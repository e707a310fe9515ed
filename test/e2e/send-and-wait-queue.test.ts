/**
 * Send and Wait for Response in n8n's queue mode: workers send the questions and run the resumed
 * executions, the webhook processor receives the gateway's webhooks and serves the waiting webhooks
 * the trigger hands the answers to. The scenarios are in send-and-wait-scenarios.ts.
 */
import { startEmulator, type Emulator } from '../../emulator/server';
import { N8nClient } from '../../tools/n8n-client';
import { ensureN8n } from '../../tools/n8n-install';
import { stopN8nOnExit, tailOf } from '../../tools/n8n-process';
import { startQueueStack, stopQueueStacksOnExit, type QueueStack } from '../../tools/queue-stack';
import { sendAndWaitScenarios } from './send-and-wait-scenarios';

stopN8nOnExit();
stopQueueStacksOnExit();

let emulator: Emulator;
let stack: QueueStack;
let client: N8nClient;

const logTail = () => stack.processes().map(({ name, server }) => `${name}:\n${tailOf(server.logFile, 15)}`).join('\n');

beforeAll(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 300, retryBaseMs: 200 } });
	stack = await startQueueStack(ensureN8n(), { workers: 2 });
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

sendAndWaitScenarios(() => ({ emulator, client, webhookBaseUrl: stack.webhook.url, logTail }));
