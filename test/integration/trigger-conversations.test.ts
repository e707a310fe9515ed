/**
 * How the trigger hands replies of waiting questions on when the gateway delivers them more than once,
 * in one body with others, to several triggers, or when n8n is slow or never answers. The trigger runs
 * in n8n-core's real WebhookContext behind real HTTP; its forwards go over HTTP to a stand-in for n8n's
 * waiting webhooks that judges each reply with the question's own webhook in a real WebhookContext and
 * answers the rest as n8n does (test/support/waiting-n8n.ts); questions are asked through WorkflowExecute
 * and the emulator.
 */
import type { IDataObject } from 'n8n-workflow';

import { MAX_FORWARDS_PER_REQUEST } from '../../nodes/MessagingGateway/trigger/hand-on';
import { waitFor } from '../../tools/waits';
import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';
import { catchLogLines } from '../support/n8n-logger';
import { signedBody, signedPost } from '../support/openssl';
import { startWaitingN8n, type WaitingN8n } from '../support/waiting-n8n';
import { startTriggerServer } from '../support/webhook-server';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();
const { controlAnswer } = emulatorClient(() => gateway.emulator);
const triggerCredentials = () => ({ ...gateway.credentials, signingSecret: gateway.emulator.account.signingSecret });
const post = (body: unknown) => signedPost(body, gateway.emulator.account.signingSecret);

/** Each question its own execution: the trigger's memory of questions lasts for the whole test process. */
let nextExecution = 7000;
let nextNumber = 0;

/** Asks an approval question; the stand-in n8n has it waiting. */
async function ask(n8n: WaitingN8n, options: IDataObject = {}) {
	const executionId = String(++nextExecution);
	const to = `3161${String(++nextNumber).padStart(7, '0')}`;
	const parameters = { resource: 'message', operation: 'sendAndWait', sender: '31600000001', to, message: 'Refund?', options };
	const run = await runAction(parameters, [{}], gateway.credentials, { executionId, nodeId: 'ask-1' });
	expect(run.error).toBeUndefined();
	const sms = gateway.emulator.messages.find((message) => message.to === to)!;
	return { executionId, sms, execution: n8n.waits(run.waiting!, sms.reference) };
}

/** The `inbox_message` the emulator makes of the recipient's reply to `messageid`. */
async function replyTo(messageid: string, content: string): Promise<IDataObject> {
	const { status, body } = await controlAnswer('POST', '/emulator/inbound', { replyTo: messageid, content });
	expect(status).toBe(201);
	return body.event as IDataObject;
}

async function setUp(options: Parameters<typeof startWaitingN8n>[1] = {}, replyHandling = 'resumeOnly') {
	const n8n = await startWaitingN8n(gateway.credentials, options);
	const trigger = await startTriggerServer({ events: ['inbox_message'], options: { replyHandling } }, triggerCredentials(), { n8nBaseUrl: n8n.url });
	return { n8n, trigger, close: async () => Promise.all([n8n.close(), trigger.close()]) };
}

test('replies of one person in one body are handed on in order: "yes" then "no" is approved, never both at once', async () => {
	const { n8n, trigger, close } = await setUp({ delayMs: 20 });
	try {
		const questions = await Promise.all(Array.from({ length: 12 }, () => ask(n8n)));
		const body = [];
		for (const { sms } of questions) body.push(await replyTo(sms.messageid, 'yes'), await replyTo(sms.messageid, 'no'));
		const call = await trigger.call(post(body));
		expect(call.status).toBe(200);
		for (const { execution } of questions) {
			expect(execution.answer).toMatchObject({ approved: true, reply: 'yes' });
			expect(execution.peakOpen).toBe(1);
		}
		// Resume Only: all 24 belong to their questions' conversations.
		expect(call.items).toBeUndefined();
	} finally {
		await close();
	}
});

test('a redelivered answer starts nothing under Resume Only and costs no second forward', async () => {
	const { n8n, trigger, close } = await setUp();
	try {
		const { sms, execution } = await ask(n8n);
		const reply = await replyTo(sms.messageid, 'yes');
		const first = await trigger.call(post(reply));
		expect([first.status, first.items]).toEqual([200, undefined]);
		expect(execution.answer).toMatchObject({ approved: true });
		const again = await trigger.call(post(reply));
		expect([again.status, again.items]).toEqual([200, undefined]);
		expect(execution.requests).toBe(1);
	} finally {
		await close();
	}
});

