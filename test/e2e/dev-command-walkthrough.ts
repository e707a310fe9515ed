/**
 * Steps of the `npm run dev` walk-through, declared by dev-command.test.ts in its order: a burst, Send and Wait for
 * Response, a sign-up, an order confirmed by WhatsApp or, for a number without WhatsApp, by SMS, a critical alert that
 * goes on from WhatsApp to SMS, and the triggers' own webhook registrations.
 */
import { nodeOutput, type Execution, type N8nClient } from '../../tools/n8n-client';
import { run, until } from './dev-shell';

interface WalkThrough {
	/** The commands printed under the comment that starts with `heading`. */
	commandsUnder(heading: string): string[];
	/** Finished executions of the workflow with this name, oldest first, once there are at least `count`. */
	executionsNamed(name: string, count: number): Promise<Execution[]>;
}

export function burstTest({ commandsUnder, executionsNamed }: WalkThrough) {
	test('a burst of three SMS from one number gets one auto-reply, quoting all three in order', async () => {
		const [burst, listMessages] = commandsUnder('A burst');
		const toSender = async () =>
			((await run(listMessages)) as Array<{ to: string; content: string }>).filter(
				(message) => message.to === '31612345603',
			);
		const autoReplies = (await executionsNamed('Auto-reply to incoming SMS', 1)).length;
		await run(burst);
		// One run per SMS; the later steps count the auto-reply's runs, so all three end here.
		await executionsNamed('Auto-reply to incoming SMS', autoReplies + 3);
		expect(await toSender()).toEqual([
			expect.objectContaining({
				content: 'Thanks for your message "Hi\nis my order\non its way?". We will get back to you shortly.',
			}),
		]);
	});
}

