/** Replies to Send and Wait questions through the Messaging Gateway Trigger at the limits: a forward n8n does not answer in time, 300 finished questions in one body, a deeply nested event (the rest: trigger-hand-on.test.ts). */
import type { IDataObject } from 'n8n-workflow';
import { FORWARDS_AT_ONCE } from '../../nodes/MessagingGateway/webhookTrigger/forward';
import { MAX_FORWARDS_PER_REQUEST } from '../../nodes/MessagingGateway/webhookTrigger/hand-on';
import { catchLogLines } from '../support/n8n-logger';
import { signedBody } from '../support/openssl';
import { gateway, controlAnswer, post, ask, setUp } from '../support/trigger-hand-on-setup';

test("a forward that n8n does not answer in time is given up within the gateway's webhook timeout: the gateway gets 503 and delivers again", async () => {
	const { n8n, trigger, close } = await setUp({ hold: true });
	const settings = (await controlAnswer('GET', '/emulator/settings')).body;
	try {
		const { sms, execution } = await ask(n8n);
		// The emulator delivers as the gateway does, and gives up on an answer after webhookTimeoutMs (5 s by default).
		await controlAnswer('PATCH', '/emulator/settings', { maxAttempts: 1 });
		expect(
			(
				await controlAnswer('POST', '/emulator/webhooks', {
					url: trigger.url,
					types: ['inbox_message'],
					method: 'POST',
				})
			).status,
		).toBeLessThan(300);
		await controlAnswer('POST', '/emulator/inbound?wait=true', { replyTo: sms.messageid, content: 'yes' });
		const deliveries = (await controlAnswer('GET', '/emulator/deliveries')).body as unknown as Array<{
			attempts: Array<{ status?: number; error?: string }>;
		}>;
		expect(settings.webhookTimeoutMs).toBe(5000);
		expect(deliveries.at(-1)!.attempts).toEqual([
			{ at: expect.any(String), durationMs: expect.any(Number), status: 503 },
		]);
		// n8n still holds the forward: the trigger did not wait for it.
		expect(execution.open).toBe(1);
	} finally {
		await controlAnswer('DELETE', '/emulator/webhooks');
		await controlAnswer('PATCH', '/emulator/settings', { maxAttempts: settings.maxAttempts });
		await close();
	}
});

/** A reply naming execution `executionId`'s question, made by hand: these questions are never asked here. */
const replyNaming = (executionId: number, extra: IDataObject = {}): IDataObject => ({
	webhook_id: `wh_bulk_${executionId}`,
	webhook_type: 'inbox_message',
	message: { messageid: `in-${executionId}`, sender: '31611111111', receiver: '31610000001', content: 'yes', ...extra },
	isreply: {
		reply: true,
		orig_messageid: `out-${executionId}`,
		orig_receiver: '31611111111',
		orig_reference: `n8n-wait:${executionId}:ask-1:${'c'.repeat(64)}`,
	},
});

test('a body naming 300 finished questions is handed on over several deliveries, at most MAX_FORWARDS_PER_REQUEST forwards each, each question once unless its forward got no answer in time', async () => {
	const { n8n, trigger, close } = await setUp();
	try {
		const ids = Array.from({ length: 300 }, (_, index) => 8000 + index);
		for (const id of ids) n8n.running(String(id)).status = 'finished';
		const request = post(ids.map((id) => replyNaming(id)));
		const statuses: number[] = [];
		for (let delivery = 0; delivery < 20 && statuses.at(-1) !== 200; delivery++) {
			statuses.push((await trigger.call(request)).status);
			// Each delivery starts at most MAX_FORWARDS_PER_REQUEST forwards. Counted over the deliveries so far: a forward the
			// last delivery gave up on may reach n8n during the next one (a busy machine), never before its delivery began.
			expect(n8n.requests()).toBeLessThanOrEqual(statuses.length * MAX_FORWARDS_PER_REQUEST);
		}
		// At least three deliveries (100 forwards each at most); more on a slow machine (3 s each at most).
		expect(statuses.length).toBeGreaterThanOrEqual(3);
		expect(statuses).toEqual([...statuses.slice(0, -1).map(() => 503), 200]);
		// Each question is handed on. A forward still open when a delivery's time runs out got no answer, so its question is
		// handed on again in the next delivery (n8n answers the second one as finished): at most FORWARDS_AT_ONCE per delivery.
		const requests = ids.map((id) => n8n.executions.get(String(id))!.requests);
		expect(requests.filter((count) => count < 1 || count > 2)).toEqual([]);
		const repeated = requests.filter((count) => count === 2).length;
		expect(repeated).toBeLessThanOrEqual((statuses.length - 1) * FORWARDS_AT_ONCE);
	} finally {
		await close();
	}
});

test('an event nested 5,000 levels deep naming a question is acknowledged (2xx), not delivered again and again', async () => {
	const { n8n, trigger, close } = await setUp();
	try {
		// A field 5,000 levels deep, written as text: JSON.parse reads it, JSON.stringify cannot write it back.
		const deep = `${'{"next":'.repeat(5000)}{}${'}'.repeat(5000)}`;
		const execution = n8n.running('8999');
		execution.status = 'waiting';
		const body = JSON.stringify(replyNaming(8999, { extra: 'DEEP' })).replace('"DEEP"', deep);
		const logged = catchLogLines();
		const call = await trigger.call(signedBody(body, gateway.emulator.account.signingSecret)).finally(logged.stop);
		expect(call.status).toBe(200);
		expect(execution.requests).toBe(0);
		// Logged once, as a warning that names the question and why, without a stack.
		expect([logged.of('info', '8999'), logged.of('warn', '8999')]).toEqual([
			[],
			[expect.stringMatching(/cannot be encoded as JSON/)],
		]);
		expect(logged.of('warn', '8999')[0]).not.toMatch(/\n\s+at /);
	} finally {
		await close();
	}
});
