import {
	judgeAnswer,
	KEPT_WAITING_REASONS,
	type Question,
} from '../../../../nodes/MessagingGateway/core/questions/answers';
import { approvalWords } from '../../../../nodes/MessagingGateway/core/questions/replies';

const words = approvalWords(undefined, undefined);
if (!words.ok) throw new Error('the default lists are valid');
const MESSAGE_ID = 'e0ncuxht345hjmbjvv2feky0azflcw';
const ASKED = '31612345678';

function question(
	responseType: Question['responseType'],
	kept: Partial<Question> = { messageid: MESSAGE_ID, to: ASKED },
): Question {
	return {
		responseType,
		approveWords: words.ok ? words.approve : [],
		disapproveWords: words.ok ? words.disapprove : [],
		...kept,
	};
}

function reply(content: string, sender = ASKED, isreply: Record<string, unknown> = {}) {
	return {
		webhook_id: 'wh_1',
		webhook_type: 'inbox_message',
		created_utc: '2026-11-23 10:00:01',
		message: { sender, receiver: '3197010000001', content, date_utc_iso8601: '2026-11-23T10:00:00Z' },
		isreply: {
			reply: true,
			orig_messageid: MESSAGE_ID,
			orig_receiver: ASKED,
			orig_reference: 'n8n-wait:…',
			...isreply,
		},
	};
}

function report(code: string, extra: Record<string, unknown> = {}) {
	return {
		webhook_id: 'wh_2',
		webhook_type: 'delivery_report',
		message: {
			messageid: MESSAGE_ID,
			receiver: ASKED,
			delivery_code: code,
			delivery_status: `status ${code}`,
			reference: 'n8n-wait:…',
			...extra,
		},
	};
}

describe('an approval question', () => {
	test('a clear reply from the number asked resumes with approved, the reply as sent, and where it came from', () => {
		expect(judgeAnswer(reply('Yes!'), question('approval'))).toEqual({
			resume: true,
			output: {
				approved: true,
				reply: 'Yes!',
				from: ASKED,
				repliedAt: '2026-11-23T10:00:00Z',
				messageid: MESSAGE_ID,
				to: ASKED,
				channel: 'sms',
				webhook_id: 'wh_1',
			},
		});
		expect(judgeAnswer(reply('nee'), question('approval'))).toMatchObject({
			resume: true,
			output: { approved: false, reply: 'nee' },
		});
	});

	test('an unclear reply keeps it waiting', () => {
		expect(judgeAnswer(reply('maybe tomorrow'), question('approval'))).toEqual({
			resume: false,
			reason: 'unclearReply',
		});
	});

	test('a reply from another number never resumes it, even when the gateway links it to the question', () => {
		expect(judgeAnswer(reply('yes', '31699999999'), question('approval'))).toEqual({
			resume: false,
			reason: 'otherNumber',
		});
		expect(judgeAnswer(reply('yes', ASKED, { orig_receiver: '31699999999' }), question('approval'))).toEqual({
			resume: false,
			reason: 'otherNumber',
		});
		expect(judgeAnswer(reply('yes', '+31 6 1234 5678'), question('approval'))).toMatchObject({ resume: true });
	});

	test('a reply to another message of the same node (an earlier question in a loop) does not resume this one', () => {
		expect(judgeAnswer(reply('yes', ASKED, { orig_messageid: 'other' }), question('approval'))).toEqual({
			resume: false,
			reason: 'otherMessage',
		});
	});

	test("without the question's own record, the gateway's orig_receiver is the number asked", () => {
		expect(judgeAnswer(reply('ok'), question('approval', {}))).toMatchObject({
			resume: true,
			output: { approved: true, to: ASKED, messageid: MESSAGE_ID },
		});
		expect(judgeAnswer(reply('ok', ASKED, { orig_receiver: undefined }), question('approval', {}))).toEqual({
			resume: false,
			reason: 'otherNumber',
		});
	});

	test('a final report that it was not delivered resumes with delivered: false; delivered or interim ones keep it waiting', () => {
		expect(judgeAnswer(report('5', { delivery_code_detail: '10' }), question('approval'))).toEqual({
			resume: true,
			output: {
				delivered: false,
				delivery_code: '5',
				delivery_status: 'status 5',
				delivery_code_detail: '10',
				messageid: MESSAGE_ID,
				to: ASKED,
				channel: 'sms',
				webhook_id: 'wh_2',
			},
		});
		for (const code of ['2', '4'])
			expect(judgeAnswer(report(code), question('approval'))).toMatchObject({
				resume: true,
				output: { delivered: false },
			});
		expect(judgeAnswer(report('1'), question('approval'))).toEqual({ resume: false, reason: 'deliveredIsNoAnswer' });
		expect(judgeAnswer(report('9'), question('approval'))).toEqual({ resume: false, reason: 'deliveredIsNoAnswer' });
		expect(judgeAnswer(report('0'), question('approval'))).toEqual({ resume: false, reason: 'interimReport' });
		expect(judgeAnswer(report('3'), question('approval'))).toEqual({ resume: false, reason: 'interimReport' });
	});
});

