/** Builds webhook events of every type exactly as docs/gateway-api.md#webhook-types lays them out. */
import { randomBytes, randomUUID } from 'node:crypto';

import { findEventType } from '../nodes/MessagingGateway/core/events/events';
import { isObject } from '../nodes/MessagingGateway/core/objects';
import type { WebhookEvent } from '../nodes/MessagingGateway/core/events/event-fields';
import { formatZoned } from '../nodes/MessagingGateway/core/sending/schedule';

export interface AccountInfo {
	username: string;
	timezone: string;
	virtualNumber: string;
}

export type Fields = Record<string, unknown>;

export const newWebhookId = () => `wh_${randomUUID()}`;
export const newPublicInboxId = () => `inb_${randomBytes(12).toString('hex')}`;

/** The gateway's numeric ids (inbox message id, order id); an emulator passes its own counter. */
export type InternalIds = () => string;
const randomInternalId: InternalIds = () => String(100000 + randomBytes(3).readUIntBE(0, 3));

/** The local/UTC time fields the gateway writes: `date`-style, in the account's zone and in UTC. */
export function timesOf(instant: Date, timeZone: string) {
	const local = formatZoned(instant, timeZone);
	const utc = formatZoned(instant, 'UTC');
	return {
		local: local.local,
		localIso: local.iso8601,
		utc: utc.local,
		utcIso: utc.iso8601,
		localDay: local.local.slice(0, 10),
		utcDay: utc.local.slice(0, 10),
	};
}

/** Overrides win field by field; nested objects merge, anything else replaces. */
export function deepMerge(base: Fields, overrides: Fields): Fields {
	const merged: Fields = { ...base };
	for (const [key, value] of Object.entries(overrides)) {
		merged[key] = isObject(value) && isObject(base[key]) ? deepMerge(base[key] as Fields, value) : value;
	}
	return merged;
}

/** What a sample payload is built from. */
interface Sample {
	type: string;
	t: ReturnType<typeof timesOf>;
	account: AccountInfo;
	newInternalId: InternalIds;
}

function messageSample({ type, t }: Sample): Fields {
	const sent = {
		messageid: 'e0ncuxht345hjmbjvv2feky0azflcw',
		datetime: t.local,
		content: 'Your order has shipped',
		sender: 'Shop',
		receiver: '31612345678',
		reference: 'order-1001',
		message_type: 'sms',
		delivery_code: '1',
		delivery_status: 'delivered',
		delivery_status_datetime: t.local,
	};
	return type === 'delivery_report'
		? { ...sent, cost: 1, cost_type: 'credits' }
		: { ...sent, read_status: 'message_read', read_datetime: t.local };
}

function inboxSample({ type, t, account, newInternalId }: Sample): Fields {
	const common = {
		id: newInternalId(),
		public_id: newPublicInboxId(),
		date: t.local,
		date_iso8601: t.localIso,
		date_utc: t.utc,
		date_utc_iso8601: t.utcIso,
		sender: '31612345678',
		receiver: account.virtualNumber,
	};
	return type === 'inbox_message'
		? { ...common, content: 'Hello, is my order on its way?', type: 'sms', file: null, processed: 0 }
		: {
				...common,
				content: `Call from +${common.sender} forwarded, duration 42 seconds`,
				content_type: 'complete',
				type: 'call',
			};
}

const contactSample = ({ type }: Sample): Fields => ({
	action: type === 'add_contact' ? 'add' : 'delete',
	groupid: '4821',
	groupname: 'Customers',
	receiver: '31612345678',
	firstname: 'Ada',
	lastname: 'Lovelace',
	Custom1: 'gold',
	...Object.fromEntries([2, 3, 4, 5, 6, 7, 8].map((n) => [`Custom${n}`, null])),
	unsubscribed: false,
	unsubscribe_date: null,
});

const groupSample = ({ type }: Sample): Fields => ({
	action: type === 'add_group' ? 'add' : 'delete',
	groupid: '4821',
	groupname: 'Customers',
});

