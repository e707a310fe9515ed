import {
	decodeResumeReference,
	encodeResumeReference,
	instanceBaseUrl,
	isOwnWaitingWebhookUrl,
	parseSignedResumeUrl,
	redactResumeSignatures,
	redactResumeSignaturesDeep,
	resumeSignaturesIn,
	waitingWebhookUrl,
} from '../../../../nodes/MessagingGateway/core/questions/resume-link';

const SIGNATURE = 'a'.repeat(40) + '0123456789abcdef01234567';
const NODE_ID = '5d1f6f0e-3c1b-4b7e-9d43-2f1a8c9e7b10';
const SIGNED = `http://127.0.0.1:5699/webhook-waiting/1234/${NODE_ID}?signature=${SIGNATURE}`;
const TRIGGER_URL = 'http://127.0.0.1:5699/webhook/0c8e9f2a-1b2c-4d5e-8f90-a1b2c3d4e5f6/webhook';
const TARGET = { executionId: '1234', nodeId: NODE_ID, signature: SIGNATURE };

describe('the resume link n8n gives', () => {
	test('is parsed into execution id, node id and signature', () => {
		expect(parseSignedResumeUrl(SIGNED)).toEqual({ ok: true, value: TARGET });
		expect(parseSignedResumeUrl(`https://n8n.example.com/base/webhook-waiting/7/abc?signature=${SIGNATURE}`)).toEqual({
			ok: true,
			value: { executionId: '7', nodeId: 'abc', signature: SIGNATURE },
		});
	});

	test('of another shape is refused with a reason', () => {
		expect(parseSignedResumeUrl('not a url')).toMatchObject({ ok: false });
		expect(parseSignedResumeUrl(SIGNED.replace('webhook-waiting', 'custom-waiting'))).toMatchObject({
			ok: false,
			error: expect.stringContaining('N8N_ENDPOINT_WEBHOOK_WAIT'),
		});
		expect(parseSignedResumeUrl(`${SIGNED}&extra=1`)).toMatchObject({ ok: false });
		expect(parseSignedResumeUrl(SIGNED.replace('/1234/', '/12a4/'))).toMatchObject({
			ok: false,
			error: expect.stringContaining('execution id'),
		});
		expect(parseSignedResumeUrl(SIGNED.replace(NODE_ID, 'my%20node'))).toMatchObject({
			ok: false,
			error: expect.stringContaining('node id'),
		});
		expect(parseSignedResumeUrl(SIGNED.replace(SIGNATURE, 'abc'))).toMatchObject({
			ok: false,
			error: expect.stringContaining('signature'),
		});
	});
});

describe('the reference', () => {
	test('carries the link in well under 255 characters and comes back as the same target', () => {
		const encoded = encodeResumeReference(TARGET);
		expect(encoded).toEqual({ ok: true, value: `n8n-wait:1234:${NODE_ID}:${SIGNATURE}` });
		if (!encoded.ok) return;
		expect(encoded.value.length).toBeLessThanOrEqual(255);
		expect(decodeResumeReference(encoded.value)).toEqual(TARGET);
		expect(decodeResumeReference(` ${encoded.value}\n`)).toEqual(TARGET);
	});

	test("a reminder's reference adds the question's message id", () => {
		const reminder = encodeResumeReference({ ...TARGET, questionMessageId: 'e0ncuxht345hjmbjvv2feky0azflcw' });
		expect(reminder).toEqual({
			ok: true,
			value: `n8n-wait:1234:${NODE_ID}:${SIGNATURE}:e0ncuxht345hjmbjvv2feky0azflcw`,
		});
		if (reminder.ok)
			expect(decodeResumeReference(reminder.value)).toEqual({
				...TARGET,
				questionMessageId: 'e0ncuxht345hjmbjvv2feky0azflcw',
			});
		if (reminder.ok)
			expect(redactResumeSignatures(reminder.value)).toBe(
				`n8n-wait:1234:${NODE_ID}:[redacted]:e0ncuxht345hjmbjvv2feky0azflcw`,
			);
	});

	test("a reminder's reference carries its round (1 to 9); without one it is the first reminder", () => {
		const target = { ...TARGET, questionMessageId: 'e0ncuxht345hjmbjvv2feky0azflcw', reminderRound: 3 };
		const reminder = encodeResumeReference(target);
		expect(reminder).toEqual({
			ok: true,
			value: `n8n-wait:1234:${NODE_ID}:${SIGNATURE}:e0ncuxht345hjmbjvv2feky0azflcw:3`,
		});
		if (reminder.ok) expect(decodeResumeReference(reminder.value)).toEqual(target);
		expect(encodeResumeReference({ ...target, reminderRound: 10 })).toMatchObject({ ok: false });
		expect(decodeResumeReference(`n8n-wait:1234:${NODE_ID}:${SIGNATURE}:m1:0`)).toBeUndefined();
	});

	test("anything else is not a question's reference", () => {
		for (const reference of [
			undefined,
			null,
			42,
			'',
			'order-1001',
			`n8n-wait:1234:${NODE_ID}:${SIGNATURE.toUpperCase()}`,
			`n8n-wait:1234:${NODE_ID}:${SIGNATURE}x`,
			`n8n-wait:12/../1:${NODE_ID}:${SIGNATURE}`,
			`n8n-wait:1234:evil.example.com/x:${SIGNATURE}`,
		]) {
			expect(decodeResumeReference(reference)).toBeUndefined();
		}
	});

	test('that would not fit is refused', () => {
		expect(encodeResumeReference({ ...TARGET, nodeId: 'x'.repeat(65) })).toMatchObject({ ok: false });
	});
});