describe('a reply to a question n8n says was answered already is part of its conversation', () => {
	test.each([
		['Resume Only: it starts nothing', 'resumeOnly'],
		['Resume and Start: it starts the workflow, saying so', 'resumeAndStart'],
	])('%s', async (_, replyHandling) => {
		const { n8n, trigger, close } = await setUp({}, replyHandling);
		try {
			const { sms, execution } = await ask(n8n);
			execution.status = 'finished';
			const call = await trigger.call(post(await replyTo(sms.messageid, 'no')));
			expect(call.status).toBe(200);
			expect(execution.requests).toBe(1);
			if (replyHandling === 'resumeOnly') expect(call.items).toBeUndefined();
			else expect(call.items).toEqual([expect.objectContaining({ waitingQuestion: expect.objectContaining({ outcome: 'answered' }) })]);
		} finally {
			await close();
		}
	});
});

test('two triggers of one n8n that receive the same reply hand it on once: the other acknowledges it, starting nothing, logged once', async () => {
	const { n8n, trigger, close } = await setUp({ delayMs: 20 });
	const other = await startTriggerServer({ events: ['inbox_message'], options: {} }, triggerCredentials(), { n8nBaseUrl: n8n.url, nodeName: 'Other Trigger' });
	const logged = catchLogLines();
	try {
		const { executionId, sms, execution } = await ask(n8n);
		const request = post(await replyTo(sms.messageid, 'yes'));
		const calls = await Promise.all([trigger.call(request), other.call(request)]);
		expect(calls.map((call) => [call.status, call.items])).toEqual([
			[200, undefined],
			[200, undefined],
		]);
		expect(execution.requests).toBe(1);
		expect(execution.answer).toMatchObject({ approved: true });
		// Whichever trigger came first resumed it; the other says so once. n8n logs no error: it got one request.
		expect(logged.of('info', `execution ${executionId}`).sort()).toEqual([expect.stringMatching(/answered it; the execution goes on$/), expect.stringMatching(/answered by another trigger/)]);
		expect(logged.of('warn', `execution ${executionId}`)).toEqual([]);
	} finally {
		logged.stop();
		await Promise.all([close(), other.close()]);
	}
});

test('an unclear reply is logged with what became of its reminder: could not be sent (a warning), sent, none by its bound', async () => {
	const { n8n, trigger, close } = await setUp();
	const logged = catchLogLines();
	try {
		const { executionId, sms } = await ask(n8n, { unclearReplyReminder: 'Please answer YES or NO' });
		expect((await controlAnswer('POST', '/emulator/faults', { status: 400 })).status).toBe(201);
		for (const reply of ['maybe', 'hmm', 'what?']) expect((await trigger.call(post(await replyTo(sms.messageid, reply)))).status).toBe(200);
		expect(logged.of('warn', `execution ${executionId}`)).toEqual([expect.stringMatching(/it keeps waiting; the reminder could not be sent: .*400/)]);
		expect(logged.of('info', `execution ${executionId}`)).toEqual([
			expect.stringMatching(/it keeps waiting, reminder sent$/),
			expect.stringMatching(/it keeps waiting; no reminder: the question had its 1 reminder already$/),
		]);
	} finally {
		logged.stop();
		await close();
	}
});

