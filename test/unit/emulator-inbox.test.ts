/**
 * When the emulator places a received message in the conversation list (emulator/inbox.ts `inboundOf`): the gateway
 * dates it in whole seconds, so within its second it is placed when it arrived — after a message sent earlier in
 * that second, as it happened — even when it arrives after that second ended (seen on a loaded machine: the event
 * was dated at x.95 s and stored at x+1.01 s, and listed before the answer sent at x.90 s).
 */
import type { WebhookEvent } from '../../nodes/MessagingGateway/core/events/event-fields';
import { inboundOf } from '../../emulator/inbox';

const SECOND = Date.parse('2026-11-30T10:00:05Z');
const dated = (dateUtc: string | undefined) =>
	({
		webhook_type: 'inbox_message',
		message: { id: 7, content: 'Hi', sender: '31612000043', receiver: '3197010000001', date_utc_iso8601: dateUtc },
	}) as unknown as WebhookEvent;

test.each([
	['arrived within its second', SECOND + 400, SECOND + 400],
	['arrived after its second ended', SECOND + 1010, SECOND + 999],
	['arrived long after (an older date)', SECOND + 60_000, SECOND + 999],
	['arrived before its date', SECOND - 5000, SECOND],
])('a message dated 10:00:05 that %s is placed in that second', (_, arrivedAt, at) => {
	expect(inboundOf(dated('2026-11-30T10:00:05Z'), arrivedAt).at).toBe(at);
});

test('a message without a date is placed when it arrived', () => {
	expect(inboundOf(dated(undefined), SECOND + 1234).at).toBe(SECOND + 1234);
});

test('placed after an answer sent earlier in its second, when it arrives after the second ended', () => {
	const answerSentAt = SECOND + 900;
	expect(inboundOf(dated('2026-11-30T10:00:05Z'), SECOND + 1010).at).toBeGreaterThan(answerSentAt);
});
