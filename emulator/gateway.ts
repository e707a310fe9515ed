/**
 * What the emulated gateway does besides answering: emits events to the registered endpoints,
 * reports deliveries on a timer, charges the balance, and reports failed sends as api_error
 * webhooks. One per emulator instance, over its state; `settle()` and `close()` wait for or cancel
 * everything it started.
 */
import { randomBytes } from 'node:crypto';

import { API_ERROR_STATUS_CODES, DELIVERY_DETAIL_CODES, deliveryStatusText, UNKNOWN_STATUS_CODE } from '../nodes/MessagingGateway/core/codes';
import { isEventSelected } from '../nodes/MessagingGateway/core/events';
import type { WebhookEvent } from '../nodes/MessagingGateway/core/event-fields';
import { generateTestHeaders } from '../nodes/MessagingGateway/core/signature';
import { deliver, prepareDelivery, type Delivery } from './dispatch';
import { buildEvent, timesOf, type Fields } from './events';
import { apiError } from './http';
import { finalStateFor, OPTED_OUT_SUFFIX } from './magic';
import type { SendContext } from './routes/send-context';
import type { State } from './state';
import type { SentMessage } from './types';

const MAX_TIMER_MS = 2 ** 31 - 1;

const newMessageId = () => {
	const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from(randomBytes(30), (byte) => alphabet[byte % alphabet.length]).join('');
};

export interface Gateway {
	/** Builds an event of `type` with `fields` merged in and delivers it to every subscribed endpoint. */
	emit(type: string, fields?: Fields): { event: WebhookEvent; deliveries: Delivery[] };
	dispatchEvent(event: WebhookEvent): { event: WebhookEvent; deliveries: Delivery[] };
	/** The attempts of a delivery still in flight. */
	inFlight: Map<Delivery, Promise<unknown>>;
	/** What the send routes need. */
	send: SendContext;
	settle(): Promise<void>;
	/** Cancels every scheduled report. */
	cancelTimers(): void;
}

export function createGateway(state: State): Gateway {
	const { account, settings, deliveries, endpoints, events, messages } = state;
	const pending = new Set<Promise<unknown>>();
	const timers = new Set<NodeJS.Timeout>();
	const inFlight = new Map<Delivery, Promise<unknown>>();

	const track = (promise: Promise<unknown>) => {
		pending.add(promise);
		void promise.finally(() => pending.delete(promise));
	};
	/** A timer that settle() waits for and close() cancels. */
	const later = (ms: number, task: () => void) => {
		track(
			new Promise<void>((resolve) => {
				const timer = setTimeout(() => {
					timers.delete(timer);
					task();
					resolve();
				}, ms);
				timers.add(timer);
			}),
		);
	};

	const dispatchEvent = (event: WebhookEvent) => {
		const dispatch = { ...settings, signingSecret: account.signingSecret, brand: account.brand };
		const sent = endpoints
			.filter((endpoint) => isEventSelected(event.webhook_type, endpoint.types))
			.map((endpoint) => {
				const delivery = prepareDelivery(state.nextId('delivery'), event, endpoint, dispatch);
				deliveries.push(delivery);
				const attempts = deliver(delivery, dispatch).finally(() => inFlight.delete(delivery));
				inFlight.set(delivery, attempts);
				track(attempts);
				return delivery;
			});
		// Logged whether or not an endpoint receives it, so the emulator can be watched on its own.
		const body = JSON.stringify(event);
		const headers = account.signingSecret ? generateTestHeaders(body, account.signingSecret, undefined, account.brand) : {};
		events.push({ event, body, headers, deliveries: sent.map((delivery) => delivery.id) });
		return { event, deliveries: sent };
	};
	const emit = (type: string, fields: Fields = {}) =>
		dispatchEvent(buildEvent(type, account, fields, new Date(), () => state.nextId('internal')));

	const reportDelivery = (message: SentMessage, code: string, detail?: string) => {
		message.deliveryCode = code;
		message.deliveryCodeDetail = detail;
		const report: Fields = {
			messageid: message.messageid,
			datetime: timesOf(new Date(message.created), account.timezone).local,
			content: message.content,
			sender: message.sender,
			receiver: message.to,
			reference: message.reference,
			...(message.messageType ? { message_type: message.messageType } : {}),
			delivery_code: code,
			delivery_status: deliveryStatusText(code),
			delivery_status_datetime: timesOf(new Date(), account.timezone).local,
			cost: message.cost,
		};
		if (detail) {
			report.delivery_code_detail = detail;
			report.delivery_code_detail_description = DELIVERY_DETAIL_CODES[detail];
		}
		emit('delivery_report', { message: report });
	};

	/** Submitted report at send (or schedule) time, the final state `deliveryDelayMs` later. */
	const scheduleReports = (message: SentMessage, startInMs: number) => {
		// Node fires longer timers at once; a send scheduled that far ahead (24.8 days) stays scheduled.
		if (startInMs > MAX_TIMER_MS) return;
		later(startInMs, () => {
			reportDelivery(message, '0');
			const final = finalStateFor(message.to);
			if (final.code !== '0') later(settings.deliveryDelayMs, () => reportDelivery(message, final.code, final.detail));
		});
	};

	/** A failed send: the API answer, and the api_error webhook the gateway emits for it (docs/gateway-api.md#api-errors). */
	const fail = (code: string, errorMsg: string, receiver: unknown, sender: unknown = '') => {
		const t = timesOf(new Date(), account.timezone);
		emit('api_error', {
			error: {
				error: errorMsg,
				error_code: API_ERROR_STATUS_CODES[code] ?? UNKNOWN_STATUS_CODE,
				sender: typeof sender === 'string' ? sender : '',
				receiver: Array.isArray(receiver) ? receiver.join(',') : typeof receiver === 'string' ? receiver : '',
				http_code: 400,
				date: t.local,
				date_utc: t.utc,
			},
		});
		return apiError(code, errorMsg);
	};

	const send: SendContext = {
		account,
		fail,
		/** Numbers on the opt-out list: added through the control API, or ending in the magic suffix. */
		optedOut: (number) => state.optouts.has(number) || number.endsWith(OPTED_OUT_SUFFIX),
		charge(total, receiver, sender = '') {
			if (account.balance < total) {
				const failure = fail('108', 'Not enough credits', receiver, sender);
				emit('insufficient_funds', { funds: { item_amount: Math.max(account.balance, 0).toFixed(3) } });
				throw failure;
			}
			account.balance = Math.round((account.balance - total) * 1000) / 1000;
		},
		accept(record, scheduledFor) {
			messages.push(record);
			if (!record.test) scheduleReports(record, scheduledFor ? Math.max(0, scheduledFor.getTime() - Date.now()) : 0);
		},
		newMessageId,
	};

	return {
		emit,
		dispatchEvent,
		inFlight,
		send,
		async settle() {
			while (pending.size > 0) await Promise.allSettled([...pending]);
		},
		cancelTimers() {
			for (const timer of timers) clearTimeout(timer);
			timers.clear();
		},
	};
}
