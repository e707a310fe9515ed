/**
 * Send with Failover's paths in real n8n against the emulator (send-with-failover.test.ts; queue mode in
 * send-with-failover-queue.test.ts): each alert has a number of its own whose channels fare as the emulator's
 * recipients say, and the test reads what the gateway was asked to send and the node's output. Alerts that wait
 * for a deadline (n8n's wait tracker resumes them within about a minute after it) start first and are checked last.
 */
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
import type { Execution } from '../../tools/n8n-client';
import { waitFor } from '../../tools/waits';
import { failoverGuarantees } from './send-with-failover-guarantees';
import {
	failoverWorld,
	SMS,
	VOICE,
	WHATSAPP,
	smsStep,
	TEMPLATE,
	voiceStep,
	whatsappStep,
	type FailoverSetting,
} from './send-with-failover-world';

type Started = { workflowId: string; to: string };
/** The node a waiting execution waits at. */
const waitingAt = (execution: Execution) =>
	(execution.data?.resultData as { lastNodeExecuted?: string } | undefined)?.lastNodeExecuted;

const onN8n1 = Number((process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION).split('.')[0]) < 2;

export function sendWithFailoverScenarios(setting: () => FailoverSetting) {
	const world = failoverWorld(setting);
	const { newNumber, recipient, alert, sentTo, outputOf } = world;
	if (onN8n1) {
		// n8n 1.x restarts a parent whose sub-workflow waited without its result: the node says so and sends nothing.
		test('n8n 1.x: refused before anything is sent, naming n8n 2.0', async () => {
			const to = newNumber();
			const output = await outputOf(await alert(to, [smsStep(), voiceStep()], { onError: 'continueRegularOutput' }));
			expect(output).toMatchObject({ error: 'Send with Failover needs n8n 2.0 or later', reachedBy: 'none' });
			expect(await sentTo(to)).toEqual([]);
		});
		return;
	}
	const late: { notRead?: Started; lateReport?: Started; noReport?: Started; held?: Started } = {};
	let heldAfterRepeat: ReturnType<typeof repeatLateReports> | undefined;
	/** Where the call waits on after the second late report. */
	const SECOND_HOLD = 'Step 3: Voice message (after late report 2)';

	test('delivered but not read within 1 minute: the SMS goes out after the minute (started first, checked last)', async () => {
		const to = newNumber();
		await recipient(to, { whatsapp: { code: '1', afterMs: 200, readAfterMs: null }, sms: { code: '1', afterMs: 200 } });
		late.notRead = await alert(to, [whatsappStep('notRead', 1), smsStep()]);
		await waitFor(async () => (await sentTo(to)).length > 0, { what: 'the WhatsApp step to go out' });
		expect((await sentTo(to)).map((request) => request.path)).toEqual([WHATSAPP]);
	});

	test('a late report: WhatsApp delivered after its minute, while the SMS waits (started early, checked last)', async () => {
		const to = newNumber();
		// Delivered after 90 s: its step gave up at 1 minute (n8n's wait tracker resumes it then); the SMS 60 s after it went out.
		await recipient(to, { whatsapp: { code: '1', afterMs: 90_000 }, sms: { code: '1', afterMs: 60_000 } });
		late.lateReport = await alert(to, [whatsappStep('noReport', 1), smsStep('noReport', 5)]);
		await waitFor(async () => (await sentTo(to)).length > 0, { what: 'the WhatsApp step to go out' });
	});

	test('two late reports while the call waits, which gets none: it waits on in its holds (started early, checked last)', async () => {
		const to = newNumber();
		// WhatsApp gives up at 1 minute, the SMS at 2, then the call waits 3 more and never gets a final report (code 0).
		// The WhatsApp report comes at 150 s, the SMS's 120 s after it went out (about 181 s): both while the call waits.
		const fares = {
			whatsapp: { code: '1', afterMs: 150_000 },
			sms: { code: '1', afterMs: 120_000 },
			voice: { code: '0' },
		};
		await recipient(to, fares);
		late.held = await alert(to, [whatsappStep('noReport', 1), smsStep('noReport', 1), voiceStep(3)]);
		await waitFor(async () => (await sentTo(to)).length > 0, { what: 'the WhatsApp step to go out' });
		heldAfterRepeat = repeatLateReports(late.held);
		heldAfterRepeat.catch(() => undefined); // awaited by its check below
	});

	test('no report at all: the last step gives up after its minute, reachedBy none (started early, checked last)', async () => {
		const to = newNumber();
		// Code 0: the SMS stays submitted, no final report ever comes.
		await recipient(to, { sms: { code: '0' } });
		late.noReport = await alert(to, [smsStep('noReport', 1)]);
		await waitFor(async () => (await sentTo(to)).length > 0, { what: 'the SMS step to go out' });
	});

	test('read on WhatsApp: one message, reachedBy whatsapp, its read report ends the chain', async () => {
		const to = newNumber();
		await recipient(to, { whatsapp: { code: '1', afterMs: 200, readAfterMs: 300 } });
		const started = await alert(to, [whatsappStep('notRead', 2), smsStep(), voiceStep()]);
		const output = await outputOf(started);
		expect(output).toEqual({
			to: `+${to}`,
			reachedBy: 'whatsapp',
			steps: [
				{
					channel: 'whatsapp',
					outcome: 'read',
					messageId: expect.any(String),
					sentAt: expect.any(String),
					reportAt: expect.any(String),
				},
			],
		});
		const sent = await sentTo(to);
		expect(sent.map((request) => request.path)).toEqual([WHATSAPP]);
		// The resume link's signature rode in the reference only: no saved execution (the chain's neither) shows it.
		const signature = String(sent[0].body.reference).split(':').pop()!;
		expect(signature).toMatch(/^[0-9a-f]{64}$/);
		expect(JSON.stringify(await world.client.executions(started.workflowId))).not.toContain(signature);
		expect(sent[0].body).toMatchObject({
			template_name: TEMPLATE,
			variable1: 'db-1',
			reference: expect.stringMatching(/^n8n-wait:/),
		});
	});

	test('no WhatsApp (140): the SMS goes out at once and its delivery ends the chain', async () => {
		const to = newNumber('9140');
		await recipient(to, { sms: { code: '1', afterMs: 200 } });
		const output = await outputOf(await alert(to, [whatsappStep('refused', 5), smsStep(), voiceStep()]));
		expect(output).toMatchObject({
			reachedBy: 'sms',
			steps: [
				{ channel: 'whatsapp', outcome: 'refused', error: expect.stringContaining('140') },
				{ channel: 'sms', outcome: 'delivered', deliveryCode: '1', messageId: expect.any(String) },
			],
		});
		expect((await sentTo(to)).map((request) => request.path)).toEqual([WHATSAPP, SMS]);
	});

	test('SMS not delivered: the call goes out, and the call is taken', async () => {
		const to = newNumber();
		await recipient(to, { sms: { code: '2', detail: '11', afterMs: 200 }, voice: { code: '1', afterMs: 200 } });
		const output = await outputOf(await alert(to, [smsStep('notDelivered', 5), voiceStep(5)]));
		expect(output).toMatchObject({
			reachedBy: 'voice',
			steps: [
				{ channel: 'sms', outcome: 'notDelivered', deliveryCode: '2' },
				{ channel: 'voice', outcome: 'delivered', deliveryCode: '1' },
			],
		});
		expect((await sentTo(to)).map((request) => request.path)).toEqual([SMS, VOICE]);
	});

	test('nothing delivered: each step once, and the item says reachedBy none after the last report', async () => {
		const to = newNumber();
		const notDelivered = { code: '2', detail: '11', afterMs: 200 };
		await recipient(to, { whatsapp: notDelivered, sms: notDelivered, voice: notDelivered });
		const output = await outputOf(await alert(to, [whatsappStep('notDelivered', 5), smsStep(), voiceStep(5)]));
		expect(output.reachedBy).toBe('none');
		expect((output.steps as Array<{ outcome: string }>).map((step) => step.outcome)).toEqual([
			'notDelivered',
			'notDelivered',
			'notDelivered',
		]);
		expect((await sentTo(to)).map((request) => request.path)).toEqual([WHATSAPP, SMS, VOICE]);
	});

	failoverGuarantees(world);

	test('(checked last) no report at all: after the minute the item says noReport and reachedBy none', async () => {
		const output = await outputOf(late.noReport!, 300_000);
		expect(output).toMatchObject({ reachedBy: 'none', steps: [{ channel: 'sms', outcome: 'noReport' }] });
		expect((await sentTo(late.noReport!.to)).map((request) => request.path)).toEqual([SMS]);
	}, 360_000);

	test('(checked last) delivered but not read: after its minute the SMS went out and was delivered', async () => {
		const { to } = late.notRead!;
		const output = await outputOf(late.notRead!, 300_000);
		expect(output).toMatchObject({
			reachedBy: 'sms',
			steps: [
				{ channel: 'whatsapp', outcome: 'notRead' },
				{ channel: 'sms', outcome: 'delivered' },
			],
		});
		expect((await sentTo(to)).map((request) => request.path)).toEqual([WHATSAPP, SMS]);
	}, 360_000);

	test('(checked last) the late WhatsApp report is recorded, the SMS waited on for its own: each step sent once', async () => {
		const { to } = late.lateReport!;
		const output = await outputOf(late.lateReport!, 300_000);
		expect(output).toMatchObject({
			reachedBy: 'sms',
			steps: [
				{ channel: 'whatsapp', outcome: 'noReport', late: { outcome: 'delivered', deliveryCode: '1' } },
				{ channel: 'sms', outcome: 'delivered', deliveryCode: '1' },
			],
		});
		const [whatsapp, sms] = output.steps as Array<Record<string, string> & { late: Record<string, string> }>;
		// Late: made after the step's minute ran out, and after the SMS went out.
		expect(Date.parse(whatsapp.late.reportAt)).toBeGreaterThanOrEqual(Date.parse(whatsapp.sentAt) + 60_000);
		expect(Date.parse(whatsapp.late.reportAt)).toBeGreaterThan(Date.parse(sms.sentAt) - 1000);
		expect((await sentTo(to)).map((request) => request.path)).toEqual([WHATSAPP, SMS]);
	}, 360_000);

	test('(checked last) two late reports while the call waits: each recorded once, the call gave up at its own deadline', async () => {
		const { before, after } = await heldAfterRepeat!;
		// Both reports again (new events): the held call kept waiting, nothing resumed it.
		expect(after).toMatchObject({ status: 'waiting', waitTill: before.waitTill });
		expect(waitingAt(after)).toBe(SECOND_HOLD);
		const output = await outputOf(late.held!, 300_000);
		const lateDelivered = expect.objectContaining({ outcome: 'delivered', deliveryCode: '1' });
		expect(output).toEqual({
			to: `+${late.held!.to}`,
			reachedBy: 'sms',
			steps: [
				expect.objectContaining({ channel: 'whatsapp', outcome: 'noReport', late: lateDelivered }),
				expect.objectContaining({ channel: 'sms', outcome: 'noReport', late: lateDelivered }),
				expect.objectContaining({ channel: 'voice', outcome: 'noReport' }),
			],
		});
		const voice = (output.steps as Array<Record<string, string>>)[2];
		expect(voice.reportAt).toBeUndefined();
		// The holds waited until the call's own deadline: its 3 minutes from when it went out.
		expect(Math.abs(Date.parse(before.waitTill!) - (Date.parse(voice.sentAt) + 3 * 60_000))).toBeLessThan(1000);
		expect((await sentTo(late.held!.to)).map((request) => request.path)).toEqual([WHATSAPP, SMS, VOICE]);
	}, 420_000);

	/** Once both late reports held the call: the gateway's same reports once more, and the chain after them. */
	async function repeatLateReports({ workflowId, to }: Started) {
		const heldExecution = async () =>
			(await world.client.executions(workflowId)).find(
				(execution: Execution) => execution.status === 'waiting' && waitingAt(execution) === SECOND_HOLD,
			);
		const held = await waitFor(heldExecution, { what: 'two late reports to hold the call', timeoutMs: 300_000 });
		const before = await world.executionById(held.id);
		const events = (await world.control('GET', '/emulator/events?type=delivery_report')) as unknown as Array<{
			event: { message: Record<string, unknown> };
		}>;
		const reports = events.filter(
			({ event }) => String(event.message.receiver).replace(/\D/g, '') === to && event.message.delivery_code === '1',
		);
		expect(reports).toHaveLength(2);
		for (const { event } of reports)
			await world.control('POST', '/emulator/events?wait=true', {
				type: 'delivery_report',
				fields: { message: event.message },
			});
		return { before, after: await world.executionById(held.id) };
	}
}
