/**
 * The SMS assistant example (examples/sms-assistant.json) in a real n8n, with the scripted model
 * (its answer echoes the conversation's user messages, so its requests show which history the agent
 * sent): memories per number, STOP/START/HELP left to the trigger (no reply but its Help Reply), replies cut to
 * 2 SMS; an auto-responder answered exactly Loop Guard's Max Messages times, the model asked no more often; a burst
 * of three SMS from each of two numbers at once answered once each; machine senders never answered.
 */
import { loadExample, type Execution, type N8nClient } from '../../tools/n8n-client';
import { waitForWebhooks } from '../../tools/waits';
import type { ScriptedModel } from '../support/scripted-model';
import type { EmulatorControl } from '../support/emulator-client';

export interface AssistantSetting {
	client: N8nClient;
	control: EmulatorControl;
	model: ScriptedModel;
	webhookBaseUrl: string;
	gatewayCredential: string;
	modelCredential: string;
}

interface Sms {
	messageid: string;
	to: string;
	content: string;
}

/** Declares the tests; `setting()` is read in their beforeAll. */
export function smsAssistantScenarios(setting: () => AssistantSetting) {
	let s: AssistantSetting;
	let workflowId: string;
	let runs = 0;

	const inbound = (from: string, content: string) =>
		s.control('POST', '/emulator/inbound?wait=true', { from, content });
	const smsTo = async (to: string) =>
		((await s.control('GET', '/emulator/messages')) as unknown as Sms[]).filter((sms) => sms.to === to);
	/** Waits until `count` more executions of the assistant have finished, all successfully. */
	async function settled(count: number) {
		runs += count;
		const executions = await s.client.finishedExecutions(workflowId, runs, 90_000, { includeData: false });
		expect(executions.map((execution) => execution.status)).toEqual(Array(runs).fill('success'));
	}
	/** The user messages of the model request that carried `text`. */
	const historyWith = (text: string) =>
		s.model
			.requestsWith(text)
			.map((request) => request.messages.filter((m) => m.role === 'user').map((m) => m.content));

	beforeAll(async () => {
		s = setting();
		const example = loadExample('sms-assistant.json');
		for (const node of example.nodes) {
			if (node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi')
				Object.assign(node, { credentials: { openAiApi: { id: s.modelCredential, name: 'Scripted model' } } });
		}
		workflowId = await s.client.importWorkflow(example, s.gatewayCredential);
		const trigger = example.nodes.find((node) => node.webhookId)!;
		const url = `${s.webhookBaseUrl}/webhook/${trigger.webhookId}/webhook`;
		// Only the assistant's trigger gets the account's webhooks from here on.
		await s.control('DELETE', '/emulator/webhooks');
		await s.control('POST', '/emulator/webhooks', { url, types: ['inbox_message'], method: 'POST' });
		await waitForWebhooks([url]);
	}, 120_000);

	test('two numbers talking at once keep separate memories', async () => {
		const [ann, bob] = ['31640000001', '31640000002'];
		await Promise.all([inbound(ann, 'Ann: where is order 11?'), inbound(bob, 'Bob: can I pay by card?')]);
		await settled(2);
		await Promise.all([inbound(ann, 'Ann: and when does it arrive?'), inbound(bob, 'Bob: and by bank transfer?')]);
		await settled(2);
		expect(historyWith('Ann: and when does it arrive?')).toEqual([
			['Ann: where is order 11?', 'Ann: and when does it arrive?'],
		]);
		expect(historyWith('Bob: and by bank transfer?')).toEqual([
			['Bob: can I pay by card?', 'Bob: and by bank transfer?'],
		]);
		expect((await smsTo(ann)).map((sms) => sms.content)).toEqual([
			'ECHO Ann: where is order 11?',
			'ECHO Ann: where is order 11? | Ann: and when does it arrive?',
		]);
		expect((await smsTo(bob)).map((sms) => sms.content)).toEqual([
			'ECHO Bob: can I pay by card?',
			'ECHO Bob: can I pay by card? | Bob: and by bank transfer?',
		]);
	});

	test('three SMS 1 s apart from each of two numbers at once: one model call and one SMS each, with its three texts in order', async () => {
		const bursts = [
			{ from: '31640000007', texts: ['Frank: hi', 'Frank: my lamp is broken', 'Frank: can I return it?'] },
			{ from: '31640000008', texts: ['Gina: hello', 'Gina: order 12', 'Gina: is it shipped?'] },
		];
		await Promise.all(
			bursts.map(({ from, texts }) => s.control('POST', '/emulator/inbound?wait=true', { from, texts, gapMs: 1000 })),
		);
		await settled(6);
		for (const { from, texts } of bursts) {
			expect(historyWith(texts[0])).toEqual([[texts.join('\n')]]);
			expect((await smsTo(from)).map((sms) => sms.content)).toEqual([`ECHO ${texts.join('\n')}`]);
		}
	});

	test('"Vodafone", "INFO" and the short code "12345" write in: no model call, no answer', async () => {
		const before = s.model.requests.length;
		for (const from of ['Vodafone', 'INFO', '12345']) await inbound(from, 'Your bundle is renewed');
		await settled(3);
		expect(s.model.requests.length).toBe(before);
		for (const from of ['Vodafone', 'INFO', '12345']) expect(await smsTo(from)).toEqual([]);
	});

	test('an auto-responder: exactly Max Messages (5) SMS and model calls; the next Get Unanswered says skipped: loopGuard', async () => {
		// A number ending in 9777 answers every SMS it gets 1 s later (docs/emulator.md#auto-responders-and-bursts).
		const responder = '31640009777';
		const before = s.model.requests.length;
		await inbound(responder, 'Hello, anyone there?');
		let previous = -1;
		for (let stable = 0; stable < 3; ) {
			await new Promise((resolve) => setTimeout(resolve, 5000));
			const count = (await smsTo(responder)).length;
			stable = count === previous ? stable + 1 : 0;
			previous = count;
		}
		expect(previous).toBe(5);
		await settled(6);
		expect(s.model.requests.length - before).toBe(5);
		const executions = await s.client.finishedExecutions(workflowId, runs);
		const unanswered = (execution: Execution) =>
			(execution.data?.resultData.runData['Get Unanswered']?.[0]?.data?.main[0] ?? []).map((item) => item.json);
		expect(executions.flatMap(unanswered).filter((json) => json.skipped === 'loopGuard')).toEqual([
			expect.objectContaining({ phone: responder, skipped: 'loopGuard', sentRecently: 5, count: 1 }),
		]);
	}, 120_000);

	test('STOP and START get no reply (the STOP puts the number on the list); HELP only the Help Reply, once; never the model', async () => {
		const [carol, dave] = ['31640000003', '31640000006'];
		const before = s.model.requests.length;
		await inbound(carol, ' stop ');
		await inbound(carol, 'START');
		await inbound(dave, 'help');
		await inbound(dave, 'HELP');
		await settled(4);
		expect(s.model.requests.length).toBe(before);
		expect(await smsTo(carol)).toEqual([]);
		expect(await s.control('GET', '/emulator/optouts')).toContain(carol);
		// The trigger's Help Reply (once per number in 24 hours); the assistant itself answers neither.
		expect((await smsTo(dave)).map((sms) => sms.content)).toEqual([
			'This is our SMS assistant: text any question about your order. Text STOP to stop.',
		]);
	});

	test('a long answer is cut to 2 SMS: 306 GSM characters, or 134 when it needs Unicode', async () => {
		const [dave, erin] = ['31640000004', '31640000005'];
		await inbound(dave, `Dave: ${'long question '.repeat(30)}`);
		await inbound(erin, `Erin: ${'naïve question ✓ '.repeat(20)}`);
		await settled(2);
		const [toDave] = await smsTo(dave);
		const [toErin] = await smsTo(erin);
		// The scripted answers were longer: "ECHO " and the whole question.
		expect(toDave.content).toHaveLength(306);
		expect(toDave.content.endsWith('...')).toBe(true);
		expect(toErin.content).toHaveLength(134);
		expect(toErin.content.endsWith('...')).toBe(true);
	});
}
