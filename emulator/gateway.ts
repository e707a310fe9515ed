/**
 * What the emulated gateway does besides answering: emits events to the registered endpoints,
 * reports failed API requests as api_error webhooks, and gives the send routes their services
 * (sending.ts). One per emulator instance, over its state; `settle()` and `cancelTimers()` wait for
 * or cancel everything it started.
 */
import { isEventSelected } from '../nodes/MessagingGateway/core/events/events';
import type { WebhookEvent } from '../nodes/MessagingGateway/core/events/event-fields';
import { generateTestHeaders } from '../nodes/MessagingGateway/core/events/signature';
import { deliver, describeDelivery, prepareDelivery, wait, type Delivery, type WebhookEndpoint } from './dispatch';
import { buildEvent, timesOf, type Fields } from './events';
import type { HttpError } from './http';
import { answerOf, autoresponderFor } from './autoresponders';
import { receiveInbound } from './inbound';
import { readInbound } from './routes/control-input';
import { createSendServices, type SendServices } from './sending';
import type { State } from './state';
import { API_ERROR_STATUS_CODES, UNKNOWN_STATUS_CODE } from './status-codes';
import { createTasks, MAX_TIMER_MS } from './tasks';
import type { SentMessage } from './types';

export interface Gateway {
	/** Builds an event of `type` with `fields` merged in and delivers it to every subscribed endpoint. */
	emit(type: string, fields?: Fields): { event: WebhookEvent; deliveries: Delivery[] };
	/** The api_error webhook of a failed API request (docs/gateway-api.md#api-errors); insufficient_funds too for a 108. */
	reportFailure(failure: HttpError, request: Fields): void;
	/** The attempts of a delivery still in flight. */
	inFlight: Map<Delivery, Promise<unknown>>;
	/** What the send routes need. */
	send: SendServices;
	settle(limitMs?: number): Promise<void>;
	/** Cancels every scheduled report. */
	cancelTimers(): void;
}

/** The `receiver` an api_error names: the request's `to`, a list joined with commas. */
const receiverOf = (to: unknown) => (Array.isArray(to) ? to.join(',') : typeof to === 'string' ? to : '');

export function createGateway(state: State): Gateway {
	const { account, settings } = state;
	const tasks = createTasks();
	const inFlight = new Map<Delivery, Promise<unknown>>();

	/**
	 * Delivers `event` to `endpoint`; with `duplicateDeliveries`, once more `retryBaseMs` after that ended
	 * (signed again, `repeatOf` naming the first). The first's entry in `inFlight` lasts until both ended.
	 */
	const deliverTo = (event: WebhookEvent, endpoint: WebhookEndpoint, repeatOf?: string): Delivery => {
		const signingSecret = endpoint.secret ?? account.signingSecret;
		const dispatch = { ...settings, signingSecret, brand: account.brand };
		const delivery = prepareDelivery(state.nextId('delivery'), event, endpoint, dispatch);
		if (repeatOf !== undefined) delivery.repeatOf = repeatOf;
		state.deliveries.push(delivery);
		const repeat = async () => {
			if (repeatOf !== undefined || !settings.duplicateDeliveries) return;
			await wait(settings.retryBaseMs);
			await inFlight.get(deliverTo(event, endpoint, delivery.id));
		};
		const attempts = deliver(delivery, dispatch)
			.then(repeat)
			.finally(() => inFlight.delete(delivery));
		inFlight.set(delivery, attempts);
		tasks.track(attempts, () => describeDelivery(delivery));
		return delivery;
	};

	const dispatchEvent = (event: WebhookEvent) => {
		const sent = state.endpoints
			.filter((endpoint) => isEventSelected(event.webhook_type, endpoint.types))
			.map((endpoint) => deliverTo(event, endpoint));
		// Logged whether or not an endpoint receives it, so the emulator can be watched on its own.
		const body = JSON.stringify(event);
		const headers = account.signingSecret
			? generateTestHeaders(body, account.signingSecret, undefined, account.brand)
			: {};
		state.events.push({ event, body, headers, deliveries: sent.map((delivery) => delivery.id) });
		return { event, deliveries: sent };
	};
	const emit = (type: string, fields: Fields = {}) =>
		dispatchEvent(buildEvent(type, account, fields, new Date(), () => state.nextId('internal')));

	const reportFailure = (failure: HttpError, request: Fields) => {
		const { error: code, errorMsg } = failure.body as { error: string; errorMsg?: string };
		const t = timesOf(new Date(), account.timezone);
		const error = {
			error: errorMsg ?? code,
			error_code: API_ERROR_STATUS_CODES[code] ?? UNKNOWN_STATUS_CODE,
			sender: typeof request.sender === 'string' ? request.sender : '',
			receiver: receiverOf(request.to),
			http_code: failure.status,
			date: t.local,
			date_utc: t.utc,
		};
		emit('api_error', { error });
		if (code === '108') emit('insufficient_funds', { funds: { item_amount: Math.max(account.balance, 0).toFixed(3) } });
	};

	/** An SMS to an auto-responder is answered its delay after it goes out (autoresponders.ts); a voice call is not. */
	const autoRespond = (message: SentMessage, startInMs: number) => {
		const responder =
			message.messageType === undefined ? autoresponderFor(state.autoresponders, message.to) : undefined;
		if (responder === undefined || startInMs + responder.delayMs > MAX_TIMER_MS) return;
		tasks.later(
			startInMs + responder.delayMs,
			() => {
				const answer = answerOf(state.autoresponders, responder, message);
				receiveInbound(state, emit, readInbound(answer, account, state.messages));
			},
			`the auto-responder's answer to ${message.messageid}`,
		);
	};

	return {
		emit,
		reportFailure,
		inFlight,
		send: createSendServices(state, emit, tasks, autoRespond),
		settle: tasks.settle,
		cancelTimers: tasks.cancelTimers,
	};
}
