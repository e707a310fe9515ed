/** What send-and-wait-load.ts sets up: the emulator and n8n settings of the load, the two groups of questions and their workflow. */
import type { Emulator, EmulatorOptions } from '../../emulator/server';
import type { N8nClient } from '../../tools/n8n-client';
import { PACKAGE_NAME } from '../../tools/n8n-install';
import { SHARED_QUEUE_ENV } from '../../tools/shared-queue';
import { SENDER } from './send-and-wait-workflows';
export const QUESTIONS_PER_GROUP = 100;
export const TRIGGER_WEBHOOK_ID = '3a7c9e1b-0d2f-4a6b-8c1e-5f7a9b3d2c10';

/** The emulator as an at-least-once gateway under load; the balance pays for every question. */
export const LOAD_EMULATOR: EmulatorOptions = {
	account: { balance: 10_000 },
	settings: {
		deliveryDelayMs: 0,
		deliveryJitterMs: 500,
		duplicateDeliveries: true,
		retryBaseMs: 250,
		maxAttempts: 8,
		webhookTimeoutMs: 10_000,
	},
};

/** n8n's debug log (what the signature search reads) and lazily made expression isolates: the shared queue stack's settings. */
export const LOAD_N8N_ENV = SHARED_QUEUE_ENV;

export const say = (line: string) => process.stderr.write(`[load] ${new Date().toISOString().slice(11, 19)} ${line}\n`);

export interface LoadSetting {
	emulator: Emulator;
	client: N8nClient;
	/** Where production webhooks are served: the n8n itself, or in queue mode the webhook processor. */
	webhookBaseUrl: string;
	/** The text of every n8n process's log so far. */
	logs(): string[];
	logTail(): string;
}

export interface Group {
	name: 'report' | 'approval';
	workflowId: string;
	numbers: string[];
	/** By the question's number, once sent: the execution id (from the SMS's reference) and the message id. */
	sent: Map<string, { executionId: string; messageid: string }>;
}

/** Numbers of a group: the report group's are delivered (final report code 1), the approval group's end in 9990 (no final report). */
export const numbersOf = (name: Group['name']) =>
	Array.from({ length: QUESTIONS_PER_GROUP }, (_, i) =>
		name === 'report' ? `3164${String(i).padStart(7, '0')}` : `3165${String(i).padStart(3, '0')}9990`,
	);

/** Webhook → Ask (Send and Wait for Response, `responseType`) → Done, one question per POST `{to}`. */
export function questionWorkflow(name: Group['name'], credentialId: string) {
	const credentials = { messagingGatewayApi: { id: credentialId, name: 'Messaging Gateway account' } };
	const ask = {
		resource: 'message',
		operation: 'sendAndWait',
		sender: { __rl: true, mode: 'id', value: SENDER },
		to: '={{ $json.body.to }}',
		message: 'Approve?',
		responseType: name === 'report' ? 'deliveryReport' : 'approval',
	};
	return {
		name: `Load: ${name}`,
		nodes: [
			{
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: `load-${name}-id`,
				position: [0, 0],
				parameters: { httpMethod: 'POST', path: `load-${name}`, responseMode: 'onReceived' },
			},
			{
				name: 'Ask',
				type: `${PACKAGE_NAME}.messagingGateway`,
				typeVersion: 3,
				position: [220, 0],
				parameters: ask,
				credentials,
			},
			{ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
		],
		connections: {
			Start: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] },
			Ask: { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** Every 64-hex value in a text: a resume signature, wherever it appears. */
export const hex64 = (text: string) => new Set(text.match(/[0-9a-f]{64}/g) ?? []);
