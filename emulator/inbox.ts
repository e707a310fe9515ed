/**
 * The emulator's inbox: every received message the inbox list (`GET /v1/message/inbox`) and the
 * conversation list (`GET /v1/conversation/{phone}`) show, in the order the control API sets
 * (docs/emulator.md#inbox). Messages arrive through `POST /emulator/inbound` (with their
 * inbox_message webhook) or many at once through `POST /emulator/inbox` (no webhooks).
 */
import { INBOX_TYPES, type InboxType } from '../nodes/MessagingGateway/core/lists/calls';
import { isObject } from '../nodes/MessagingGateway/core/objects';
import type { WebhookEvent } from '../nodes/MessagingGateway/core/events/event-fields';
import { timesOf, type Fields } from './events';
import { controlError } from './http';

/** A received message as the inbox list shows it (`ID` a numeric text, `date` the account's wall-clock time). */
export interface InboxMessage {
	ID: string;
	message: string;
	sender: string;
	type: InboxType;
	date: string;
	receiver: string;
}

/** A kept message: the list's fields and the instant it arrived (the conversation list's `unixDatetime`). */
export interface StoredInbound extends InboxMessage {
	at: number;
}

export type InboxOrder = 'oldestFirst' | 'newestFirst';

export interface InboxState {
	readonly messages: StoredInbound[];
	/** The order the inbox list answers in; the real gateway's is not documented, so tests try both. */
	order: InboxOrder;
}

export const createInbox = (): InboxState => ({ messages: [], order: 'oldestFirst' });

export function resetInbox(inbox: InboxState) {
	inbox.messages.length = 0;
	inbox.order = 'oldestFirst';
}

/**
 * The received message an emitted inbox_message event stands for, arriving at `arrivedAt` (epoch ms). Its instant
 * is the event's date, which counts whole seconds; within that second it is `arrivedAt`, so the conversation list
 * places it after a message sent earlier in the same second, as it happened.
 */
export function inboundOf(event: WebhookEvent, arrivedAt: number): StoredInbound {
	const message = event.message as Fields;
	const type = INBOX_TYPES.includes(message.type as InboxType) ? (message.type as InboxType) : 'sms';
	const parsed = Date.parse(String(message.date_utc_iso8601));
	const sameSecond = Math.floor(parsed / 1000) === Math.floor(arrivedAt / 1000);
	const at = Number.isNaN(parsed) || sameSecond ? arrivedAt : parsed;
	return {
		ID: String(message.id),
		message: String(message.content),
		sender: String(message.sender),
		type,
		date: String(message.date),
		receiver: String(message.receiver),
		at,
	};
}

/** Most messages one `POST /emulator/inbox` adds: enough for a benchmark, bounded for the emulator's memory. */
export const MAX_BULK_INBOX = 100_000;

const text = (value: unknown, field: string, fallback: string): string => {
	if (value === undefined) return fallback;
	if (typeof value !== 'string' || value === '') throw controlError(`"${field}" must be a non-empty text`);
	return value;
};

/**
 * `POST /emulator/inbox`: `count` messages (default 1) from `from` to `to` of `type`, `content` with
 * `{n}` replaced by the message's number (1…count); one second apart, the last one now.
 */
export function readBulkInbox(
	body: Fields,
	virtualNumber: string,
	timeZone: string,
	newId: () => string,
	now = Date.now(),
): StoredInbound[] {
	const count = body.count ?? 1;
	if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_BULK_INBOX) {
		throw controlError(`"count" must be a whole number from 1 to ${MAX_BULK_INBOX}`);
	}
	const type = text(body.type, 'type', 'sms');
	if (!INBOX_TYPES.includes(type as InboxType)) throw controlError(`"type" must be one of: ${INBOX_TYPES.join(', ')}`);
	const sender = text(body.from, 'from', '31612345678');
	const receiver = text(body.to, 'to', virtualNumber);
	if (![sender, receiver].every((number) => /^\d{6,15}$/.test(number)))
		throw controlError('"from" and "to" must be international numbers, digits only');
	const content = text(body.content, 'content', 'Message {n}');
	return Array.from({ length: count }, (_, i) => {
		const at = now - (count - 1 - i) * 1000;
		const message = content.split('{n}').join(String(i + 1));
		return {
			ID: newId(),
			message,
			sender,
			type: type as InboxType,
			date: timesOf(new Date(at), timeZone).local,
			receiver,
			at,
		};
	});
}

/** `PATCH /emulator/inbox`: the list order. */
export function readInboxOrder(body: Fields): InboxOrder {
	if (!isObject(body) || (body.order !== 'oldestFirst' && body.order !== 'newestFirst'))
		throw controlError('"order" must be "oldestFirst" or "newestFirst"');
	return body.order;
}
