/**
 * The SMS assistant example (examples/sms-assistant.json) in n8n's queue mode (main, a webhook processor, two
 * workers), the scripted model, the emulator as the gateway (docs/sms-assistants.md):
 * - three SMS 1 s apart from each of two numbers at once → one model call and one SMS back per number, the model's
 *   input holding that number's three texts in order (the executions run on both workers; each decides from the
 *   gateway's conversation alone);
 * - an auto-responder (a number ending in 9777 answers every SMS 1 s later) → the assistant stops: at most Max
 *   Messages + workers − 1 SMS (the bound across workers), the execution after it has Get Unanswered say skipped:
 *   "loopGuard", and the model is called once per SMS sent, never for an answer that is not sent.
 * n8n 2.x only (the example uses AI Agent 3.1).
 */
import { loadExample } from '../../tools/n8n-client';
import { stopN8nOnExit } from '../../tools/n8n-process';
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import { stopQueueStacksOnExit } from '../../tools/queue-stack';
import { waitForWebhooks } from '../../tools/waits';
import { emulatorControl, type EmulatorControl } from '../support/emulator-client';
import { useQueueWithEmulator } from '../support/queue-with-emulator';
import { startScriptedModel, type ScriptedModel } from '../support/scripted-model';

stopN8nOnExit();
stopQueueStacksOnExit();

const onN8n2 = Number((process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).split('.')[0]) >= 2;
const WORKERS = 2;
/** The example's Loop Guard. */
const MAX_MESSAGES = 5;
const VIRTUAL = '3197010000001';

const queue = useQueueWithEmulator({ settings: { deliveryDelayMs: 60_000, webhookTimeoutMs: 60_000, maxAttempts: 1 } });

(onN8n2 ? describe : describe.skip)(`the SMS assistant in queue mode${onN8n2 ? '' : ' — n8n 2.x only'}`, () => {
	let model: ScriptedModel;
	let control: EmulatorControl;
	let workflowId: string;
	/** Items of a node in a finished execution. */
	const itemsOf = (execution: { data?: { resultData: { runData: Record<string, unknown> } } }, node: string) =>
		(
			(execution.data?.resultData.runData[node] as Array<{
				data?: { main: Array<Array<{ json: Record<string, unknown> }>> };
			}>) ?? []
		)
			.flatMap((run) => run.data?.main[0] ?? [])
			.map((item) => item.json);
	const smsTo = (to: string) =>
		queue().emulator.messages.filter((message) => message.to === to && message.sender === VIRTUAL);

	beforeAll(async () => {
		const { emulator, client, stack } = queue();
		control = emulatorControl(emulator);
		model = await startScriptedModel();
		const { account } = emulator;
		const gateway = await client.createCredential('Messaging Gateway account', {
			baseUrl: emulator.url,
			apiKey: account.apiKey,
			apiSecret: account.apiSecret,
			signingSecret: account.signingSecret,
		});
		const modelCredential = await client.createCredential(
			'Scripted model',
			{ apiKey: 'sk-scripted', url: model.url },
			'openAiApi',
		);
		const example = loadExample('sms-assistant.json');
		for (const node of example.nodes) {
			if (node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi')
				Object.assign(node, { credentials: { openAiApi: { id: modelCredential, name: 'Scripted model' } } });
		}
		workflowId = await client.importWorkflow(example, gateway);
		const trigger = example.nodes.find((node) => node.webhookId && node.name === 'Incoming SMS')!;
		const url = `${stack.webhook.url}/webhook/${trigger.webhookId}/webhook`;
		await waitForWebhooks([url]);
		await control('POST', '/emulator/webhooks', { url, types: ['inbox_message'], method: 'POST' });
	}, 300_000);

	afterAll(async () => {
		await model?.close();
	});

	test('three SMS 1 s apart from each of two numbers at once: one model call and one SMS back each, its three texts in order', async () => {
		const bursts = [
			{ from: '31610004331', texts: ['Hi', 'I ordered a blue lamp', 'where is it?'] },
			{ from: '31610004332', texts: ['Hello', 'can I pay by card', 'or by bank transfer?'] },
		];
		await Promise.all(
			bursts.map(({ from, texts }) => control('POST', '/emulator/inbound?wait=true', { from, texts, gapMs: 1000 })),
		);
		const executions = await queue().client.finishedExecutions(workflowId, 6, 120_000);
		expect(executions.map((execution) => execution.status)).toEqual(Array(6).fill('success'));
		for (const { from, texts } of bursts) {
			const calls = model.requestsWith(texts[0]);
			expect(calls).toHaveLength(1);
			expect(calls[0].messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([texts.join('\n')]);
			expect(smsTo(from).map((sms) => sms.content)).toEqual([`ECHO ${texts.join('\n')}`]);
		}
	});

	test(`an auto-responder: the assistant stops within Max Messages + ${WORKERS - 1}; the rest are skipped by Loop Guard`, async () => {
		const responder = '31610009777';
		const before = model.requests.length;
		await control('POST', '/emulator/inbound?wait=true', { from: responder, content: 'Hello, anyone there?' });
		// The loop: each SMS to the responder brings an answer 1 s later, and each answer starts an execution.
		let previous = -1;
		for (let stable = 0; stable < 3; ) {
			await new Promise((resolve) => setTimeout(resolve, 5000));
			const count = smsTo(responder).length;
			stable = count === previous ? stable + 1 : 0;
			previous = count;
		}
		const sent = smsTo(responder).length;
		expect(sent).toBeGreaterThanOrEqual(MAX_MESSAGES);
		expect(sent).toBeLessThanOrEqual(MAX_MESSAGES + WORKERS - 1);
		const executions = await queue().client.finishedExecutions(workflowId, 6 + sent + 1, 120_000);
		const skipped = executions.flatMap((execution) =>
			itemsOf(execution, 'Get Unanswered').filter((json) => json.skipped === 'loopGuard'),
		);
		expect(skipped.length).toBeGreaterThanOrEqual(1);
		expect(skipped[0]).toMatchObject({ phone: responder, skipped: 'loopGuard', sentRecently: sent });
		// The model writes only answers that are sent: Get Unanswered's Loop Guard stops the loop before it.
		expect(model.requests.length - before).toBe(sent);
	});
});
