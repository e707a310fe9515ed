/**
 * SMS Fallback only after a refusal the gateway stands behind (docs/whatsapp.md#sms-fallback): a WhatsApp send answered
 * with a 5xx is an unknown outcome whatever code its body carries (the message may have gone out), so no SMS follows;
 * nor is a 5xx naming 131 an opted-out number to send around. Send Buttons, Send and Wait's WhatsApp question and Send
 * SMS through n8n-core's real execution context against a local gateway that answers as the test says.
 */
import { gateway, credentials, json, type Seen } from '../support/transport-setup';
import { runAction } from '../support/run';

const A = '31610001001';
const B = '31610001002';
const WINDOW_CLOSED = { error: '137', errorMsg: 'The 24H window is not open. Send a template message instead.' };
const MAY_BE_SENT = 'The gateway answered HTTP 500: the WhatsApp message may already have been sent';

/** Send_action: several numbers refused (400, 137); `A` alone accepted; `B` alone answered 500 with 137 in its body. */
const answerWhatsApp = (status: (to: unknown) => number) => {
	let id = 0;
	gateway.answer = (seen: Seen, _req, res) => {
		const to = (JSON.parse(seen.body) as { to: unknown }).to;
		const code = seen.url === '/v1/message/send' ? 200 : status(to);
		json(res, code, code === 200 ? { messageid: `m-${++id}` } : WINDOW_CLOSED);
	};
};
const paths = () => gateway.requests.map((request) => request.url);
const buttons = (to: string, options: Record<string, unknown> = {}) => ({
	resource: 'whatsapp',
	operation: 'sendButtons',
	sender: { __rl: true, mode: 'id', value: 'MyShop' },
	to,
	message: 'Is 10:00 fine?',
	buttons: { values: [{ id: 'yes', title: 'Yes' }] },
	options: { smsFallback: true, ...options },
});

test('a 500 with code 137 on the only recipient: no SMS, the error says the WhatsApp message may have been sent', async () => {
	answerWhatsApp(() => 500);
	const run = await runAction(buttons(A), [{}], credentials);
	expect(run.error?.message).toBe(MAY_BE_SENT);
	expect(run.error?.description).toMatch(
		/^A failure on the gateway's side \(its answer named code 137; a failure is no refusal\)\. Not retried/,
	);
	expect(paths()).toEqual(['/v1/whatsapp/send_action']);
});

test('sent one at a time after a 137: the one answered 500 with 137 gets no SMS (Continue On Fail: unknown outcome)', async () => {
	answerWhatsApp((to) => (Array.isArray(to) ? 400 : to === A ? 200 : 500));
	const run = await runAction(buttons(`${A},${B}`), [{}], credentials, { continueOnFail: true });
	expect(paths()).toEqual(['/v1/whatsapp/send_action', '/v1/whatsapp/send_action', '/v1/whatsapp/send_action']);
	expect(run.items.map(({ json }) => json)).toEqual([
		expect.objectContaining({ to: A, channel: 'whatsapp', messageid: 'm-1' }),
		expect.objectContaining({ to: B, error: MAY_BE_SENT, code: '137', httpCode: 500, outcome: 'unknown' }),
	]);
	expect(run.items[1].json.fallbackReason).toBeUndefined();
});

test('Retry On Fail after a 500 with code 137 (Do Not Resend): neither channel is tried again', async () => {
	answerWhatsApp(() => 500);
	const run = await runAction(buttons(A), [{}], credentials, { retryOnFail: { maxTries: 3, waitBetweenTries: 0 } });
	expect(run.error?.message).toBe(`Not sent again to ${A}: an earlier try may already have sent it`);
	expect(run.error?.description).toContain(`That try ended with: ${MAY_BE_SENT}.`);
	expect(paths()).toEqual(['/v1/whatsapp/send_action']);
});

test('a 400 with code 137 still falls back: the SMS goes out', async () => {
	answerWhatsApp(() => 400);
	const run = await runAction(buttons(A), [{}], credentials);
	expect(run.error).toBeUndefined();
	expect(paths()).toEqual(['/v1/whatsapp/send_action', '/v1/message/send']);
	expect(run.items[0].json).toMatchObject({ to: A, channel: 'sms', fallbackReason: 'windowClosed' });
});

test('the fallback SMS answered 500 says the SMS may have been sent, in the same run as WhatsApp', async () => {
	answerWhatsApp(() => 400);
	gateway.answer = ((answer) => (seen: Seen, req, res) =>
		seen.url === '/v1/message/send' ? json(res, 500, {}) : answer(seen, req, res))(gateway.answer);
	const run = await runAction(buttons(A), [{}], credentials);
	expect(run.error?.message).toBe('The gateway answered HTTP 500: the SMS may already have been sent');
	expect(paths()).toEqual(['/v1/whatsapp/send_action', '/v1/message/send']);
});

test("Send and Wait's WhatsApp question answered 500 with code 137: no SMS question, nothing waits", async () => {
	answerWhatsApp(() => 500);
	const parameters = {
		resource: 'message',
		operation: 'sendAndWait',
		sender: '31610000001',
		to: A,
		message: 'Refund €120?',
		options: { channel: 'whatsappButtons' },
	};
	const run = await runAction(parameters, [{}], credentials, { executionId: '80', nodeId: 'ask-1' });
	expect(run.error?.message).toBe(MAY_BE_SENT);
	expect(paths()).toEqual(['/v1/whatsapp/send_action']);
	expect(run.waiting).toBeUndefined();
});

test('Send SMS: a 500 with code 131 is no opt-out refusal, so its recipients are not sent again around it', async () => {
	gateway.answer = (_seen, _req, res) => json(res, 500, { error: '131', errorMsg: 'Number is on the opt-out list' });
	const send = { resource: 'message', operation: 'send', sender: 'Shop', to: `${A},${B}`, message: 'Sale today' };
	const run = await runAction(send, [{}], credentials, { continueOnFail: true });
	expect(paths()).toEqual(['/v1/message/send']);
	expect(run.items.map(({ json }) => [json.to, json.skipped, json.outcome])).toEqual([
		[A, undefined, 'unknown'],
		[B, undefined, 'unknown'],
	]);
});
