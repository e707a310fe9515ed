/**
 * Send and Wait for Response under load in n8n's queue mode (main, a webhook processor that receives the
 * gateway's webhooks and serves the waiting webhooks, two workers: the run's shared queue-mode n8n,
 * tools/shared-queue.ts), every process's debug log on; the
 * scenarios are in send-and-wait-load.ts. n8n 1.x is skipped as in send-and-wait-load.test.ts.
 */
import { stopN8nOnExit } from '../../tools/n8n-process';
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import { stopQueueStacksOnExit } from '../../tools/queue-stack';
import { useQueueWithEmulator } from '../support/queue-with-emulator';
import { sendAndWaitLoadScenarios } from './send-and-wait-load';
import { LOAD_EMULATOR } from './send-and-wait-load-setup';

stopN8nOnExit();
stopQueueStacksOnExit();

const onN8n1 = (process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).startsWith('1.');

(onN8n1 ? describe.skip : describe)(
	`Send and Wait under load, queue mode${onN8n1 ? ' — skipped on n8n 1.x: sized for the 2.x CI slot; send-and-wait-queue.test.ts covers 1.x' : ''}`,
	() => {
		// On the run's shared queue-mode n8n, whose settings are the load's (LOAD_N8N_ENV).
		const queue = useQueueWithEmulator(LOAD_EMULATOR);
		sendAndWaitLoadScenarios(() => {
			const { emulator, client, stack, logTail, logs } = queue();
			return { emulator, client, webhookBaseUrl: stack.webhook.url, logs, logTail };
		});
	},
);
