/**
 * A reply that resumed a Send and Wait question is answered (docs/sms-assistants.md#get-unanswered): the Messaging
 * Gateway Trigger hands it on and keeps it in its workflow's static data, and Conversation → Get Unanswered in that
 * workflow counts from after it. The trigger runs in n8n-core's WebhookContext behind real HTTP, forwarding to a
 * stand-in for n8n's waiting webhooks (test/support/waiting-n8n.ts); Get Unanswered in WorkflowExecute with the same
 * static data, as n8n loads it for the workflow's next execution; the emulator over HTTP.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { IDataObject } from 'n8n-workflow';

import { runAction } from '../support/run';
import { startWaitingN8n } from '../support/waiting-n8n';
import { startTriggerServer } from '../support/webhook-server';
import { ask, controlAnswer, gateway, post, replyTo, triggerCredentials } from '../support/trigger-hand-on-setup';

/** On to the next whole second: the conversation list counts seconds. */
const nextSecond = () => sleep(1000 - (Date.now() % 1000) + 20);

const unanswered = (phone: string, staticData: IDataObject) =>
	runAction({ resource: 'conversation', operation: 'getUnanswered', phone }, [{}], gateway.credentials, {
		staticData,
	});

async function setUp() {
	const staticData: IDataObject = {};
	const n8n = await startWaitingN8n(gateway.credentials);
	const trigger = await startTriggerServer({ events: ['inbox_message'], options: {} }, triggerCredentials(), {
		n8nBaseUrl: n8n.url,
		staticData,
	});
	return { n8n, trigger, staticData, close: async () => Promise.all([n8n.close(), trigger.close()]) };
}

test('the reply that resumed a question is left out, and what came before it; what came after is unanswered', async () => {
	const { n8n, trigger, staticData, close } = await setUp();
	try {
		const { sms, execution } = await ask(n8n);
		await nextSecond();
		await controlAnswer('POST', '/emulator/inbound', { from: sms.to, content: 'Hello?' });
		await nextSecond();
		const yes = await replyTo(sms.messageid, 'YES');
		expect((await trigger.call(post(yes))).status).toBe(200);
		expect(execution.answer).toMatchObject({ approved: true, reply: 'YES' });
		// The gateway delivers the same reply again: kept once.
		expect((await trigger.call(post(yes))).status).toBe(200);
		await nextSecond();
		await controlAnswer('POST', '/emulator/inbound', { from: sms.to, content: 'Call me tomorrow' });

		const run = await unanswered(sms.to, staticData);
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toMatchObject({ phone: sms.to, text: 'Call me tomorrow', count: 1, isLatest: true });
		// Another workflow (its trigger handed nothing on): everything since the question.
		expect((await unanswered(sms.to, {})).items[0].json).toMatchObject({
			text: 'Hello?\nYES\nCall me tomorrow',
			count: 3,
		});
		// Kept: one reply, by its sender, its second and a digest; no message text in the workflow's static data.
		const repliedAt = Date.parse(String((yes.message as IDataObject).date_utc_iso8601)) / 1000;
		expect(staticData.global).toEqual({
			messagingGatewayAnsweredReplies: [
				{ phone: sms.to, at: repliedAt, digest: expect.stringMatching(/^[0-9a-f]{16}$/) },
			],
		});
		expect(JSON.stringify(staticData)).not.toMatch(/YES|Hello|Call me/);
	} finally {
		await close();
	}
});

test('a reply the question did not take (unclear) is not kept: it stays unanswered', async () => {
	const { n8n, trigger, staticData, close } = await setUp();
	try {
		const { sms, execution } = await ask(n8n);
		await nextSecond();
		const unclear = await replyTo(sms.messageid, 'perhaps tomorrow');
		expect((await trigger.call(post(unclear))).status).toBe(200);
		expect(execution.status).toBe('waiting');
		expect(staticData).toEqual({});
		expect((await unanswered(sms.to, staticData)).items[0].json).toMatchObject({
			text: 'perhaps tomorrow',
			count: 1,
		});
	} finally {
		await close();
	}
});
