/**
 * Send with Failover's guarantees, declared by send-with-failover-scenarios.ts in its world: no step sent twice after a
 * 500 under Retry On Fail or when every report comes twice; refusals before anything is sent; the opt-out list; Quiet
 * Hours holding an SMS step (its minutes from the opening), not a WhatsApp one; Loop Guard counting every channel.
 */
import { waitFor } from '../../tools/waits';
import { SMS, smsStep, VOICE, voiceStep, WHATSAPP, whatsappStep, type failoverWorld } from './send-with-failover-world';

export function failoverGuarantees(world: ReturnType<typeof failoverWorld>) {
	const { newNumber, recipient, alert, sentTo, outputOf } = world;

	test('a 500 on the WhatsApp step under Retry On Fail: the step is not sent again, the SMS goes out once', async () => {
		const to = newNumber();
		await recipient(to, { sms: { code: '1', afterMs: 200 } });
		await world.control('POST', '/emulator/faults', { status: 500, count: 1, path: WHATSAPP });
		const started = await alert(to, [whatsappStep('noReport', 5), smsStep()], {
			retryOnFail: true,
			maxTries: 3,
			waitBetweenTries: 1000,
		});
		const output = await outputOf(started);
		expect(output).toMatchObject({
			reachedBy: 'sms',
			steps: [
				{ channel: 'whatsapp', outcome: 'refused', error: expect.any(String) },
				{ channel: 'sms', outcome: 'delivered' },
			],
		});
		expect((await sentTo(to)).map((request) => request.path)).toEqual([WHATSAPP, SMS]);
	});

	test('every report delivered twice by the gateway: each step resumed once, sent once', async () => {
		const to = newNumber();
		await recipient(to, { sms: { code: '2', detail: '11', afterMs: 200 }, voice: { code: '1', afterMs: 200 } });
		await world.control('PUT', '/emulator/settings', { duplicateDeliveries: true });
		try {
			const output = await outputOf(await alert(to, [smsStep('notDelivered', 5), voiceStep(5)]));
			expect(output).toMatchObject({
				reachedBy: 'voice',
				steps: [
					{ channel: 'sms', outcome: 'notDelivered' },
					{ channel: 'voice', outcome: 'delivered' },
				],
			});
		} finally {
			await world.control('PUT', '/emulator/settings', { duplicateDeliveries: false });
		}
		expect((await sentTo(to)).map((request) => request.path)).toEqual([SMS, VOICE]);
	});

	test('refused before anything is sent: a bad step under Continue On Fail is an error item, nothing goes out', async () => {
		const to = newNumber();
		const started = await alert(to, [smsStep('notRead', 5), voiceStep()], { onError: 'continueRegularOutput' });
		const output = await outputOf(started);
		expect(output).toMatchObject({ error: 'Step 1: Not Read is for a WhatsApp step only', reachedBy: 'none' });
		const invalid = newNumber();
		const second = await alert(`${invalid}1234`, [whatsappStep('noReport', 5), smsStep()], {
			onError: 'continueRegularOutput',
		});
		expect((await outputOf(second)).error).toMatch(/^Step 1: WhatsApp template: To: /);
		expect(await sentTo(to)).toEqual([]);
		expect(await sentTo(`${invalid}1234`)).toEqual([]);
	});

	test('a number on the opt-out list: nothing is sent on any channel, the item says skipped: optedOut', async () => {
		const to = newNumber('9131');
		const output = await outputOf(await alert(to, [smsStep('refused', 5), voiceStep()]));
		expect(output).toMatchObject({
			reachedBy: 'none',
			skipped: 'optedOut',
			steps: [{ channel: 'sms', outcome: 'refused', skipped: 'optedOut' }],
		});
		expect((await sentTo(to)).filter((request) => request.path !== SMS)).toEqual([]);
	});

	test('Loop Guard counts every channel: with at most 2 in 10 minutes, the WhatsApp and the SMS count, the call is skipped', async () => {
		const to = newNumber();
		await recipient(to, { whatsapp: { code: '2', afterMs: 200 }, sms: { code: '2', afterMs: 200 } });
		const loopGuard = { values: { maxMessages: 2, withinMinutes: 10, mode: 'skip' } };
		const steps = [whatsappStep('notDelivered', 5), smsStep('notDelivered', 5), voiceStep()];
		const output = await outputOf(await alert(to, steps, {}, { loopGuard }));
		expect(output).toMatchObject({
			reachedBy: 'none',
			skipped: 'loopGuard',
			steps: [
				{ channel: 'whatsapp', outcome: 'notDelivered' },
				{ channel: 'sms', outcome: 'notDelivered' },
				{ channel: 'voice', outcome: 'refused', skipped: 'loopGuard' },
			],
		});
		expect((await sentTo(to)).map((request) => request.path)).toEqual([WHATSAPP, SMS]);
	});

	test('Quiet Hours hold the SMS step until the window opens; its minutes count from then; the WhatsApp step is not held', async () => {
		const to = newNumber('9140');
		// A window that opens in two hours (UTC, every day) and lasts one: now is outside it. No WhatsApp (140): the SMS next.
		const now = new Date();
		const opens = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours() + 2));
		const hour = (date: Date) => `${String(date.getUTCHours()).padStart(2, '0')}:00`;
		const days = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
		const window = { preset: 'custom', days, from: hour(opens), until: hour(new Date(opens.getTime() + 3_600_000)) };
		const quietHours = { values: { ...window, mode: 'defer', timeZoneField: 'Etc/UTC' } };
		await alert(to, [whatsappStep('refused', 5), smsStep('noReport', 7)], {}, { quietHours });
		const sent = await waitFor(async () => ((await sentTo(to)).length === 2 ? await sentTo(to) : undefined), {
			what: 'the WhatsApp step and the held SMS',
		});
		// The WhatsApp template went at once (no date); the SMS is scheduled for the opening.
		expect(sent.map((request) => [request.path, request.body.date !== undefined])).toEqual([
			[WHATSAPP, false],
			[SMS, true],
		]);
		// The chain waits at the SMS step until 7 minutes after the opening, not after now.
		const executionId = String(sent[1].body.reference).split(':')[1];
		const chain = await waitFor(
			async () => {
				const execution = await world.executionById(executionId);
				return execution.status === 'waiting' && execution;
			},
			{ what: 'the chain to wait at the SMS step' },
		);
		expect(new Date(chain.waitTill!).toISOString()).toBe(new Date(opens.getTime() + 7 * 60_000).toISOString());
	});
}
