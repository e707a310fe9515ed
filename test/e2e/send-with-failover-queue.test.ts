/**
 * Send with Failover in n8n's queue mode (the run's shared queue-mode n8n: main, a webhook processor, two workers):
 * workers send the steps and run the resumed executions, the webhook processor receives the gateway's reports and
 * serves the steps' waiting webhooks, main's wait tracker resumes the steps whose minutes ran out and the parents of
 * finished chains. The scenarios are in send-with-failover-scenarios.ts.
 */
import { stopN8nOnExit } from '../../tools/n8n-process';
import { stopQueueStacksOnExit } from '../../tools/queue-stack';
import { useQueueWithEmulator } from '../support/queue-with-emulator';
import { sendWithFailoverScenarios } from './send-with-failover-scenarios';

stopN8nOnExit();
stopQueueStacksOnExit();

const queue = useQueueWithEmulator({ settings: { deliveryDelayMs: 300, retryBaseMs: 200 } });

sendWithFailoverScenarios(() => {
	const { emulator, client, stack, logTail } = queue();
	return { emulator, client, webhookBaseUrl: stack.webhook.url, logTail };
});
