/**
 * Register Webhook Automatically in n8n's queue mode, on the run's shared queue-mode n8n (tools/shared-queue.ts):
 * activating on main registers the webhook processor's URL once (neither the webhook processor nor a worker
 * registers), a signed event sent there runs the workflow on one worker, and deactivating removes the registration.
 * n8n 2.x only (queue mode on 1.x: queue-mode.test.ts).
 */
import { stopN8nOnExit } from '../../tools/n8n-process';
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import { stopQueueStacksOnExit } from '../../tools/queue-stack';
import { emulatorControl } from '../support/emulator-client';
import { useQueueWithEmulator } from '../support/queue-with-emulator';
import { selfRegisteringCredential, selfRegistration } from './self-registration-setup';

stopN8nOnExit();
stopQueueStacksOnExit();

const onN8n2 = Number((process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).split('.')[0]) >= 2;

(onN8n2 ? describe : describe.skip)(`queue mode${onN8n2 ? '' : ' — skipped: run on n8n 2.x only'}`, () => {
	const queue = useQueueWithEmulator({ settings: { maxAttempts: 1 } });
	let credentialId: string;
	beforeAll(async () => {
		const { client, emulator } = queue();
		credentialId = await selfRegisteringCredential(client, emulator);
	});
	const { registrationsOf, createWorkflow, activate, deactivate, fire } = selfRegistration(() => ({
		client: queue().client,
		control: emulatorControl(queue().emulator),
		webhookBaseUrl: queue().stack.webhook.url,
		credentialId,
	}));

	test("activate on main: one registration of the webhook processor's URL; its event runs on one worker; deactivate: none", async () => {
		const { client, emulator, stack, logTail } = queue();
		const flow = await createWorkflow('queue', ['inbox_message']);
		await activate(flow.id);
		try {
			expect(await registrationsOf([flow.url])).toEqual([
				expect.objectContaining({ url: flow.url, types: ['inbox_message'] }),
			]);
			expect(await fire('inbox_message', flow.url)).toEqual([flow.url]);
			const [execution] = await client.finishedExecutions(flow.id, 1, 60_000);
			expect(stack.workersThatRan(execution.id)).toHaveLength(1);
			const creates = (await emulatorControl(emulator)<Array<{ path: string }>>('GET', '/emulator/requests')).filter(
				(request) => request.path === '/v1/webhook/create',
			);
			expect(creates).toHaveLength(1);
			await deactivate(flow.id);
			expect(await registrationsOf([])).toEqual([]);
		} catch (error) {
			throw new Error(`${(error as Error).message}\n${logTail()}`);
		}
	}, 180_000);
});
