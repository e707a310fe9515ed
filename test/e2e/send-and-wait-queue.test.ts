/**
 * Send and Wait for Response in n8n's queue mode: workers send the questions and run the resumed
 * executions, the webhook processor receives the gateway's webhooks and serves the waiting webhooks
 * the trigger hands the answers to; every process logs at debug level. The scenarios are in
 * send-and-wait-scenarios.ts, and on n8n 2.x those of an AI agent's tool gated by the HITL tool
 * (hitl-scenarios.ts), driven by the scripted model.
 */
import { stopN8nOnExit } from '../../tools/n8n-process';
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import { stopQueueStacksOnExit } from '../../tools/queue-stack';
import { useQueueWithEmulator } from '../support/queue-with-emulator';
import { startScriptedModel, type ScriptedModel } from '../support/scripted-model';
import type { Credentials } from './ai-agent-workflows';
import { hitlScenarios } from './hitl-scenarios';
import { emulatorControl } from '../support/emulator-client';
import { sendAndWaitScenarios } from './send-and-wait-scenarios';

stopN8nOnExit();
stopQueueStacksOnExit();

// The run's shared queue-mode n8n logs at debug level (tools/shared-queue.ts), as the scenarios that read its log need.
const queue = useQueueWithEmulator({ settings: { deliveryDelayMs: 300, retryBaseMs: 200 } });

sendAndWaitScenarios(() => {
	const { emulator, client, stack, logTail, logs } = queue();
	return { emulator, client, webhookBaseUrl: stack.webhook.url, logTail, wholeLog: () => logs().join('\n') };
});

const onN8n2 = Number((process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).split('.')[0]) >= 2;

(onN8n2 ? describe : describe.skip)(
	`an agent's Send SMS gated by the HITL tool, queue mode${onN8n2 ? '' : ' — skipped on n8n 1.x: it has no HITL tools'}`,
	() => {
		let model: ScriptedModel;
		const credentials: Credentials = { gateway: '', model: '' };

		beforeAll(async () => {
			model = await startScriptedModel();
			const { emulator, client } = queue();
			const { account } = emulator;
			credentials.gateway = await client.createCredential('Messaging Gateway account (agents)', {
				baseUrl: emulator.url,
				apiKey: account.apiKey,
				apiSecret: account.apiSecret,
				signingSecret: account.signingSecret,
			});
			credentials.model = await client.createCredential(
				'Scripted model',
				{ apiKey: 'sk-scripted', url: model.url },
				'openAiApi',
			);
		});

		afterAll(async () => {
			await model?.close();
		});

		hitlScenarios(() => {
			const { emulator, client, stack, logTail } = queue();
			return {
				client,
				control: emulatorControl(emulator),
				model,
				credentials,
				webhookBaseUrl: stack.webhook.url,
				logTail,
			};
		});
	},
);
