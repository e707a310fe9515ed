/**
 * The replies that answered a Send and Wait question (docs/sms-assistants.md#get-unanswered). The Messaging Gateway
 * Trigger that hands a reply on to its waiting question keeps it in its workflow's static data and hands the sender's
 * to the workflow with the sender's next message; Conversation → Get Unanswered counts the conversation as answered
 * up to them, as up to a message sent to the number. The gateway's conversation list names no reply's question
 * (incoming records have no ID), so a reply is known there by its sender, its second and its text: kept as a digest,
 * so that static data holds no message text.
 */
import { createHash } from 'crypto';

import { isObject } from '../objects';
import { instantOfStamp } from '../sending/schedule';
import { digitsOf, textOf } from './answers';

/** The key in the workflow's static data ('global'), where the trigger keeps them. */
export const ANSWERED_REPLIES_KEY = 'messagingGatewayAnsweredReplies';
/** The field of the trigger's item with the sender's, read by Get Unanswered. */
export const ANSWERED_REPLIES_FIELD = 'answeredReplies';
/** The most replies kept per workflow, newest last: static data is saved whole after each change. */
export const MAX_ANSWERED_REPLIES = 200;
/** How far a conversation record's second may be from the event's: both count whole seconds of one arrival. */
const SECONDS_APART = 1;

export interface AnsweredReply {
	/** The sender's digits. */
	phone: string;
	/** When it came, in epoch seconds. */
	at: number;
	/** The first 16 hex digits of the SHA-256 of its text. */
	digest: string;
}

const digestOf = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);

/** The reply of an inbox_message event as kept; undefined when it has no sender, time or text to know it by. */
export function answeredReplyOf(event: unknown): AnsweredReply | undefined {
	if (!isObject(event) || event.webhook_type !== 'inbox_message' || !isObject(event.message)) return undefined;
	const { message } = event;
	const phone = digitsOf(message.sender);
	const text = textOf(message.content);
	const when = instantOfStamp(message.date_utc_iso8601 ?? message.date_utc);
	if (phone === '' || text === undefined || !when.ok) return undefined;
	return { phone, at: Math.floor(when.instant.getTime() / 1000), digest: digestOf(text) };
}

const isKept = (value: unknown): value is AnsweredReply =>
	isObject(value) &&
	typeof value.phone === 'string' &&
	typeof value.digest === 'string' &&
	typeof value.at === 'number' &&
	Number.isFinite(value.at);

/** The replies kept in `kept` (static data's value, anything), those that are replies, for `phone` when given. */
export function answeredRepliesOf(kept: unknown, phone?: string): AnsweredReply[] {
	const replies = Array.isArray(kept) ? kept.filter(isKept) : [];
	return phone === undefined ? replies : repliesFrom(replies, phone);
}

/** Of replies already checked (answeredRepliesOf), those from `phone`. */
export function repliesFrom(replies: AnsweredReply[], phone: string): AnsweredReply[] {
	const digits = digitsOf(phone);
	return replies.filter((reply) => reply.phone === digits);
}

/** `kept` with `added` after it, each reply once, at most MAX_ANSWERED_REPLIES (the newest). */
export function keptWith(kept: unknown, added: readonly AnsweredReply[]): AnsweredReply[] {
	const key = ({ phone, at, digest }: AnsweredReply) => `${phone} ${at} ${digest}`;
	const replies = new Map(answeredRepliesOf(kept).map((reply) => [key(reply), reply]));
	for (const reply of added) {
		replies.delete(key(reply));
		replies.set(key(reply), reply);
	}
	return [...replies.values()].slice(-MAX_ANSWERED_REPLIES);
}

/** Whether the conversation record (an incoming message, at second `at`) is one of the `answered` replies. */
export function isAnsweredReply(
	record: Record<string, unknown>,
	at: number,
	answered: readonly AnsweredReply[],
): boolean {
	if (record.direction !== 'inbound' || answered.length === 0) return false;
	const phone = digitsOf(record.sender);
	const text = textOf(record.message);
	if (phone === '' || text === undefined) return false;
	const digest = digestOf(text);
	return answered.some(
		(reply) => reply.phone === phone && reply.digest === digest && Math.abs(reply.at - at) <= SECONDS_APART,
	);
}
