/**
 * A final delivery report that reaches the trigger before n8n has saved the question's execution as
 * waiting (n8n answers "running already"): the emulator delivers the reports of 20 questions to numbers
 * that reject the SMS, signed, to the trigger in n8n-core's real WebhookContext; the trigger forwards over
 * HTTP to a stand-in for n8n's waiting webhooks (test/support/waiting-n8n.ts) that saves each execution
 * as waiting only after it has answered one of its forwards "running already".
 */
import { waitFor } from '../../tools/waits';
import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';
import { startWaitingN8n } from '../support/waiting-n8n';
import { startTriggerServer } from '../support/webhook-server';
import { emulatorClient } from '../support/emulator-client';

// Reports 300 ms after the send; the gateway's redeliveries a little later each time.
const gateway = useEmulator({
	settings: { deliveryDelayMs: 300, retryBaseMs: 200, maxAttempts: 6 },
	account: { balance: 1e9 },
});
const { controlAnswer } = emulatorClient(() => gateway.emulator);

test('20 questions whose SMS is not delivered, reported before they wait: every one resumes with delivered: false', async () => {
	const n8n = await startWaitingN8n(gateway.credentials);
	const credentials = { ...gateway.credentials, signingSecret: gateway.emulator.account.signingSecret };
	const trigger = await startTriggerServer({ events: ['inbox_message'], options: {} }, credentials, {
		n8nBaseUrl: n8n.url,
	});
	try {
		expect(
			(await controlAnswer('POST', '/emulator/webhooks', { url: trigger.url, types: ['*'], method: 'POST' })).status,
		).toBeLessThan(300);
		const questions = Array.from({ length: 20 }, (_, index) => ({
			executionId: String(9100 + index),
			to: `3161${String(index).padStart(3, '0')}9992`,
		}));
		await Promise.all(
			questions.map(async ({ executionId, to }) => {
				const execution = n8n.running(executionId);
				const parameters = {
					resource: 'message',
					operation: 'sendAndWait',
					sender: '31610000001',
					to,
					message: 'Refund?',
				};
				const run = await runAction(parameters, [{}], gateway.credentials, { executionId, nodeId: 'ask-1' });
				expect(run.error).toBeUndefined();
				const sms = gateway.emulator.messages.find((message) => message.to === to)!;
				// n8n saves the execution as waiting only after the final report reached it once.
				await waitFor(() => execution.conflicts > 0, {
					what: `the report of execution ${executionId} while it runs`,
					timeoutMs: 20_000,
				});
				n8n.waits(run.waiting!, sms.reference);
			}),
		);
		await waitFor(() => questions.every(({ executionId }) => n8n.executions.get(executionId)!.answer !== undefined), {
			what: 'every question to resume',
			timeoutMs: 20_000,
			onTimeout: () => false,
		});
		for (const { executionId, to } of questions) {
			expect(n8n.executions.get(executionId)!.answer).toMatchObject({ delivered: false, delivery_code: '2', to });
		}
	} finally {
		await Promise.all([n8n.close(), trigger.close()]);
	}
});
