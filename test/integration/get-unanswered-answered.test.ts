/**
 * A reply that resumed a Send and Wait question is answered (docs/sms-assistants.md#get-unanswered): the Messaging
 * Gateway Trigger hands it on, keeps it in its workflow's static data and starts the sender's next message with it
 * (`answeredReplies`); Conversation → Get Unanswered after the trigger counts from after it. The trigger runs in
 * n8n-core's WebhookContext behind real HTTP, forwarding to a stand-in for n8n's waiting webhooks
 * (test/support/waiting-n8n.ts); Get Unanswered after the trigger's items in WorkflowExecute; the emulator over HTTP.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { IDataObject } from 'n8n-workflow';

import { runAfterTrigger } from '../support/run-after-trigger';
import { startWaitingN8n } from '../support/waiting-n8n';
import { startTriggerServer } from '../support/webhook-server';
import { ask, controlAnswer, gateway, post, replyTo, triggerCredentials } from '../support/trigger-hand-on-setup';

/** On to the next whole second: the conversation list counts seconds. */
const nextSecond = () => sleep(1000 - (Date.now() % 1000) + 20);

/** Get Unanswered of each started item's sender, after the trigger, as the examples read it. */
const unansweredAfter = async (items: IDataObject[]) => {
	const run = await runAfterTrigger(
		items,
		{ resource: 'conversation', operation: 'getUnanswered', phone: '={{ $json.message.sender }}' },
		gateway.credentials,
	);
	expect(run.error).toBeUndefined();
	return run.items;
};

async function setUp() {
	const staticData: IDataObject = {};
	const n8n = await startWaitingN8n(gateway.credentials);
	const trigger = await startTriggerServer({ events: ['inbox_message'], options: {} }, triggerCredentials(), {
		n8nBaseUrl: n8n.url,
		staticData,
	});
	/** The trigger's items for an SMS from `from` (signed as the gateway signs it). */
	const message = async (from: string, content: string) => {
		const { body } = await controlAnswer('POST', '/emulator/inbound', { from, content });
		return (await trigger.call(post(body.event))).items ?? [];
	};
	return { n8n, trigger, staticData, message, close: async () => Promise.all([n8n.close(), trigger.close()]) };
}

test('the reply that resumed a question is left out, and what came before it; what came after is unanswered', async () => {
	const { n8n, trigger, staticData, message, close } = await setUp();
	try {
		const { sms, execution } = await ask(n8n);
		await nextSecond();
		const hello = await message(sms.to, 'Hello?');
		await nextSecond();
		const yes = await replyTo(sms.messageid, 'YES');
		expect((await trigger.call(post(yes))).status).toBe(200);
		expect(execution.answer).toMatchObject({ approved: true, reply: 'YES' });
		// The gateway delivers the same reply again: kept once.
		expect((await trigger.call(post(yes))).status).toBe(200);
		await nextSecond();
		const later = await message(sms.to, 'Call me tomorrow');

		// Kept: one reply, by its sender, its second and a digest; no message text in static data or the item.
		const repliedAt = Date.parse(String((yes.message as IDataObject).date_utc_iso8601)) / 1000;
		const kept = [{ phone: sms.to, at: repliedAt, digest: expect.stringMatching(/^[0-9a-f]{16}$/) }];
		expect(staticData.global).toEqual({ messagingGatewayAnsweredReplies: kept });
		expect(later).toEqual([expect.objectContaining({ answeredReplies: kept })]);
		expect(JSON.stringify([staticData, later[0].answeredReplies])).not.toMatch(/YES|Hello|Call me/);
		expect(hello[0]).not.toHaveProperty('answeredReplies');

		expect(await unansweredAfter(later)).toEqual([
			expect.objectContaining({ phone: sms.to, text: 'Call me tomorrow', count: 1, isLatest: true }),
		]);
		// Without the trigger's word (its item made anew): everything since the question.
		const { answeredReplies, ...bare } = later[0];
		expect(answeredReplies).toBeDefined();
		expect(await unansweredAfter([bare])).toEqual([
			expect.objectContaining({ text: 'Hello?\nYES\nCall me tomorrow', count: 3 }),
		]);
	} finally {
		await close();
	}
});

test('a reply the question did not take (unclear) is not kept: it stays unanswered', async () => {
	const { n8n, trigger, staticData, message, close } = await setUp();
	try {
		const { sms, execution } = await ask(n8n);
		await nextSecond();
		const unclear = await replyTo(sms.messageid, 'perhaps tomorrow');
		expect((await trigger.call(post(unclear))).status).toBe(200);
		expect(execution.status).toBe('waiting');
		expect(staticData.global ?? {}).toEqual({});
		await nextSecond();
		const later = await message(sms.to, 'Hello?');
		expect(later[0]).not.toHaveProperty('answeredReplies');
		expect(await unansweredAfter(later)).toEqual([
			expect.objectContaining({ text: 'perhaps tomorrow\nHello?', count: 2 }),
		]);
	} finally {
		await close();
	}
});