describe('forwarding goes only to this instance', () => {
	test('the waiting webhook is built on the origin and base path of the trigger’s own URL', () => {
		expect(instanceBaseUrl(TRIGGER_URL)).toBe('http://127.0.0.1:5699/');
		expect(instanceBaseUrl('https://n8n.example.com/sub/path/webhook-test/abc/webhook')).toBe(
			'https://n8n.example.com/sub/path/',
		);
		expect(waitingWebhookUrl(TRIGGER_URL, TARGET)).toBe(SIGNED);
		expect(waitingWebhookUrl('https://n8n.example.com/sub/webhook/abc/webhook', TARGET)).toBe(
			`https://n8n.example.com/sub/webhook-waiting/1234/${NODE_ID}?signature=${SIGNATURE}`,
		);
	});

	test('parts that could change the host or path give no URL', () => {
		expect(waitingWebhookUrl(TRIGGER_URL, { ...TARGET, nodeId: '../../evil' })).toBeUndefined();
		expect(waitingWebhookUrl(TRIGGER_URL, { ...TARGET, executionId: '1@evil.example.com' })).toBeUndefined();
		expect(waitingWebhookUrl(TRIGGER_URL, { ...TARGET, signature: `${SIGNATURE}#` })).toBeUndefined();
		expect(waitingWebhookUrl('ftp://host/a/b/c', TARGET)).toBeUndefined();
		expect(waitingWebhookUrl('no url', TARGET)).toBeUndefined();
	});

	test('isOwnWaitingWebhookUrl accepts only the own origin and n8n’s waiting path shape', () => {
		expect(isOwnWaitingWebhookUrl(SIGNED, TRIGGER_URL)).toBe(true);
		expect(isOwnWaitingWebhookUrl(SIGNED.replace('127.0.0.1:5699', 'evil.example.com'), TRIGGER_URL)).toBe(false);
		expect(isOwnWaitingWebhookUrl(SIGNED.replace('127.0.0.1:5699', '127.0.0.1:5700'), TRIGGER_URL)).toBe(false);
		expect(isOwnWaitingWebhookUrl(SIGNED.replace('http:', 'https:'), TRIGGER_URL)).toBe(false);
		expect(isOwnWaitingWebhookUrl(SIGNED.replace('http://', 'http://user@'), TRIGGER_URL)).toBe(false);
		expect(isOwnWaitingWebhookUrl(SIGNED.replace('webhook-waiting', 'webhook'), TRIGGER_URL)).toBe(false);
		expect(isOwnWaitingWebhookUrl(SIGNED.replace('/1234/', '/1234/x/'), TRIGGER_URL)).toBe(false);
		expect(isOwnWaitingWebhookUrl(`${SIGNED}#x`, TRIGGER_URL)).toBe(false);
		expect(isOwnWaitingWebhookUrl(`http://127.0.0.1:5699/rest/owner?signature=${SIGNATURE}`, TRIGGER_URL)).toBe(false);
	});
});

describe('the signature never shows', () => {
	test('in a reference, a URL or a nested event', () => {
		expect(redactResumeSignatures(`n8n-wait:1234:${NODE_ID}:${SIGNATURE}`)).toBe(`n8n-wait:1234:${NODE_ID}:[redacted]`);
		expect(redactResumeSignatures(`POST ${SIGNED} failed`)).toBe(
			`POST ${SIGNED.replace(SIGNATURE, '[redacted]')} failed`,
		);
		const event = {
			message: { reference: `n8n-wait:1234:${NODE_ID}:${SIGNATURE}` },
			isreply: { orig_reference: `n8n-wait:1:a:${SIGNATURE}` },
			n: 1,
			list: [SIGNED],
		};
		const redacted = redactResumeSignaturesDeep(event);
		expect(JSON.stringify(redacted)).not.toContain(SIGNATURE);
		expect(redacted.n).toBe(1);
		expect(event.message.reference).toContain(SIGNATURE);
	});

	test('other text is left alone', () => {
		expect(redactResumeSignatures('order-1001 abc')).toBe('order-1001 abc');
	});

	test("a request's signatures are found in its body (a question's or a reminder's reference, a link), each once", () => {
		const other = 'b'.repeat(64);
		const body = {
			message: 'Refund?',
			reference: `n8n-wait:1234:${NODE_ID}:${SIGNATURE}:msg-1`,
			note: [SIGNED, `?signature=${other}`],
		};
		expect(resumeSignaturesIn(body)).toEqual([SIGNATURE, other]);
		expect(resumeSignaturesIn(`n8n-wait:7:abc:${SIGNATURE}`)).toEqual([SIGNATURE]);
		expect(resumeSignaturesIn({ reference: 'order-1001', signature: SIGNATURE })).toEqual([]);
		expect(resumeSignaturesIn(undefined)).toEqual([]);
	});
});

test('redactResumeSignaturesDeep copies a value nested 100,000 levels deep without overflowing the stack', () => {
	const reference = `n8n-wait:1:node-1:${'d'.repeat(64)}`;
	const root: Record<string, unknown> = {};
	let level = root;
	for (let depth = 0; depth < 100_000; depth++) level = (level.next = {}) as Record<string, unknown>;
	level.reference = reference;
	let copy = redactResumeSignaturesDeep(root);
	expect(copy).not.toBe(root);
	while (copy.next !== undefined) copy = copy.next as Record<string, unknown>;
	expect(copy.reference).toBe('n8n-wait:1:node-1:[redacted]');
	expect(level.reference).toBe(reference);
});
