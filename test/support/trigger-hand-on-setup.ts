/** Shared setup of trigger-hand-on*.test.ts: one emulator for the file, a stand-in for n8n's waiting webhooks, questions asked through WorkflowExecute and replies to them. */
import type { IDataObject } from 'n8n-workflow';
import { useEmulator } from './emulator';
import { runAction } from './run';
import { signedPost } from './openssl';
import { startWaitingN8n, type WaitingN8n } from './waiting-n8n';
import { startTriggerServer } from './webhook-server';
import { emulatorClient } from './emulator-client';

export const gateway = useEmulator();
export const { controlAnswer } = emulatorClient(() => gateway.emulator);
export const triggerCredentials = () => ({
	...gateway.credentials,
	signingSecret: gateway.emulator.account.signingSecret,
});
export const post = (body: unknown) => signedPost(body, gateway.emulator.account.signingSecret);

/** Each question its own execution: the trigger's memory of questions lasts for the whole test process. */
let lastExecution = 7000;
let lastNumber = 0;
/** A new execution ID and a new recipient's number. */
export const nextExecutionId = () => String(++lastExecution);
export const nextTo = () => `3161${String(++lastNumber).padStart(7, '0')}`;

/** Asks an approval question; the stand-in n8n has it waiting. */
export async function ask(n8n: WaitingN8n, options: IDataObject = {}) {
	const executionId = nextExecutionId();
	const to = nextTo();
	const parameters = {
		resource: 'message',
		operation: 'sendAndWait',
		sender: '31610000001',
		to,
		message: 'Refund?',
		options,
	};
	const run = await runAction(parameters, [{}], gateway.credentials, { executionId, nodeId: 'ask-1' });
	expect(run.error).toBeUndefined();
	const sms = gateway.emulator.messages.find((message) => message.to === to)!;
	return { executionId, sms, execution: n8n.waits(run.waiting!, sms.reference) };
}

/** The `inbox_message` the emulator makes of the recipient's reply to `messageid`. */
export async function replyTo(messageid: string, content: string): Promise<IDataObject> {
	const { status, body } = await controlAnswer('POST', '/emulator/inbound', { replyTo: messageid, content });
	expect(status).toBe(201);
	return body.event as IDataObject;
}

export async function setUp(options: Parameters<typeof startWaitingN8n>[1] = {}, replyHandling = 'resumeOnly') {
	const n8n = await startWaitingN8n(gateway.credentials, options);
	const trigger = await startTriggerServer(
		{ events: ['inbox_message'], options: { replyHandling } },
		triggerCredentials(),
		{ n8nBaseUrl: n8n.url },
	);
	return { n8n, trigger, close: async () => Promise.all([n8n.close(), trigger.close()]) };
}