export function sendAndWaitAndSignUpTests({ commandsUnder, executionsNamed }: WalkThrough) {
	test('Send and Wait: an unclear reply to the question gets its reminder and no auto-reply; then YES approves', async () => {
		const [ask, keepId, unclear, yes] = commandsUnder('Send and Wait for Response');
		expect(keepId).toMatch(/^QUESTION=\$\(curl /);
		const [, listMessages] = commandsUnder('An incoming SMS');
		const toApprover = async () =>
			((await run(listMessages)) as Array<{ messageid: string; to: string; content: string }>).filter(
				(message) => message.to === '31612345678',
			);
		const autoReplies = (await executionsNamed('Auto-reply to incoming SMS', 1)).length;
		// The webhook of a just-activated workflow can answer 404 for a moment.
		await until(
			'the approval webhook',
			async () => ((await run(ask)) as { message?: string }).message === 'Workflow was started' || undefined,
		);
		// A user pastes the next lines into one shell a moment later; here: once the question has gone out.
		const question = await until('the question', async () =>
			(await toApprover()).find((message) => message.content.startsWith('Approve the refund of €120 for order 1001?')),
		);
		expect(await run(`${keepId}\nprintf %s "$QUESTION"`)).toBe(question.messageid);

		await run(`${keepId}\n${unclear}`);
		// The example's Unclear Reply Reminder, from the question's sender, to the approver.
		await until('the reminder', async () =>
			(await toApprover()).find((message) => message.content === 'Sorry, I did not get that. Please reply YES or NO.'),
		);
		const [, handed] = await executionsNamed('Auto-reply to incoming SMS', autoReplies + 1).then((all) =>
			all.slice(autoReplies - 1),
		);
		expect(nodeOutput(handed, 'Incoming SMS')).toEqual([
			expect.objectContaining({ waitingQuestion: expect.objectContaining({ outcome: 'keptWaiting' }) }),
		]);
		expect(handed.data!.resultData.runData['Reply by SMS']).toBeUndefined();

		await run(`${keepId}\n${yes}`);
		// Waiting counts as finished for executionsNamed: the approval is over once it has succeeded.
		const approval = await until('the approval', async () =>
			(await executionsNamed('Approve a refund by SMS', 1)).find((execution) => execution.status === 'success'),
		);
		expect(nodeOutput(approval, 'Ask the manager')).toEqual([
			expect.objectContaining({ approved: true, reply: 'YES', from: '31612345678', messageid: question.messageid }),
		]);
		expect(approval.data!.resultData.runData["Refund the order (replace with your shop's API)"]).toBeDefined();
		// Nothing but the question and its reminder went to the approver: no "Thanks for your message" to either reply.
		expect(
			(await toApprover()).filter(
				(message) =>
					message.content.startsWith('Thanks for your message "') && !message.content.includes('Is my order'),
			),
		).toEqual([]);
	});

	test('a sign-up: "Welcome a new contact" adds the contact to the group Customers and texts it a welcome', async () => {
		const [signUp, listContacts] = commandsUnder('A sign-up form posts a new contact');
		// The webhook of a just-activated workflow can answer 404 for a moment.
		const welcome = await until('the sign-up webhook', async () => {
			const answer = await run(signUp);
			return typeof answer === 'object' && answer !== null && 'messageid' in answer ? answer : undefined;
		});
		expect(welcome).toMatchObject({ to: '31612345601', reference: 'welcome' });
		expect(await run(listContacts)).toEqual([
			expect.objectContaining({ phone: '31612345601', groupid: '4821', firstname: 'Ada' }),
		]);
	});
}

export function whatsAppTest({ commandsUnder, executionsNamed }: WalkThrough) {
	test('WhatsApp: the order confirmation goes out as the template, and by SMS to the number without WhatsApp', async () => {
		const [toAda, toBob, listMessages] = commandsUnder('WhatsApp');
		// The webhook of a just-activated workflow can answer 404 for a moment.
		await until('the order webhook', async () => {
			const answer = (await run(toAda)) as { messageid?: string };
			return answer.messageid ?? undefined;
		});
		await run(toBob);
		const runs = await executionsNamed('Order confirmation by WhatsApp template, SMS when WhatsApp fails', 2);
		expect(runs.map((execution) => execution.status)).toEqual(['success', 'success']);
		const messages = (await run(listMessages)) as Array<Record<string, unknown>>;
		expect(messages.filter((message) => message.to === '31612345602')).toEqual([
			expect.objectContaining({
				messageType: 'whatsapp',
				content: 'template:order_confirmation',
				reference: 'order-1001',
			}),
		]);
		// 140 for +31 6 1234 9140: no WhatsApp message was accepted for it, only the SMS.
		expect(messages.filter((message) => message.to === '31612349140')).toEqual([
			expect.objectContaining({
				content: 'Hi Bob, your order 1002 is confirmed. Thank you!',
				sender: 'Shop',
				reference: 'order-1002',
			}),
		]);
	});
}

const ALERT = 'Critical alert: WhatsApp, then SMS, then a call';

export function failoverTest({ commandsUnder, executionsNamed }: WalkThrough) {
	test('Send with Failover: the WhatsApp message is not delivered, so the SMS goes out at once and reaches the engineer', async () => {
		const [fares, raise, listMessages] = commandsUnder('Send with Failover');
		await run(fares);
		// The webhook of a just-activated workflow can answer 404 for a moment.
		await until('the critical alert webhook', async () =>
			((await run(raise)) as { message?: string }).message === 'Workflow was started' ? true : undefined,
		);
		// The alert's execution and its chain's (a sub-workflow of the same workflow), both waiting a moment: the alert ends last.
		const alert = await until(
			'the alert to end',
			async () =>
				(await executionsNamed(ALERT, 2)).find(
					(execution) =>
						execution.data?.resultData.runData['Reach the on-call engineer'] !== undefined &&
						execution.status !== 'waiting',
				),
			60_000,
		);
		expect(alert.status).toBe('success');
		expect(nodeOutput(alert, 'Reach the on-call engineer')[0]).toMatchObject({
			to: '+31612345678',
			reachedBy: 'sms',
			steps: [
				{ channel: 'whatsapp', outcome: 'notDelivered' },
				{ channel: 'sms', outcome: 'delivered' },
			],
		});
		const messages = (await run(listMessages)) as Array<Record<string, unknown>>;
		const alerts = messages.filter(
			(message) => message.to === '31612345678' && /critical/i.test(String(message.content)),
		);
		// An SMS has no messageType in the emulator's list; a WhatsApp message says it.
		expect(alerts.map(({ messageType, content }) => [messageType ?? 'sms', content])).toEqual([
			['whatsapp', 'template:critical_alert'],
			['sms', 'Critical: db-1 is down. Reply or call the on-call line.'],
		]);
	});
}

/** The triggers' own registrations (Register Webhook Automatically, on in the demo's triggers). */
export function selfRegistrationTest({
	commandsUnder,
	client,
	n8nUrl,
}: Pick<WalkThrough, 'commandsUnder'> & { client: () => N8nClient; n8nUrl: () => string }) {
	test('each active trigger registered itself once, as printed; deactivating its workflow removes only its registration', async () => {
		const [list] = commandsUnder("The gateway's webhooks");
		const registered = async () => ((await run(list)) as Array<{ url: string; types: string[] }>).map(({ url }) => url);
		const { data } = await client().api<{ data: Array<{ id: string; name: string }> }>('GET', '/workflows?active=true');
		const triggers = [];
		for (const { id, name } of data) {
			const { nodes } = await client().api<{ nodes: Array<{ type: string; webhookId?: string }> }>(
				'GET',
				`/workflows/${id}`,
			);
			const trigger = nodes.find((node) => node.type.endsWith('.messagingGatewayTrigger'));
			if (trigger) triggers.push({ id, name, url: `${n8nUrl()}/webhook/${trigger.webhookId}/webhook` });
		}
		expect(triggers.length).toBeGreaterThanOrEqual(4);
		expect((await registered()).sort()).toEqual(triggers.map(({ url }) => url).sort());

		const [deliveryLog] = triggers.filter(({ name }) => name === 'Delivery log');
		const others = triggers.filter(({ url }) => url !== deliveryLog.url).map(({ url }) => url);
		await client().api('POST', `/workflows/${deliveryLog.id}/deactivate`);
		await until('the delivery log registration removed', async () =>
			JSON.stringify((await registered()).sort()) === JSON.stringify([...others].sort()) ? true : undefined,
		);
		await client().api('POST', `/workflows/${deliveryLog.id}/activate`);
		await until('the delivery log registered again', async () =>
			(await registered()).filter((url) => url === deliveryLog.url).length === 1 ? true : undefined,
		);
	});
}
