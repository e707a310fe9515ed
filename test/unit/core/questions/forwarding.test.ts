import {
	classifyForwardResponse,
	encodeForForward,
	isFinalOutcome,
	resumeTargetOf,
	unreachableOutcome,
	type ForwardOutcome,
} from '../../../../nodes/MessagingGateway/core/questions/forwarding';

const SIGNATURE = 'b'.repeat(64);
const REFERENCE = `n8n-wait:77:node-1:${SIGNATURE}`;
const TARGET = { executionId: '77', nodeId: 'node-1', signature: SIGNATURE };

describe('resumeTargetOf', () => {
	test('a reply names its question through isreply.orig_reference', () => {
		expect(
			resumeTargetOf({
				webhook_type: 'inbox_message',
				message: {},
				isreply: { reply: true, orig_reference: REFERENCE },
			}),
		).toEqual(TARGET);
		expect(
			resumeTargetOf({ webhook_type: 'inbox_message', message: {}, isreply: { orig_reference: 'order-1' } }),
		).toBeUndefined();
		expect(resumeTargetOf({ webhook_type: 'inbox_message', message: {}, isreply: null })).toBeUndefined();
		expect(resumeTargetOf({ webhook_type: 'inbox_message', message: {} })).toBeUndefined();
	});

	test('a final delivery report names it through message.reference; interim ones are not forwarded', () => {
		for (const code of ['1', '2', '4', '5', '9', 1]) {
			expect(
				resumeTargetOf({ webhook_type: 'delivery_report', message: { delivery_code: code, reference: REFERENCE } }),
			).toEqual(TARGET);
		}
		for (const code of ['0', '3', undefined, 'x']) {
			expect(
				resumeTargetOf({ webhook_type: 'delivery_report', message: { delivery_code: code, reference: REFERENCE } }),
			).toBeUndefined();
		}
	});

	test("a read report names only a Send with Failover step (a question's read report is not its answer)", () => {
		const step = `n8n-wait:77:failover-step-2:${SIGNATURE}`;
		expect(resumeTargetOf({ webhook_type: 'read_report', message: { reference: step } })).toEqual({
			...TARGET,
			nodeId: 'failover-step-2',
		});
		expect(resumeTargetOf({ webhook_type: 'read_report', message: { reference: REFERENCE } })).toBeUndefined();
		const lookalike = `n8n-wait:77:failover-step-2x:${SIGNATURE}`;
		expect(resumeTargetOf({ webhook_type: 'read_report', message: { reference: lookalike } })).toBeUndefined();
	});

	test('other events and other shapes name none', () => {
		expect(resumeTargetOf({ webhook_type: 'add_optout', message: { reference: REFERENCE } })).toBeUndefined();
		expect(resumeTargetOf({ webhook_type: 'inbox_message', isreply: { orig_reference: REFERENCE } })).toBeUndefined();
		expect(resumeTargetOf(null)).toBeUndefined();
	});
});

