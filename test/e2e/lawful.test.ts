/** Sending lawfully on one n8n: the scenarios of lawful-scenarios.ts. */
import { stopN8nOnExit, tailOf } from '../../tools/n8n-process';
import type { EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { lawfulScenarios } from './lawful-scenarios';

stopN8nOnExit();

let started: EmulatorOnN8n;

beforeAll(async () => {
	started = await sharedN8nWithEmulator({
		account: { balance: 100000 },
		settings: { deliveryDelayMs: 60_000, retryBaseMs: 50 },
	});
}, 900_000);

afterAll(async () => {
	await started?.stop();
});

lawfulScenarios(() => ({
	emulator: started.emulator,
	client: started.client,
	webhookBaseUrl: started.n8n.url,
	logTail: () => tailOf(started.n8n.logFile),
}));
