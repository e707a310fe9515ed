/**
 * Send and Wait for Response under load in a real n8n (one instance), n8n's debug log on; the scenarios
 * are in send-and-wait-load.ts. n8n 1.x is skipped: the load is sized for n8n 2.x's CI slot, and the
 * trigger's forwarding is the same code on both (send-and-wait.test.ts covers 1.x).
 */
import { readFileSync } from 'node:fs';

import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import { stopN8nOnExit, tailOf } from '../../tools/n8n-process';
import { startN8nWithEmulator, type N8nWithEmulator } from '../../tools/n8n-with-emulator';
import { sendAndWaitLoadScenarios } from './send-and-wait-load';
import { LOAD_N8N_ENV, LOAD_EMULATOR } from './send-and-wait-load-setup';

stopN8nOnExit();

const onN8n1 = (process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).startsWith('1.');

(onN8n1 ? describe.skip : describe)(
	`Send and Wait under load, one n8n${onN8n1 ? ' — skipped on n8n 1.x: sized for the 2.x CI slot; send-and-wait.test.ts covers 1.x' : ''}`,
	() => {
		let started: N8nWithEmulator;

		beforeAll(async () => {
			started = await startN8nWithEmulator(LOAD_EMULATOR, { env: LOAD_N8N_ENV });
		}, 900_000);

		afterAll(async () => {
			await started?.stop();
		});

		sendAndWaitLoadScenarios(() => ({
			emulator: started.emulator,
			client: started.client,
			webhookBaseUrl: started.n8n.url,
			logs: () => [readFileSync(started.n8n.logFile, 'utf8')],
			logTail: () => tailOf(started.n8n.logFile),
		}));
	},
);