/**
 * Default payload object of each type; realistic values a test can override. Written apart from
 * test/fixtures/spec-events.ts on purpose: the tests check these events against that independent copy.
 */
const SAMPLES: Readonly<Record<string, (sample: Sample) => Fields>> = {
	delivery_report: messageSample,
	read_report: messageSample,
	inbox_message: inboxSample,
	call_forwarding: inboxSample,
	add_contact: contactSample,
	delete_contact: contactSample,
	add_group: groupSample,
	delete_group: groupSample,
	add_optout: ({ t, newInternalId }) => ({
		action: 'add',
		id: newInternalId(),
		number: '31612345678',
		memo: 'Replied STOP',
		date: t.localDay,
		date_utc: t.utcDay,
	}),
	delete_optout: ({ t }) => ({ action: 'delete', number: '31612345678', date: t.localDay, date_utc: t.utcDay }),
	funds_purchased: ({ t, newInternalId }) => ({
		order_id: newInternalId(),
		item_amount: 1000,
		currency: 'eur',
		total_price: 90.75,
		price_excl: 75,
		purchase_type: 'credits',
		payment_mode: 'online',
		reference: 'top-up',
		date: t.local,
		date_utc: t.utc,
	}),
	insufficient_funds: ({ t }) => ({
		item_amount: '0.000',
		item_type: 'balance',
		message: 'Your account has insufficient funds to send messages. Please top up.',
		date: t.local,
		date_utc: t.utc,
	}),
	email2sms_received: ({ t }) => ({
		sender: 'alerts@example.com',
		receiver: { group: false, receiver: '31612345678' },
		result: 'Message sent',
		status: 'success',
		email_message_id: `<${randomUUID()}@example.com>`,
		sms_message_id: randomBytes(15).toString('hex'),
		date: t.local,
		date_utc: t.utc,
	}),
	api_error: ({ t }) => ({
		error: 'Invalid phone number',
		error_code: 2006,
		sender: 'Shop',
		receiver: '316',
		http_code: 400,
		date: t.local,
		date_utc: t.utc,
	}),
};

function defaultPayload(type: string, account: AccountInfo, now: Date, newInternalId: InternalIds): Fields {
	const build = SAMPLES[type];
	if (!build) throw new Error(`unknown webhook type "${type}"`);
	return build({ type, t: timesOf(now, account.timezone), account, newInternalId });
}

/**
 * A complete event of `type`: envelope (docs/gateway-api.md#webhooks) plus its payload object, with `overrides` merged in
 * (envelope fields at the top, payload fields under the payload key, e.g. `{ message: { content } }`).
 */
export function buildEvent(
	type: string,
	account: AccountInfo,
	overrides: Fields = {},
	now = new Date(),
	newInternalId: InternalIds = randomInternalId,
): WebhookEvent {
	const eventType = findEventType(type);
	if (!eventType) throw new Error(`unknown webhook type "${type}"`);
	const t = timesOf(now, account.timezone);
	const event: Fields = {
		webhook_id: newWebhookId(),
		webhook_type: type,
		username: account.username,
		timezone: account.timezone,
		method: 'POST',
		created: t.local,
		created_utc: t.utc,
		[eventType.payloadKey]: defaultPayload(type, account, now, newInternalId),
	};
	return deepMerge(event, overrides) as WebhookEvent;
}

/** `isreply` for an incoming message that answers `original` (docs/gateway-api.md#webhook-types). */
export function isreplyFor(
	original: { messageid: string; content: string; sender: string; receiver: string; reference: string; created: Date },
	timeZone: string,
): Fields {
	const t = timesOf(original.created, timeZone);
	return {
		reply: true,
		orig_message_content: original.content,
		orig_messageid: original.messageid,
		orig_messagedate: t.local,
		orig_messagedate_iso8601: t.localIso,
		orig_messagedate_utc: t.utc,
		orig_messagedate_utc_iso8601: t.utcIso,
		orig_sender: original.sender,
		orig_receiver: original.receiver,
		orig_reference: original.reference,
	};
}
