/**
 * How the trigger hands replies of waiting questions on when the gateway delivers them more than once,
 * in one body with others, to several triggers, or when n8n is slow or never answers. The trigger runs
 * in n8n-core's real WebhookContext behind real HTTP; its forwards go over HTTP to a stand-in for n8n's
 * waiting webhooks that judges each reply with the question's own webhook in a real WebhookContext and
 * answers the rest as n8n does (test/support/waiting-n8n.ts); questions are asked through WorkflowExecute
 * and the emulator.
 */

import { waitFor } from '../../tools/waits';
import { runAction } from '../support/run';
import { catchLogLines } from '../support/n8n-logger';
import { startTriggerServer } from '../support/webhook-server';
import {
	gateway,
	controlAnswer,
	triggerCredentials,
	post,
	nextExecutionId,
	nextTo,
	ask,
	replyTo,
	setUp,
} from '../support/trigger-hand-on-setup';

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
			else
				expect(call.items).toEqual([
					expect.objectContaining({ waitingQuestion: expect.objectContaining({ outcome: 'answered' }) }),
				]);
		} finally {
			await close();
		}
	});
});

test('two triggers of one n8n that receive the same reply hand it on once: the other acknowledges it, starting nothing, logged once', async () => {
	const { n8n, trigger, close } = await setUp({ delayMs: 20 });
	const other = await startTriggerServer({ events: ['inbox_message'], options: {} }, triggerCredentials(), {
		n8nBaseUrl: n8n.url,
		nodeName: 'Other Trigger',
	});
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
		expect(logged.of('info', `execution ${executionId}`).sort()).toEqual([
			expect.stringMatching(/answered it; the execution goes on$/),
			expect.stringMatching(/answered by another trigger/),
		]);
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
		for (const reply of ['maybe', 'hmm', 'what?'])
			expect((await trigger.call(post(await replyTo(sms.messageid, reply)))).status).toBe(200);
		expect(logged.of('warn', `execution ${executionId}`)).toEqual([
			expect.stringMatching(/it keeps waiting; the reminder could not be sent: .*400/),
		]);
		expect(logged.of('info', `execution ${executionId}`)).toEqual([
			expect.stringMatching(/it keeps waiting, reminder sent$/),
			expect.stringMatching(/it keeps waiting; no reminder: the question had its 1 reminder already$/),
		]);
	} finally {
		logged.stop();
		await close();
	}
});

test('an answer that reaches n8n before it saved the question as waiting is handed on again within the request: it resumes, 200', async () => {
	const { n8n, trigger, close } = await setUp();
	try {
		const executionId = nextExecutionId();
		const to = nextTo();
		const parameters = { resource: 'message', operation: 'sendAndWait', sender: '31610000001', to, message: 'Refund?' };
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
