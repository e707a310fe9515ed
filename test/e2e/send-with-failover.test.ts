/**
 * Send with Failover in a real n8n (the run's shared n8n, 2.x) with the emulator as the gateway; the scenarios are in
 * send-with-failover-scenarios.ts.
 */
import { stopN8nOnExit, tailOf } from '../../tools/n8n-process';
import type { EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { sendWithFailoverScenarios } from './send-with-failover-scenarios';

stopN8nOnExit();

let started: EmulatorOnN8n;

beforeAll(async () => {
	started = await sharedN8nWithEmulator({ settings: { deliveryDelayMs: 300, retryBaseMs: 200 } });
}, 900_000);

afterAll(async () => {
	await started?.stop();
});

sendWithFailoverScenarios(() => ({
	emulator: started.emulator,
	client: started.client,
	webhookBaseUrl: started.n8n.url,
	logTail: () => tailOf(started.n8n.logFile),
}));
