import type { IDataObject, IHttpRequestOptions, IWebhookFunctions } from 'n8n-workflow';

import { eventsToStart, forwardToWaitingQuestions, needsRedelivery } from '../../nodes/MessagingGateway/trigger/forward';

const SIGNATURE = 'd'.repeat(64);
const OWN_URL = 'http://127.0.0.1:5699/webhook/0c8e9f2a/webhook';
const reply = (reference: unknown, id = 'wh_1'): IDataObject => ({
	webhook_id: id,
	webhook_type: 'inbox_message',
	message: { sender: '31612345678', content: 'yes' },
	isreply: { reply: true, orig_reference: reference },
});

function context(answer: (options: IHttpRequestOptions) => Promise<unknown>) {
	const requests: IHttpRequestOptions[] = [];
	const logs: string[] = [];
	const log = (message: string, metadata: unknown) => logs.push(`${message} ${JSON.stringify(metadata)}`);
	const ctx = {
		getNodeWebhookUrl: () => OWN_URL,
		getNode: () => ({ name: 'Replies' }),
		getWorkflow: () => ({ id: 'wf1' }),
		logger: { info: log, warn: log },
		helpers: {
			httpRequest: async (options: IHttpRequestOptions) => {
				requests.push(options);
				return await answer(options);
			},
		},
	} as unknown as IWebhookFunctions;
	return { ctx, requests, logs };
}

describe("the trigger's forwarding to waiting questions", () => {
	test("goes to this instance's waiting webhook only, with the event as body, without following redirects or throwing on errors", async () => {
		const { ctx, requests } = context(async () => ({ statusCode: 200, body: { resumed: true } }));
		const event = reply(`n8n-wait:42:node-1:${SIGNATURE}`);
		const forwarded = await forwardToWaitingQuestions(ctx, [event, reply('order-1', 'wh_2')]);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'POST',
			url: `http://127.0.0.1:5699/webhook-waiting/42/node-1?signature=${SIGNATURE}`,
			body: event,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			returnFullResponse: true,
		});
		expect(forwarded.get(event)).toEqual({ target: { executionId: '42', nodeId: 'node-1', signature: SIGNATURE }, outcome: { kind: 'resumed' } });
		expect(forwarded.size).toBe(1);
	});

	test('references that try to name a host or path are not forwarded at all', async () => {
		const { ctx, requests } = context(async () => ({ statusCode: 200, body: {} }));
		const references = [`http://evil.example.com/webhook-waiting/1/x?signature=${SIGNATURE}`, `n8n-wait:1:x@evil.example.com:${SIGNATURE}`, `n8n-wait:1:../../x:${SIGNATURE}`];
		const forwarded = await forwardToWaitingQuestions(ctx, references.map((reference) => reply(reference)));
		expect(requests).toHaveLength(0);
		expect(forwarded.size).toBe(0);
	});

	test("n8n's refusals are final and logged without the link; an unreachable n8n asks for redelivery", async () => {
		const answers = [{ statusCode: 401, body: 'Invalid token' }, { statusCode: 200, body: '<html>No action required</html>' }];
		const { ctx, logs } = context(async () => answers.shift());
		const events = [reply(`n8n-wait:1:a:${SIGNATURE}`, 'wh_a'), reply(`n8n-wait:2:b:${SIGNATURE}`, 'wh_b')];
		const forwarded = await forwardToWaitingQuestions(ctx, events);
		expect([...forwarded.values()].map((entry) => entry.outcome.kind)).toEqual(['refused', 'refused']);
		expect(needsRedelivery(forwarded)).toBe(false);
		expect(logs.join('\n')).not.toContain(SIGNATURE);

		const down = context(async () => {
			throw Object.assign(new Error(`connect ECONNREFUSED for /webhook-waiting/1/a?signature=${SIGNATURE}`), { code: 'ECONNREFUSED' });
		});
		const unreachable = await forwardToWaitingQuestions(down.ctx, [reply(`n8n-wait:1:a:${SIGNATURE}`)]);
		expect(needsRedelivery(unreachable)).toBe(true);
		expect(down.logs.join('\n')).toContain('ECONNREFUSED');
		expect(down.logs.join('\n')).not.toContain(SIGNATURE);
	});

	test('eventsToStart: resumeOnly drops what resumed; the others say what happened; every signature is redacted', async () => {
		const answers = [{ statusCode: 200, body: { resumed: true } }, { statusCode: 200, body: { resumed: false, reason: 'unclear' } }];
		const { ctx } = context(async () => answers.shift());
		const resumed = reply(`n8n-wait:1:a:${SIGNATURE}`, 'wh_a');
		const unclear = reply(`n8n-wait:2:b:${SIGNATURE}`, 'wh_b');
		const report = { webhook_id: 'wh_c', webhook_type: 'delivery_report', message: { delivery_code: '0', reference: `n8n-wait:3:c:${SIGNATURE}` } };
		const forwarded = await forwardToWaitingQuestions(ctx, [resumed, unclear, report]);
		const started = eventsToStart([resumed, unclear, report], forwarded, 'resumeOnly');
		expect(started.map((event) => event.webhook_id)).toEqual(['wh_b', 'wh_c']);
		expect(started[0].waitingQuestion).toEqual({ executionId: '2', outcome: 'keptWaiting', reason: 'unclear' });
		expect(started[1]).not.toHaveProperty('waitingQuestion');
		expect(JSON.stringify(started)).not.toContain(SIGNATURE);
		expect(eventsToStart([resumed], forwarded, 'resumeAndStart')).toEqual([expect.objectContaining({ webhook_id: 'wh_a', waitingQuestion: { executionId: '1', outcome: 'resumed' } })]);
		// The events as received are left as they were.
		expect((resumed.isreply as IDataObject).orig_reference).toContain(SIGNATURE);
	});
});
