/** Delivers webhook events to subscribed endpoints: signed, retried with backoff, every attempt recorded. */
import type { WebhookEvent } from '../nodes/MessagingGateway/core/events/event-fields';
import { encodeQuery } from '../nodes/MessagingGateway/core/events/query';
import { generateTestHeaders } from '../nodes/MessagingGateway/core/events/signature';
import { MAX_TIMER_MS } from './tasks';

export interface WebhookEndpoint {
	id: string;
	url: string;
	method: 'POST' | 'GET';
	/** Webhook types this endpoint receives; `*` for all. */
	types: string[];
	/** A registration made through the API (routes/webhooks.ts): its deliveries are signed with this, not the account's. */
	secret?: string;
}

export interface DeliveryAttempt {
	at: string;
	status?: number;
	error?: string;
	durationMs: number;
}

export interface Delivery {
	id: string;
	webhookId: string | number;
	webhookType: string;
	endpointId: string;
	url: string;
	method: 'POST' | 'GET';
	/** The signed bytes: the JSON body (POST) or the query string (GET). */
	payload: string;
	headers: Record<string, string>;
	state: 'pending' | 'delivered' | 'failed';
	attempts: DeliveryAttempt[];
	/** Set on the second delivery of a webhook (setting `duplicateDeliveries`): the id of the delivery it repeats. */
	repeatOf?: string;
}

export interface DispatchSettings {
	signingSecret: string;
	/** Word in the header names, `X-<brand>-Signature`; the real gateway uses its brand. */
	brand: string;
	maxAttempts: number;
	retryBaseMs: number;
	webhookTimeoutMs: number;
}

/** The delivery of `event` to `endpoint`, not yet attempted; `id` comes from the emulator instance's counter. */
export function prepareDelivery(
	id: string,
	event: WebhookEvent,
	endpoint: WebhookEndpoint,
	settings: DispatchSettings,
): Delivery {
	const payload = endpoint.method === 'GET' ? encodeQuery({ ...event, method: 'GET' }) : JSON.stringify(event);
	const headers: Record<string, string> =
		endpoint.method === 'POST' ? { 'Content-Type': 'application/json; charset=utf-8' } : {};
	if (settings.signingSecret) {
		Object.assign(headers, generateTestHeaders(payload, settings.signingSecret, undefined, settings.brand));
	}
	return {
		id,
		webhookId: event.webhook_id,
		webhookType: event.webhook_type,
		endpointId: endpoint.id,
		url: endpoint.url,
		method: endpoint.method,
		payload,
		headers,
		state: 'pending',
		attempts: [],
	};
}

/** One line on a delivery: its event, where it goes, its state and each attempt's time and answer. */
export function describeDelivery(delivery: Delivery): string {
	const attempts = delivery.attempts.map(
		(attempt) => `${attempt.at.slice(11, 23)} ${attempt.status ?? attempt.error} in ${attempt.durationMs} ms`,
	);
	const repeat = delivery.repeatOf === undefined ? '' : ` (repeats ${delivery.repeatOf})`;
	return `delivery ${delivery.id}${repeat} of ${delivery.webhookType} ${delivery.webhookId} to ${delivery.url}, ${delivery.state}; attempts: ${attempts.join('; ') || 'none yet'}`;
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Sends one delivery until a 2xx answer or `maxAttempts`, doubling the wait between attempts. */
export async function deliver(delivery: Delivery, settings: DispatchSettings): Promise<Delivery> {
	for (let attempt = 1; attempt <= settings.maxAttempts; attempt++) {
		const started = Date.now();
		const record: DeliveryAttempt = { at: new Date(started).toISOString(), durationMs: 0 };
		try {
			const url = delivery.method === 'GET' ? `${delivery.url}?${delivery.payload}` : delivery.url;
			const response = await fetch(url, {
				method: delivery.method,
				headers: delivery.headers,
				body: delivery.method === 'POST' ? delivery.payload : undefined,
				signal: AbortSignal.timeout(settings.webhookTimeoutMs),
			});
			await response.arrayBuffer();
			record.status = response.status;
		} catch (error) {
			record.error =
				(error as Error).name === 'TimeoutError'
					? `no answer within ${settings.webhookTimeoutMs} ms`
					: String((error as Error).cause ?? error);
		}
		record.durationMs = Date.now() - started;
		delivery.attempts.push(record);
		if (record.status !== undefined && record.status >= 200 && record.status < 300) {
			delivery.state = 'delivered';
			return delivery;
		}
		if (attempt < settings.maxAttempts) await wait(Math.min(settings.retryBaseMs * 2 ** (attempt - 1), MAX_TIMER_MS));
	}
	delivery.state = 'failed';
	return delivery;
}
