/**
 * Sending lawfully in n8n's queue mode (main, a webhook processor, two workers): the trigger's Opt-Out
 * Keywords run on the webhook processor, the broadcast on a worker; the scenarios of lawful-scenarios.ts.
 */
import { stopN8nOnExit } from '../../tools/n8n-process';
import { stopQueueStacksOnExit } from '../../tools/queue-stack';
import { useQueueWithEmulator } from '../support/queue-with-emulator';
import { lawfulScenarios } from './lawful-scenarios';

stopN8nOnExit();
stopQueueStacksOnExit();

const queue = useQueueWithEmulator({
	account: { balance: 100000 },
	settings: { deliveryDelayMs: 60_000, retryBaseMs: 50 },
});

lawfulScenarios(() => {
	const { emulator, client, stack, logTail } = queue();
	return { emulator, client, webhookBaseUrl: stack.webhook.url, logTail };
});