test('a forward that n8n does not answer in time is given up within the gateway\'s webhook timeout: the gateway gets 503 and delivers again', async () => {
	const { n8n, trigger, close } = await setUp({ hold: true });
	const settings = (await controlAnswer('GET', '/emulator/settings')).body;
	try {
		const { sms, execution } = await ask(n8n);
		// The emulator delivers as the gateway does, and gives up on an answer after webhookTimeoutMs (5 s by default).
		await controlAnswer('PATCH', '/emulator/settings', { maxAttempts: 1 });
		expect((await controlAnswer('POST', '/emulator/webhooks', { url: trigger.url, types: ['inbox_message'], method: 'POST' })).status).toBeLessThan(300);
		await controlAnswer('POST', '/emulator/inbound?wait=true', { replyTo: sms.messageid, content: 'yes' });
		const deliveries = (await controlAnswer('GET', '/emulator/deliveries')).body as unknown as Array<{ attempts: Array<{ status?: number; error?: string }> }>;
		expect(settings.webhookTimeoutMs).toBe(5000);
		expect(deliveries.at(-1)!.attempts).toEqual([{ at: expect.any(String), durationMs: expect.any(Number), status: 503 }]);
		// n8n still holds the forward: the trigger did not wait for it.
		expect(execution.open).toBe(1);
	} finally {
		await controlAnswer('DELETE', '/emulator/webhooks');
		await controlAnswer('PATCH', '/emulator/settings', { maxAttempts: settings.maxAttempts });
		await close();
	}
});

test('an answer that reaches n8n before it saved the question as waiting is handed on again within the request: it resumes, 200', async () => {
	const { n8n, trigger, close } = await setUp();
	try {
		const executionId = String(++nextExecution);
		const to = `3161${String(++nextNumber).padStart(7, '0')}`;
		const parameters = { resource: 'message', operation: 'sendAndWait', sender: '31600000001', to, message: 'Refund?' };
		const run = await runAction(parameters, [{}], gateway.credentials, { executionId, nodeId: 'ask-1' });
		const sms = gateway.emulator.messages.find((message) => message.to === to)!;
		// n8n has not saved the execution as waiting yet: it answers "running already" until it has.
		const execution = n8n.running(executionId);
		const call = trigger.call(post(await replyTo(sms.messageid, 'yes')));
		await waitFor(() => execution.conflicts > 0, { what: 'the first forward', timeoutMs: 2_000, intervalMs: 20 });
		n8n.waits(run.waiting!, sms.reference);
		expect((await call).status).toBe(200);
		expect(execution.answer).toMatchObject({ approved: true, reply: 'yes' });
		expect(execution.requests).toBeGreaterThanOrEqual(2);
	} finally {
		await close();
	}
});

/** A reply naming execution `executionId`'s question, made by hand: these questions are never asked here. */
const replyNaming = (executionId: number, extra: IDataObject = {}): IDataObject => ({
	webhook_id: `wh_bulk_${executionId}`,
	webhook_type: 'inbox_message',
	message: { messageid: `in-${executionId}`, sender: '31611111111', receiver: '31600000001', content: 'yes', ...extra },
	isreply: { reply: true, orig_messageid: `out-${executionId}`, orig_receiver: '31611111111', orig_reference: `n8n-wait:${executionId}:ask-1:${'c'.repeat(64)}` },
});

test('a body naming 300 finished questions is handed on over several deliveries, at most MAX_FORWARDS_PER_REQUEST forwards each, each question once', async () => {
	const { n8n, trigger, close } = await setUp();
	try {
		const ids = Array.from({ length: 300 }, (_, index) => 8000 + index);
		for (const id of ids) n8n.running(String(id)).status = 'finished';
		const request = post(ids.map((id) => replyNaming(id)));
		const statuses: number[] = [];
		for (let delivery = 0; delivery < 20 && statuses.at(-1) !== 200; delivery++) {
			const before = n8n.requests();
			statuses.push((await trigger.call(request)).status);
			expect(n8n.requests() - before).toBeLessThanOrEqual(MAX_FORWARDS_PER_REQUEST);
		}
		// At least three deliveries (100 forwards each at most); more on a slow machine (3 s each at most).
		expect(statuses.length).toBeGreaterThanOrEqual(3);
		expect(statuses).toEqual([...statuses.slice(0, -1).map(() => 503), 200]);
		expect(ids.map((id) => n8n.executions.get(String(id))!.requests)).toEqual(ids.map(() => 1));
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
		expect([logged.of('info', '8999'), logged.of('warn', '8999')]).toEqual([[], [expect.stringMatching(/cannot be encoded as JSON/)]]);
		expect(logged.of('warn', '8999')[0]).not.toMatch(/\n\s+at /);
	} finally {
		await close();
	}
});
