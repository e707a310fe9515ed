import { classifyForwardResponse, resumeTargetOf, unreachableOutcome } from '../../nodes/MessagingGateway/core/forwarding';

const SIGNATURE = 'b'.repeat(64);
const REFERENCE = `n8n-wait:77:node-1:${SIGNATURE}`;
const TARGET = { executionId: '77', nodeId: 'node-1', signature: SIGNATURE };

describe('resumeTargetOf', () => {
	test("a reply names its question through isreply.orig_reference", () => {
		expect(resumeTargetOf({ webhook_type: 'inbox_message', message: {}, isreply: { reply: true, orig_reference: REFERENCE } })).toEqual(TARGET);
		expect(resumeTargetOf({ webhook_type: 'inbox_message', message: {}, isreply: { orig_reference: 'order-1' } })).toBeUndefined();
		expect(resumeTargetOf({ webhook_type: 'inbox_message', message: {}, isreply: null })).toBeUndefined();
		expect(resumeTargetOf({ webhook_type: 'inbox_message', message: {} })).toBeUndefined();
	});

	test('a final delivery report names it through message.reference; interim ones are not forwarded', () => {
		for (const code of ['1', '2', '4', '5', '9', 1]) {
			expect(resumeTargetOf({ webhook_type: 'delivery_report', message: { delivery_code: code, reference: REFERENCE } })).toEqual(TARGET);
		}
		for (const code of ['0', '3', undefined, 'x']) {
			expect(resumeTargetOf({ webhook_type: 'delivery_report', message: { delivery_code: code, reference: REFERENCE } })).toBeUndefined();
		}
	});

	test('other events and other shapes name none', () => {
		expect(resumeTargetOf({ webhook_type: 'read_report', message: { reference: REFERENCE } })).toBeUndefined();
		expect(resumeTargetOf({ webhook_type: 'inbox_message', isreply: { orig_reference: REFERENCE } })).toBeUndefined();
		expect(resumeTargetOf(null)).toBeUndefined();
	});
});

describe("classifyForwardResponse: what n8n's answer means", () => {
	test("the question's own answers", () => {
		expect(classifyForwardResponse({ statusCode: 200, body: { resumed: true } })).toEqual({ kind: 'resumed' });
		expect(classifyForwardResponse({ statusCode: 200, body: '{"resumed":true}' })).toEqual({ kind: 'resumed' });
		expect(classifyForwardResponse({ statusCode: 200, body: Buffer.from('{"resumed":false,"reason":"unclear","reminded":true}') })).toEqual({
			kind: 'keptWaiting',
			reason: 'unclear',
			reminded: true,
		});
	});

	test('refusals are final: answered already, forged, unknown, running, resuming at this moment, other errors', () => {
		const html = '<html><title>No action required</title></html>';
		expect(classifyForwardResponse({ statusCode: 200, body: html })).toMatchObject({ kind: 'refused', reason: expect.stringContaining('answered already') });
		expect(classifyForwardResponse({ statusCode: 401, body: 'Invalid token' })).toMatchObject({ kind: 'refused', reason: expect.stringContaining('forged') });
		expect(classifyForwardResponse({ statusCode: 404, body: {} })).toMatchObject({ kind: 'refused' });
		expect(classifyForwardResponse({ statusCode: 409, body: {} })).toMatchObject({ kind: 'refused' });
		expect(classifyForwardResponse({ statusCode: 500, body: { message: 'Execution is already being resumed by another process' } })).toMatchObject({
			kind: 'refused',
			reason: expect.stringContaining('at this moment'),
		});
		expect(classifyForwardResponse({ statusCode: 500, body: 'boom' })).toMatchObject({ kind: 'refused' });
	});

	test('an n8n that cannot be reached is worth a redelivery', () => {
		for (const statusCode of [502, 503, 504]) expect(classifyForwardResponse({ statusCode, body: '' })).toMatchObject({ kind: 'unreachable' });
		expect(unreachableOutcome(Object.assign(new Error(`connect ECONNREFUSED http://x/?signature=${SIGNATURE}`), { code: 'ECONNREFUSED' }))).toEqual({
			kind: 'unreachable',
			reason: "n8n's waiting webhook could not be reached (ECONNREFUSED)",
		});
	});
});
