/**
 * n8n's AI Agent with our nodes in a real n8n, driven by a scripted OpenAI-compatible model
 * (test/support/scripted-model.ts), the emulator as the gateway: an agent's Send SMS tool gated by the
 * Messaging Gateway HITL tool, approved or not by an SMS reply. n8n 1.x has no HITL tools: there the
 * test checks that and skips the rest.
 */
import type { Emulator } from '../../emulator/server';
import type { N8nClient } from '../../tools/n8n-client';
import { stopN8nOnExit, tailOf } from '../../tools/n8n-process';
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import type { EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';
import { startScriptedModel, type ScriptedModel } from '../support/scripted-model';
import { HITL_TYPE, type Credentials } from './ai-agent-workflows';
import { hitlScenarios } from './hitl-scenarios';
import { emulatorControl, type EmulatorControl } from '../support/emulator-client';
import { smsAssistantScenarios } from './sms-assistant-scenarios';

stopN8nOnExit();

const onN8n2 = Number((process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).split('.')[0]) >= 2;

let started: EmulatorOnN8n;
let emulator: Emulator;
let client: N8nClient;
let control: EmulatorControl;
let model: ScriptedModel;
let credentials: Credentials;

const logTail = () => tailOf(started.n8n.logFile);

beforeAll(async () => {
	started = await sharedN8nWithEmulator({ settings: { deliveryDelayMs: 300, retryBaseMs: 200 } });
	({ emulator, client } = started);
	control = emulatorControl(emulator);
	model = await startScriptedModel();
	const { account } = emulator;
	const gateway = await client.createCredential('Messaging Gateway account', {
		baseUrl: emulator.url,
		apiKey: account.apiKey,
		apiSecret: account.apiSecret,
		signingSecret: account.signingSecret,
	});
	credentials = {
		gateway,
		model: onN8n2
			? await client.createCredential('Scripted model', { apiKey: 'sk-scripted', url: model.url }, 'openAiApi')
			: '',
	};
}, 900_000);

afterAll(async () => {
	await model?.close();
	await started?.stop();
});

test(`the HITL tool exists on n8n 2.x only (n8n ${process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION})`, async () => {
	const types = await client.rest<Array<{ name: string }>>('/types/nodes.json');
	expect(types.some((type) => type.name === HITL_TYPE)).toBe(onN8n2);
});

(onN8n2 ? describe : describe.skip)(
	`an agent's Send SMS gated by the HITL tool${onN8n2 ? '' : ' — skipped on n8n 1.x: it has no HITL tools'}`,
	() => {
		hitlScenarios(() => ({ client, control, model, credentials, webhookBaseUrl: started.n8n.url, logTail }));
	},
);

(onN8n2 ? describe : describe.skip)(
	`the SMS assistant example${onN8n2 ? '' : ' — skipped on n8n 1.x: the example uses AI Agent 3.1, which n8n 1.x lacks'}`,
	() => {
		smsAssistantScenarios(() => ({
			client,
			control,
			model,
			webhookBaseUrl: started.n8n.url,
			gatewayCredential: credentials.gateway,
			modelCredential: credentials.model,
		}));
	},
);
