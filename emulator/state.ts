/**
 * The emulator's state: the account, the settings, everything it recorded, and the control API's
 * way to change them (field checks, reset). One state per emulator instance; nothing module-level.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { formatZoned } from '../nodes/MessagingGateway/core/sending/schedule';
import { BRAND_WORD } from '../nodes/MessagingGateway/core/events/signature-header';
import type { Delivery, WebhookEndpoint } from './dispatch';
import type { Fields } from './events';
import { createDirectory, type Directory } from './contacts';
import { controlError } from './http';
import { createAutoresponders, resetAutoresponders, type AutoresponderState } from './autoresponders';
import type { Recipient } from './recipients';
import { createInbox, resetInbox, type InboxState } from './inbox';
import { MAX_TIMER_MS } from './tasks';
import { createWhatsApp, resetWhatsApp, type WhatsAppState } from './whatsapp';
import type { Account, ApiRequest, EmittedEvent, EmulatorOptions, Fault, SentMessage, Settings } from './types';

export const DEFAULT_ACCOUNT: Account = {
	username: 'demo',
	timezone: 'Europe/Amsterdam',
	balance: 100,
	pricePerSegment: 1,
	pricePerVoiceMessage: 2,
	apiKey: 'emulator-key',
	apiSecret: 'emulator-secret',
	signingSecret: 'whsec_emulator_signing_secret',
	brand: 'Service',
	virtualNumber: '3197010000001',
};

/** Two senders, so the Sender list of the demo shows a choice: a name and the virtual number. */
export const DEFAULT_SENDER_IDS: readonly string[] = ['Shop', '3197010000001'];

export const DEFAULT_SETTINGS: Settings = {
	deliveryDelayMs: 2000,
	deliveryJitterMs: 0,
	duplicateDeliveries: false,
	maxAttempts: 4,
	retryBaseMs: 1000,
	webhookTimeoutMs: 5000,
	apiLatencyMs: 0,
	listingDelayMs: 0,
	optOutKeywords: false,
	webhookApi: true,
};

const ACCOUNT_FIELD_TYPES: Record<keyof Account, string> = {
	username: 'string',
	timezone: 'string',
	balance: 'number',
	pricePerSegment: 'number',
	pricePerVoiceMessage: 'number',
	apiKey: 'string',
	apiSecret: 'string',
	signingSecret: 'string',
	brand: 'string',
	virtualNumber: 'string',
};
const SETTINGS_FIELD_TYPES: Record<keyof Settings, string> = {
	deliveryDelayMs: 'number',
	deliveryJitterMs: 'number',
	duplicateDeliveries: 'boolean',
	maxAttempts: 'number',
	retryBaseMs: 'number',
	webhookTimeoutMs: 'number',
	apiLatencyMs: 'number',
	listingDelayMs: 'number',
	optOutKeywords: 'boolean',
	webhookApi: 'boolean',
};
/** Most delivery attempts of one webhook: enough to test retries, not a loop that grows the attempt log. */
export const MAX_DELIVERY_ATTEMPTS = 20;
/** Each number setting's range: a whole count of attempts, and delays a timer can wait. */
const SETTINGS_RANGES: Partial<Record<keyof Settings, [min: number, max: number]>> = {
	deliveryDelayMs: [0, MAX_TIMER_MS],
	deliveryJitterMs: [0, MAX_TIMER_MS],
	maxAttempts: [1, MAX_DELIVERY_ATTEMPTS],
	retryBaseMs: [0, MAX_TIMER_MS],
	webhookTimeoutMs: [1, MAX_TIMER_MS],
	apiLatencyMs: [0, MAX_TIMER_MS],
	listingDelayMs: [0, MAX_TIMER_MS],
};

/** A request to the sink: a stand-in for an alerting or chat service in demos. */
export interface SinkRequest {
	at: string;
	headers: IncomingMessage['headers'];
	body: string;
}

export interface State {
	readonly account: Account;
	readonly settings: Settings;
	readonly messages: SentMessage[];
	readonly deliveries: Delivery[];
	readonly endpoints: WebhookEndpoint[];
	readonly requests: ApiRequest[];
	readonly events: EmittedEvent[];
	readonly sink: SinkRequest[];
	readonly optouts: Set<string>;
	/** Groups and contacts (contacts.ts). */
	readonly directory: Directory;
	readonly senderIds: string[];
	/** Received messages (inbox and conversation lists) and the order the inbox lists them in. */
	readonly inbox: InboxState;
	/** Numbers that answer every SMS they receive (autoresponders.ts). */
	readonly autoresponders: AutoresponderState;
	/** How the messages to set numbers fare, per channel (recipients.ts). */
	readonly recipients: Recipient[];
	/** WhatsApp's templates and 24-hour windows (whatsapp.ts). */
	readonly whatsapp: WhatsAppState;
	/** Faults still to apply to API requests, first one next. */
	readonly faults: Fault[];
	/** TCP connections accepted (all; those that carried API requests) and API requests since start or reset: GET /emulator/stats. */
	readonly stats: { connections: number; apiConnections: number; apiRequests: number };
	/** The sockets that carried an API request, counted once each. */
	readonly apiSockets: WeakSet<object>;
	/** API requests held open by a `hang` fault; closing the emulator ends them. */
	readonly hanging: Set<ServerResponse>;
	/** The instance's counters for the ids it hands out. */
	nextId(kind: 'endpoint' | 'delivery' | 'internal'): string;
	/**
	 * Now, in epoch ms, strictly later than the instant it last gave: a message sent and one received are never
	 * stamped with one millisecond, so the conversation list orders them as they happened.
	 */
	recordInstant(): number;
	/** Copies checked fields into the account (control API); nothing changes when one is wrong. */
	updateAccount(fields: Fields): void;
	updateSettings(fields: Fields): void;
	/** Back to the options `startEmulator` was given. */
	reset(): void;
}

