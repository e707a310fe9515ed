/**
 * Send with Failover's paths in real n8n against the emulator (send-with-failover.test.ts; queue mode in
 * send-with-failover-queue.test.ts): each alert has a number of its own whose channels fare as the emulator's
 * recipients say, and the test reads what the gateway was asked to send and the node's output. Alerts that wait
 * for a deadline (n8n's wait tracker resumes them within about a minute after it) start first and are checked last.
 */
import { DEFAULT_N8N_VERSION } from '../../tools/n8n-version';
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
	const late: { notRead?: Started; lateReport?: Started; noReport?: Started } = {};

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

	test('(checked last) the late WhatsApp report resumed nothing and sent nothing: each step once, the SMS reached', async () => {
		const { to } = late.lateReport!;
		const output = await outputOf(late.lateReport!, 300_000);
		expect(output).toMatchObject({
			reachedBy: 'sms',
			steps: [
				{ channel: 'whatsapp', outcome: 'noReport' },
				{ channel: 'sms', outcome: 'delivered' },
			],
		});
		expect((await sentTo(to)).map((request) => request.path)).toEqual([WHATSAPP, SMS]);
	}, 360_000);
}