describe('a free-text question', () => {
	test('any reply resumes, without approved', () => {
		const decision = judgeAnswer(reply('  The code is 4711 '), question('freeText'));
		expect(decision).toEqual({
			resume: true,
			output: {
				reply: '  The code is 4711 ',
				from: ASKED,
				repliedAt: '2026-11-23T10:00:00Z',
				messageid: MESSAGE_ID,
				to: ASKED,
				channel: 'sms',
				webhook_id: 'wh_1',
			},
		});
	});

	test('an empty reply resumes too (it is an answer), from the number asked only', () => {
		expect(judgeAnswer(reply(''), question('freeText'))).toMatchObject({ resume: true, output: { reply: '' } });
		expect(judgeAnswer(reply('hi', '447700100123'), question('freeText'))).toEqual({
			resume: false,
			reason: 'otherNumber',
		});
	});
});

describe('a delivery-report question', () => {
	test('resumes on a final report only', () => {
		expect(judgeAnswer(report('1'), question('deliveryReport'))).toEqual({
			resume: true,
			output: {
				delivered: true,
				delivery_code: '1',
				delivery_status: 'status 1',
				messageid: MESSAGE_ID,
				to: ASKED,
				channel: 'sms',
				webhook_id: 'wh_2',
			},
		});
		expect(judgeAnswer(report('9'), question('deliveryReport'))).toMatchObject({
			resume: true,
			output: { delivered: false, delivery_code: '9' },
		});
		expect(judgeAnswer(report('0'), question('deliveryReport'))).toEqual({ resume: false, reason: 'interimReport' });
		expect(judgeAnswer(report('3'), question('deliveryReport'))).toEqual({ resume: false, reason: 'interimReport' });
	});

	test('a reply is no answer to it; neither is a report about another message or number', () => {
		expect(judgeAnswer(reply('yes'), question('deliveryReport'))).toEqual({ resume: false, reason: 'notAwaited' });
		expect(judgeAnswer(report('1', { messageid: 'x' }), question('deliveryReport'))).toEqual({
			resume: false,
			reason: 'otherMessage',
		});
		expect(judgeAnswer(report('1', { receiver: '31610000000' }), question('deliveryReport'))).toEqual({
			resume: false,
			reason: 'otherNumber',
		});
	});
});

test.each([
	['a reply of type whatsapp', 'whatsapp', { ...reply('yes'), message: { ...reply('yes').message, type: 'whatsapp' } }],
	['a reply of type sms', 'sms', { ...reply('yes'), message: { ...reply('yes').message, type: 'sms' } }],
	['a reply without a type', 'sms', reply('yes')],
	['a report of message_type whatsapp', 'whatsapp', report('5', { message_type: 'whatsapp' })],
	['a report of message_type sms', 'sms', report('5', { message_type: 'sms' })],
])('%s answers with channel %s', (_, channel, event) => {
	expect(judgeAnswer(event, question('approval'))).toMatchObject({ resume: true, output: { channel } });
});

test('bodies that are no reply or report keep the question waiting, each with a reason to log', () => {
	expect(judgeAnswer('text', question('approval'))).toEqual({ resume: false, reason: 'notAnEvent' });
	expect(judgeAnswer({ webhook_type: 'inbox_message' }, question('approval'))).toEqual({
		resume: false,
		reason: 'notAnEvent',
	});
	expect(judgeAnswer({ webhook_type: 'add_contact', message: {} }, question('approval'))).toEqual({
		resume: false,
		reason: 'notAwaited',
	});
	for (const reason of Object.values(KEPT_WAITING_REASONS)) expect(reason.length).toBeGreaterThan(10);
});
