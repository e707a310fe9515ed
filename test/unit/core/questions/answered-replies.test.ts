/**
 * The replies that answered a Send and Wait question, as the trigger keeps them and Get Unanswered reads them
 * (core/questions/answered-replies.ts): known in the conversation list by sender, second and text. Events have the
 * fields of the gateway's inbox_message (docs/gateway-api.md#webhook-types), records those of its conversation list.
 */
import { execFileSync } from 'node:child_process';

import {
	MAX_ANSWERED_REPLIES,
	answeredRepliesOf,
	answeredReplyOf,
	isAnsweredReply,
	keptWith,
	type AnsweredReply,
} from '../../../../nodes/MessagingGateway/core/questions/answered-replies';
import { unansweredOf } from '../../../../nodes/MessagingGateway/core/lists/unanswered';

const T = 1_749_113_086;
const reply = (message: Record<string, unknown>) => ({
	webhook_id: 'wh_1',
	webhook_type: 'inbox_message',
	message: {
		sender: '+31 6 12345678',
		content: 'YES',
		date_utc: '2025-06-05 08:44:46',
		date_utc_iso8601: '2025-06-05T08:44:46+00:00',
		...message,
	},
});
const record = (message: string, unixDatetime: number, direction = 'inbound', sender = '31612345678') => ({
	messageId: direction === 'inbound' ? null : `id${unixDatetime}`,
	direction,
	sender,
	message,
	unixDatetime,
});

test("an inbox_message kept by the sender's digits, its second and the SHA-256 of its text (as openssl computes it)", () => {
	const sha256 = execFileSync('openssl', ['dgst', '-sha256', '-r'], { input: 'YES' }).toString().slice(0, 16);
	expect(answeredReplyOf(reply({}))).toEqual({ phone: '31612345678', at: T, digest: sha256 });
	// date_utc (UTC as the gateway writes it) when date_utc_iso8601 is missing.
	expect(answeredReplyOf(reply({ date_utc_iso8601: undefined }))).toEqual({
		phone: '31612345678',
		at: T,
		digest: sha256,
	});
});

test.each([
	['no sender', { sender: '' }],
	['no text', { content: null }],
	['no time', { date_utc: undefined, date_utc_iso8601: undefined }],
	['a time without a zone', { date_utc: undefined, date_utc_iso8601: '2025-06-05T08:44:46' }],
])('not kept: a reply with %s', (_, message) => {
	expect(answeredReplyOf(reply(message))).toBeUndefined();
});

test('not kept: other events, and what is no event', () => {
	expect(answeredReplyOf({ ...reply({}), webhook_type: 'delivery_report' })).toBeUndefined();
	for (const value of [undefined, null, 'YES', [], { webhook_type: 'inbox_message', message: 'YES' }])
		expect(answeredReplyOf(value)).toBeUndefined();
});

test('kept once each, the newest last, at most MAX_ANSWERED_REPLIES; what is no kept reply is dropped', () => {
	const kept = (at: number): AnsweredReply => ({ phone: '31612345678', at, digest: 'a'.repeat(16) });
	const once = keptWith([kept(1), 'junk', { phone: 1 }, null], [kept(2), kept(1)]);
	expect(once).toEqual([kept(2), kept(1)]);
	const many = Array.from({ length: MAX_ANSWERED_REPLIES + 5 }, (_, index) => kept(index));
	expect(keptWith(undefined, many)).toEqual(many.slice(5));
	for (const value of [undefined, null, 'x', {}, 5]) expect(answeredRepliesOf(value)).toEqual([]);
	expect(answeredRepliesOf([kept(1), { ...kept(2), phone: '31600000000' }], '+31 6 12345678')).toEqual([kept(1)]);
});

test('a conversation record is the kept reply: same sender, same text, the same second or one apart', () => {
	const kept = [answeredReplyOf(reply({}))!];
	expect(isAnsweredReply(record('YES', T), T, kept)).toBe(true);
	expect(isAnsweredReply(record('YES', T + 1), T + 1, kept)).toBe(true);
	expect(isAnsweredReply(record('YES', T + 2), T + 2, kept)).toBe(false);
	expect(isAnsweredReply(record('yes', T), T, kept)).toBe(false);
	expect(isAnsweredReply(record('YES', T, 'inbound', '31600000000'), T, kept)).toBe(false);
	expect(isAnsweredReply(record('YES', T, 'outbound'), T, kept)).toBe(false);
	expect(isAnsweredReply(record('YES', T), T, [])).toBe(false);
});

test('Get Unanswered counts from after the last answered reply as from after our last message', () => {
	const thread = [
		record('Approve the refund? Reply YES or NO', T - 10, 'outbound', 'Shop'),
		record('Hello?', T - 5),
		record('YES', T),
		record('Call me tomorrow', T + 30),
	];
	const kept = [answeredReplyOf(reply({}))!];
	const answered = (record: Record<string, unknown>, at: number) => isAnsweredReply(record, at, kept);
	expect(unansweredOf(thread, T + 30, new Date((T + 60) * 1000), answered)).toMatchObject({
		ok: true,
		text: 'Call me tomorrow',
		count: 1,
	});
	// The run the answer itself would start (Reply Handling "Resume and Start"): nothing to answer.
	expect(unansweredOf(thread.slice(0, 3), T, new Date((T + 60) * 1000), answered)).toMatchObject({ count: 0 });
	expect(unansweredOf(thread, T + 30, new Date((T + 60) * 1000))).toMatchObject({ count: 3 });
});
