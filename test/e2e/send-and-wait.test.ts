/**
 * Send and Wait for Response in a real n8n (one instance, logging at debug level), with the emulator
 * as the gateway; the scenarios are in send-and-wait-scenarios.ts.
 */
import { readFileSync } from 'node:fs';

import { stopN8nOnExit, tailOf } from '../../tools/n8n-process';
import { startN8nWithEmulator, type N8nWithEmulator } from '../../tools/n8n-with-emulator';
import { sendAndWaitScenarios } from './send-and-wait-scenarios';

stopN8nOnExit();

let started: N8nWithEmulator;

beforeAll(async () => {
	started = await startN8nWithEmulator(
		{ settings: { deliveryDelayMs: 300, retryBaseMs: 200 } },
		{ env: { N8N_LOG_LEVEL: 'debug' } },
	);
}, 900_000);

afterAll(async () => {
	await started?.stop();
});

sendAndWaitScenarios(() => ({
	emulator: started.emulator,
	client: started.client,
	webhookBaseUrl: started.n8n.url,
	logTail: () => tailOf(started.n8n.logFile),
	wholeLog: () => readFileSync(started.n8n.logFile, 'utf8'),
}));