/** Copies `source` into `target` once every field is known and of its type; nothing changes otherwise. */
function pick<T extends object>(target: T, source: Fields, types: Record<keyof T, string>, what: string) {
	for (const [key, value] of Object.entries(source)) {
		const expected = types[key as keyof T];
		if (!expected) throw controlError(`unknown ${what} field "${key}"; known: ${Object.keys(types).join(', ')}`);
		if (typeof value !== expected) throw controlError(`${what} field "${key}" must be a ${expected}`);
	}
	Object.assign(target, source);
}

/** The account fields pick() cannot judge by their type alone; the types it reports itself. */
function assertAccountValues({ timezone, brand }: Fields) {
	if (typeof timezone === 'string') {
		try {
			formatZoned(new Date(), timezone);
		} catch {
			throw controlError(`"${timezone}" is not an IANA time zone name`);
		}
	}
	// The trigger reads X-<brand>-Signature by the same rule (core/events/signature.ts).
	if (typeof brand === 'string' && !BRAND_WORD.test(brand)) {
		throw controlError(
			'"brand" must be letters, digits, "-", "_" or "." (it goes into the header names X-<brand>-Signature)',
		);
	}
}

/** Settings a timer or the attempt log can live with; pick() reports unknown fields and types. */
function assertSettingsInRange(fields: Fields) {
	for (const [key, value] of Object.entries(fields)) {
		const range = SETTINGS_RANGES[key as keyof Settings];
		if (!range || typeof value !== 'number') continue;
		const [min, max] = range;
		const whole = key === 'maxAttempts' ? Number.isInteger(value) : Number.isFinite(value);
		if (!whole || value < min || value > max)
			throw controlError(
				`settings field "${key}" must be ${key === 'maxAttempts' ? 'a whole number' : 'a number'} from ${min} to ${max}`,
			);
	}
}

export function createState(options: EmulatorOptions): State {
	assertAccountValues(options.account ?? {});
	assertSettingsInRange(options.settings ?? {});
	const counters = { endpoint: 0, delivery: 0, internal: 100000 };
	let lastInstant = 0;
	const prefixes = { endpoint: 'ep_', delivery: 'dl_', internal: '' };
	const state: State = {
		account: { ...DEFAULT_ACCOUNT, ...options.account },
		settings: { ...DEFAULT_SETTINGS, ...options.settings },
		messages: [],
		deliveries: [],
		endpoints: [],
		requests: [],
		events: [],
		sink: [],
		optouts: new Set<string>(),
		directory: createDirectory(options.groups),
		senderIds: [...(options.senderIds ?? DEFAULT_SENDER_IDS)],
		inbox: createInbox(),
		autoresponders: createAutoresponders(),
		recipients: [],
		whatsapp: createWhatsApp(),
		faults: [],
		stats: { connections: 0, apiConnections: 0, apiRequests: 0 },
		apiSockets: new WeakSet<object>(),
		hanging: new Set<ServerResponse>(),
		nextId: (kind) => `${prefixes[kind]}${++counters[kind]}`,
		recordInstant: () => (lastInstant = Math.max(Date.now(), lastInstant + 1)),
		updateAccount(fields) {
			assertAccountValues(fields);
			pick(state.account, fields, ACCOUNT_FIELD_TYPES, 'account');
		},
		updateSettings(fields) {
			assertSettingsInRange(fields);
			pick(state.settings, fields, SETTINGS_FIELD_TYPES, 'settings');
		},
		reset() {
			Object.assign(state.account, DEFAULT_ACCOUNT, options.account);
			Object.assign(state.settings, DEFAULT_SETTINGS, options.settings);
			for (const list of [
				state.messages,
				state.deliveries,
				state.endpoints,
				state.requests,
				state.sink,
				state.events,
				state.faults,
			]) {
				list.length = 0;
			}
			state.optouts.clear();
			state.directory.reset();
			resetInbox(state.inbox);
			resetAutoresponders(state.autoresponders);
			state.recipients.length = 0;
			resetWhatsApp(state.whatsapp);
			state.senderIds.splice(0, state.senderIds.length, ...(options.senderIds ?? DEFAULT_SENDER_IDS));
			Object.assign(state.stats, { connections: 0, apiConnections: 0, apiRequests: 0 });
		},
	};
	return state;
}
