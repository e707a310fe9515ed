/** The emulator's shapes: its account, settings and records, and the handle `startEmulator` returns. */
import type { WebhookEvent } from '../nodes/MessagingGateway/core/events/event-fields';
import type { Group } from './contacts';
import type { Delivery, WebhookEndpoint } from './dispatch';
import type { Fields } from './events';

export interface Account {
	username: string;
	timezone: string;
	/** Credits left. */
	balance: number;
	pricePerSegment: number;
	/** Credits a voice message costs per recipient. */
	pricePerVoiceMessage: number;
	apiKey: string;
	apiSecret: string;
	/** Empty: webhooks go out unsigned. */
	signingSecret: string;
	brand: string;
	virtualNumber: string;
}

export interface Settings {
	/** Time between the submitted delivery report and the final one. */
	deliveryDelayMs: number;
	/** Up to this much more, chosen at random per message: final reports spread over `deliveryDelayMs` … `+ deliveryJitterMs`. */
	deliveryJitterMs: number;
	/**
	 * Every webhook delivered twice, as at-least-once gateways do now and then: the same event (same
	 * `webhook_id`, signed again) goes out once more `retryBaseMs` after the first delivery ended.
	 */
	duplicateDeliveries: boolean;
	maxAttempts: number;
	retryBaseMs: number;
	webhookTimeoutMs: number;
	/** Added before every API answer: a real gateway is a network round trip away. */
	apiLatencyMs: number;
	/** A sent message is listed (conversation, history) only this long after it was accepted, as a gateway whose lists lag. */
	listingDelayMs: number;
	/** An incoming STOP (whole text an opt-out keyword) puts its sender on the opt-out list, with `add_optout` (keywords.ts). */
	optOutKeywords: boolean;
	/** The webhook registration calls (routes/webhooks.ts) exist; false: they answer 404, as a gateway without them. */
	webhookApi: boolean;
}

export interface SentMessage {
	messageid: string;
	/** Absent for SMS. */
	messageType?: 'voice' | 'whatsapp';
	to: string;
	sender: string;
	content: string;
	reference: string;
	subid?: string;
	/** The group a group send went to (`type: "group"`). */
	group?: string;
	test: boolean;
	scheduledFor?: string;
	/** A scheduled message's `date` as the gateway keeps it: `yyyy-MM-dd HH:mm` in the account's time zone. */
	date?: string;
	/** SMS only. */
	segments?: number;
	encoding?: string;
	/** Voice only. */
	language?: string;
	gender?: string;
	cost: number;
	deliveryCode: string;
	deliveryCodeDetail?: string;
	created: string;
}

/** An HTTP API request as received, for tests and for users checking what their workflow sent. */
export interface ApiRequest {
	at: string;
	method: string;
	path: string;
	/** The query string as sent, without its `?`; empty when there is none. */
	query: string;
	headers: Record<string, string | string[] | undefined>;
	body: string;
	status?: number;
}

/** An event the emulator emitted: the JSON body and signature headers it goes out with, and its deliveries. */
export interface EmittedEvent {
	event: WebhookEvent;
	body: string;
	headers: Record<string, string>;
	deliveries: string[];
}

export interface Fault {
	/** 200: a success answer that is not the gateway's (no message id), with `body` (default `{}`). */
	status: 200 | 400 | 404 | 429 | 500 | 502 | 503 | 'hang';
	retryAfter?: number;
	/** The JSON body of a `200` fault. */
	body?: unknown;
	/** The answer echoes the request's body, as some gateways and proxies do: in the JSON's `errorMsg` (4xx) or in an HTML page (5xx). */
	echo?: boolean;
	/** API requests answered normally before this fault applies (to fail the Nth request of a batch). */
	after?: number;
	/** Only API requests to this path meet the fault (e.g. `/v1/optouts`); the others pass it by. */
	path?: string;
}

/** Builds an event of `type` with `fields` merged in and delivers it to every subscribed endpoint (gateway.ts). */
export type EmitEvent = (type: string, fields?: Fields) => { event: WebhookEvent; deliveries: Delivery[] };

export interface EmulatorOptions {
	port?: number;
	account?: Partial<Account>;
	settings?: Partial<Settings>;
	/** What `GET /v1/senderids` lists; two senders by default. */
	senderIds?: readonly string[];
	/** The groups the account starts with (contacts.ts DEFAULT_GROUPS: Customers and Staff). */
	groups?: readonly Group[];
}

export interface Emulator {
	url: string;
	port: number;
	account: Account;
	settings: Settings;
	messages: SentMessage[];
	deliveries: Delivery[];
	endpoints: WebhookEndpoint[];
	requests: ApiRequest[];
	events: EmittedEvent[];
	emit: EmitEvent;
	/**
	 * Resolves when no delivery report is scheduled and no webhook delivery is in flight; rejects after `limitMs`
	 * (default 5 minutes), naming what is still pending.
	 */
	settle(limitMs?: number): Promise<void>;
	close(): Promise<void>;
}