describe("classifyForwardResponse: what n8n's answer means", () => {
	test("the question's own answers", () => {
		expect(classifyForwardResponse({ statusCode: 200, body: { resumed: true } })).toEqual({ kind: 'resumed' });
		expect(classifyForwardResponse({ statusCode: 200, body: '{"resumed":true}' })).toEqual({ kind: 'resumed' });
		expect(
			classifyForwardResponse({
				statusCode: 200,
				body: Buffer.from('{"resumed":false,"reason":"unclear","reminded":true}'),
			}),
		).toEqual({
			kind: 'keptWaiting',
			reason: 'unclear',
			reminded: true,
		});
		const noReminder = {
			resumed: false,
			reason: 'unclear',
			reminded: false,
			reminderSkipped: 'bound reached',
			reminderError: 'refused (gateway code 114)',
		};
		expect(classifyForwardResponse({ statusCode: 200, body: noReminder })).toEqual({
			kind: 'keptWaiting',
			reason: 'unclear',
			reminded: false,
			reminderSkipped: 'bound reached',
			reminderError: 'refused (gateway code 114)',
		});
		expect(
			classifyForwardResponse({ statusCode: 200, body: { ...noReminder, reminderSkipped: 7, reminderError: null } }),
		).toEqual({ kind: 'keptWaiting', reason: 'unclear', reminded: false });
	});

	// Bodies and statuses as n8n 1.123.81 and 2.41.1 answer them: WaitingWebhooks.executeWebhook in n8n's
	// dist/webhooks/waiting-webhooks.js, errors serialised by sendErrorResponse in dist/response-helper.js.
	test('not waiting any more is final and part of the conversation: "No action required", finished with error, being resumed', () => {
		const html = '<html><title>No action required</title></html>';
		expect(classifyForwardResponse({ statusCode: 200, body: html })).toMatchObject({ kind: 'answered' });
		expect(
			classifyForwardResponse({
				statusCode: 409,
				body: { code: 409, message: 'The execution "7" has finished with error.' },
			}),
		).toMatchObject({ kind: 'answered' });
		const resuming = { code: 0, message: 'There was a problem executing the workflow' };
		expect(classifyForwardResponse({ statusCode: 500, body: resuming })).toMatchObject({
			kind: 'answered',
			reason: expect.stringContaining('at this moment'),
		});
		expect(
			classifyForwardResponse({
				statusCode: 500,
				body: { message: 'Execution is already being resumed by another process' },
			}),
		).toMatchObject({ kind: 'answered' });
	});

	test('"running already" is not final: the execution is not saved as waiting yet', () => {
		const running = {
			statusCode: 409,
			body: JSON.stringify({ code: 409, message: 'The execution "7" is running already.' }),
		};
		expect(classifyForwardResponse(running)).toMatchObject({ kind: 'notWaitingYet' });
		expect(isFinalOutcome(classifyForwardResponse(running))).toBe(false);
	});

	test("any other 5xx is not final: n8n failed before the question's node judged the event (its database under load)", () => {
		for (const [statusCode, body] of [
			[500, { code: 0, message: 'SQLITE_BUSY: database is locked' }],
			[500, 'boom'],
			[507, ''],
		] as const) {
			const outcome = classifyForwardResponse({ statusCode, body });
			expect(outcome).toEqual({ kind: 'unreachable', reason: `n8n's waiting webhook answered ${statusCode}` });
			expect(isFinalOutcome(outcome)).toBe(false);
		}
	});

	test('refusals are final: forged, unknown, other 4xx', () => {
		expect(classifyForwardResponse({ statusCode: 401, body: { error: 'Invalid token' } })).toMatchObject({
			kind: 'refused',
			reason: expect.stringContaining('forged'),
		});
		expect(
			classifyForwardResponse({ statusCode: 404, body: { code: 404, message: 'The execution "7" does not exist.' } }),
		).toMatchObject({ kind: 'refused' });
		expect(classifyForwardResponse({ statusCode: 400, body: 'bad' })).toMatchObject({ kind: 'refused' });
		for (const kind of ['resumed', 'keptWaiting', 'answered', 'refused'] as const) {
			expect(isFinalOutcome({ kind, reason: '', reminded: false } as ForwardOutcome)).toBe(true);
		}
	});

	test('an event that cannot be encoded is final; any other encodes', () => {
		const deep: Record<string, unknown> = {};
		let level = deep;
		for (let depth = 0; depth < 100_000; depth++) level = level.a = {};
		expect(encodeForForward(deep)).toMatchObject({
			ok: false,
			outcome: { kind: 'refused', reason: expect.stringContaining('cannot be encoded') },
		});
		expect(encodeForForward({ a: [1, 'x'] })).toEqual({ ok: true, body: '{"a":[1,"x"]}' });
	});

	test('an n8n that cannot be reached is worth a redelivery', () => {
		for (const statusCode of [502, 503, 504])
			expect(classifyForwardResponse({ statusCode, body: '' })).toMatchObject({ kind: 'unreachable' });
		expect(isFinalOutcome({ kind: 'unreachable', reason: '' })).toBe(false);
		expect(isFinalOutcome({ kind: 'deferred', reason: '' })).toBe(false);
		expect(
			unreachableOutcome(
				Object.assign(new Error(`connect ECONNREFUSED http://x/?signature=${SIGNATURE}`), { code: 'ECONNREFUSED' }),
			),
		).toEqual({
			kind: 'unreachable',
			reason: "n8n's waiting webhook could not be reached (ECONNREFUSED)",
		});
	});
});
