/**
 * The local gateway emulator: the send API of spec 4.1 with the answers public-api-notes records,
 * every webhook of spec section 6 signed per 5.2, and a control API under /emulator/.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
	countSegments,
	DELIVERY_DETAIL_CODES,
	formatZoned,
	generateTestHeaders,
	MAX_MESSAGE_LENGTH,
	MAX_SENDER_DIGITS,
	MAX_SENDER_NAME_LENGTH,
	messageLength,
	SENDER_NAME_PATTERN,
	SENDER_NUMBER_PATTERN,
	WEBHOOK_EVENT_TYPES,
	type WebhookEvent,
} from '../nodes/MessagingGateway/core';
import { deliver, prepareDelivery, subscribes, type Delivery, type WebhookEndpoint } from './dispatch';
import { buildEvent, isreplyFor, timesOf, type Fields } from './events';
import { apiError, controlError, HttpError, parseApiBody } from './http';
import { checkRecipients, checkReference, checkScheduleDate, type Check } from './routes/checks';
import { handleFormatNumber } from './routes/format';
import { DEFAULT_SENDER_IDS, readSenderIds, senderIdsAnswer } from './routes/senderids';
import { handleVoiceSend, type SendContext } from './routes/voice';
import { DELIVERY_STATUS_TEXT, finalStateFor, OPTED_OUT_SUFFIX } from './magic';

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
	maxAttempts: number;
	retryBaseMs: number;
	webhookTimeoutMs: number;
	/** Added before every API answer: a real gateway is a network round trip away. */
	apiLatencyMs: number;
}

export interface SentMessage {
	messageid: string;
	/** Absent for SMS. */
	messageType?: 'voice';
	to: string;
	sender: string;
	content: string;
	reference: string;
	subid?: string;
	test: boolean;
	scheduledFor?: string;
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
	status: 429 | 500 | 503 | 'hang';
	retryAfter?: number;
	/** API requests answered normally before this fault applies (to fail the Nth request of a batch). */
	after?: number;
}

export interface EmulatorOptions {
	port?: number;
	account?: Partial<Account>;
	settings?: Partial<Settings>;
	/** What `GET /v1/senderids` lists; two senders by default. */
	senderIds?: readonly string[];
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
	/** Builds an event of `type` with `fields` merged in and delivers it to every subscribed endpoint. */
	emit(type: string, fields?: Fields): { event: WebhookEvent; deliveries: Delivery[] };
	/** Resolves when no delivery report is scheduled and no webhook delivery is in flight. */
	settle(): Promise<void>;
	close(): Promise<void>;
}

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

export const DEFAULT_SETTINGS: Settings = {
	deliveryDelayMs: 2000,
	maxAttempts: 4,
	retryBaseMs: 1000,
	webhookTimeoutMs: 5000,
	apiLatencyMs: 0,
};

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The status code (spec 7.2) an api_error webhook carries for each HTTP API error code. */
const STATUS_CODE_OF_API_ERROR: Record<string, number> = {
	'102': 4001,
	'103': 2006,
	'106': 2006,
	'108': 2000,
	'109': 2005,
	'110': 2005,
	'111': 2005,
	'118': 2001,
	'121': 4000,
	'131': 4004,
};

const newMessageId = () => {
	const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from(randomBytes(30), (byte) => alphabet[byte % alphabet.length]).join('');
};

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) reject(controlError('request body larger than 1 MiB', 413));
			else chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
	res.end(JSON.stringify(body));
}

const isObject = (value: unknown): value is Fields =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

function parseControlBody(raw: Buffer): Fields {
	if (raw.length === 0) return {};
	try {
		const parsed: unknown = JSON.parse(raw.toString('utf8'));
		if (!isObject(parsed)) throw new Error('not an object');
		return parsed;
	} catch {
		throw controlError('the body must be a JSON object');
	}
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

function assertTimeZone(name: unknown) {
	if (typeof name !== 'string') return; // pick() reports the type
	try {
		formatZoned(new Date(), name);
	} catch {
		throw controlError(`"${name}" is not an IANA time zone name`);
	}
}

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
	maxAttempts: 'number',
	retryBaseMs: 'number',
	webhookTimeoutMs: 'number',
	apiLatencyMs: 'number',
};

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	const account: Account = { ...DEFAULT_ACCOUNT, ...options.account };
	const settings: Settings = { ...DEFAULT_SETTINGS, ...options.settings };
	const messages: SentMessage[] = [];
	const deliveries: Delivery[] = [];
	const endpoints: WebhookEndpoint[] = [];
	const requests: ApiRequest[] = [];
	const events: EmittedEvent[] = [];
	/** Requests to the sink: a stand-in for an alerting or chat service in demos. */
	const sink: Array<{ at: string; headers: IncomingMessage['headers']; body: string }> = [];
	const optouts = new Set<string>();
	const senderIds = [...(options.senderIds ?? DEFAULT_SENDER_IDS)];
	let faults: Fault[] = [];
	const pending = new Set<Promise<unknown>>();
	const timers = new Set<NodeJS.Timeout>();
	const hanging = new Set<ServerResponse>();
	const inFlight = new Map<Delivery, Promise<unknown>>();
	let endpointCounter = 0;
	/** TCP connections accepted (all; those that carried API requests) and API requests since start or reset: GET /emulator/stats. */
	const stats = { connections: 0, apiConnections: 0, apiRequests: 0 };
	const apiSockets = new WeakSet<object>();

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
			.filter((endpoint) => subscribes(endpoint, event.webhook_type))
			.map((endpoint) => {
				const delivery = prepareDelivery(event, endpoint, dispatch);
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
	const emit = (type: string, fields: Fields = {}) => dispatchEvent(buildEvent(type, account, fields));

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
			delivery_status: DELIVERY_STATUS_TEXT[code as keyof typeof DELIVERY_STATUS_TEXT],
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

	/** A failed send: the API answer, and the api_error webhook the gateway emits for it (spec 7.3). */
	const sendFailure = (code: string, errorMsg: string, sender: unknown, receiver: unknown) => {
		const t = timesOf(new Date(), account.timezone);
		emit('api_error', {
			error: {
				error: errorMsg,
				error_code: STATUS_CODE_OF_API_ERROR[code] ?? 4000,
				sender: typeof sender === 'string' ? sender : '',
				receiver: Array.isArray(receiver) ? receiver.join(',') : typeof receiver === 'string' ? receiver : '',
				http_code: 400,
				date: t.local,
				date_utc: t.utc,
			},
		});
		return apiError(code, errorMsg);
	};

	/** The checked value, or the failure answered and reported as an api_error webhook. */
	const passed = <T>(check: Check<T>, sender: unknown, receiver: unknown): T => {
		if (!check.ok) throw sendFailure(check.code, check.errorMsg, sender, receiver);
		return check.value;
	};

	/** Numbers on the opt-out list: added through the control API, or ending in the magic suffix. */
	const optedOut = (number: string) => optouts.has(number) || number.endsWith(OPTED_OUT_SUFFIX);

	/** Takes `total` credits off the balance, or answers 108 and emits insufficient_funds. */
	const charge = (total: number, sender: unknown, receiver: unknown) => {
		if (account.balance < total) {
			const failure = sendFailure('108', 'Not enough credits', sender, receiver);
			emit('insufficient_funds', { funds: { item_amount: Math.max(account.balance, 0).toFixed(3) } });
			throw failure;
		}
		account.balance = Math.round((account.balance - total) * 1000) / 1000;
	};

	/** Keeps a sent message; its delivery reports follow, except for a test send (validated only, nothing goes out). */
	const accept = (record: SentMessage, scheduledFor?: Date) => {
		messages.push(record);
		if (!record.test) scheduleReports(record, scheduledFor ? Math.max(0, scheduledFor.getTime() - Date.now()) : 0);
	};

	const voiceContext: SendContext = {
		account,
		fail: (code, errorMsg, receiver) => sendFailure(code, errorMsg, '', receiver),
		optedOut,
		charge: (total, receiver) => charge(total, '', receiver),
		accept,
		newMessageId,
	};

	const handleSend = (raw: Buffer): { status: number; body: unknown } => {
		const { message, to, sender, date, reference, test, subid } = parseApiBody(raw);

		if (typeof message !== 'string' || message.trim() === '') throw sendFailure('102', 'No message', sender, to);
		if (typeof sender !== 'string' || sender.trim() === '') throw sendFailure('109', 'No sender', sender, to);
		// The limits come from the core's rules; this is the gateway's own reading of them, with its codes.
		if (SENDER_NUMBER_PATTERN.test(sender)) {
			if (sender.replace('+', '').length > MAX_SENDER_DIGITS) throw sendFailure('111', 'Sender too long', sender, to);
		} else if (!SENDER_NAME_PATTERN.test(sender)) {
			throw sendFailure('110', 'Sender contains invalid characters', sender, to);
		} else if (sender.length > MAX_SENDER_NAME_LENGTH) {
			throw sendFailure('111', 'Sender too long', sender, to);
		}
		const numbers = passed(checkRecipients(to), sender, to);
		if (messageLength(message) > MAX_MESSAGE_LENGTH) throw sendFailure('118', 'Message too long', sender, to);
		const scheduledFor = passed(checkScheduleDate(date, account.timezone), sender, to);
		passed(checkReference(reference), sender, to);
		const blocked = numbers.find(optedOut);
		if (blocked) throw sendFailure('131', `Number ${blocked} is on the opt-out list`, sender, to);

		const length = countSegments(message);
		const cost = length.segments * account.pricePerSegment;
		const isTest = test === true;
		if (!isTest) charge(cost * numbers.length, sender, to);
		const created = new Date().toISOString();
		const sent = numbers.map((number) => {
			const record: SentMessage = {
				messageid: newMessageId(),
				to: number,
				sender,
				content: message,
				reference: typeof reference === 'string' ? reference : '',
				test: isTest,
				segments: length.segments,
				encoding: length.encoding,
				cost: isTest ? 0 : cost,
				deliveryCode: isTest ? 'test' : scheduledFor ? 'scheduled' : '0',
				created,
			};
			if (typeof subid === 'string' || typeof subid === 'number') record.subid = String(subid);
			if (scheduledFor) record.scheduledFor = scheduledFor.toISOString();
			accept(record, scheduledFor);
			return record;
		});
		const ids = sent.map((record) => record.messageid);
		return { status: 200, body: typeof to === 'string' ? { messageid: ids[0] } : { messageids: ids } };
	};

	const authenticate = (req: IncomingMessage) => {
		if (req.headers['x-client-id'] !== account.apiKey || req.headers['x-client-secret'] !== account.apiSecret) {
			throw apiError('104', 'Invalid credentials', 401);
		}
	};

	const handleApi = async (req: IncomingMessage, res: ServerResponse, path: string, raw: Buffer) => {
		const logged: ApiRequest = { at: new Date().toISOString(), method: req.method ?? '', path, headers: req.headers, body: raw.toString('utf8') };
		requests.push(logged);
		stats.apiRequests++;
		if (!apiSockets.has(req.socket)) {
			apiSockets.add(req.socket);
			stats.apiConnections++;
		}
		res.on('finish', () => (logged.status = res.statusCode));
		if (settings.apiLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.apiLatencyMs));
		let fault: Fault | undefined;
		if (faults[0]?.after) faults[0].after--;
		else fault = faults.shift();
		if (fault?.status === 'hang') {
			hanging.add(res);
			return;
		}
		if (fault) {
			const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
			return sendJson(res, fault.status, { error: '105', errorMsg: `Emulated fault: HTTP ${fault.status}` }, headers);
		}
		authenticate(req);
		if (req.method === 'POST' && path === '/v1/message/send') {
			const result = handleSend(raw);
			return sendJson(res, result.status, result.body);
		}
		if (req.method === 'POST' && path === '/v1/voice/send') {
			const result = handleVoiceSend(parseApiBody(raw), voiceContext);
			return sendJson(res, result.status, result.body);
		}
		if (req.method === 'GET' && path === '/v1/senderids') return sendJson(res, 200, senderIdsAnswer(senderIds));
		if (req.method === 'POST' && path === '/v1/format/number') {
			const result = handleFormatNumber(parseApiBody(raw));
			return sendJson(res, result.status, result.body);
		}
		if (req.method === 'GET' && path === '/v1/auth') return sendJson(res, 200, { success: true, username: account.username });
		if (req.method === 'GET' && path === '/v1/balance') {
			return sendJson(res, 200, { balance: account.balance, type: 'credits', username: account.username });
		}
		throw new HttpError(404, { error: 'not found' });
	};

	const handleControl = async (req: IncomingMessage, res: ServerResponse, path: string, url: URL, raw: Buffer) => {
		const route = `${req.method} ${path.replace(/\/+$/, '')}`;
		const body = req.method === 'GET' || req.method === 'DELETE' || path === '/emulator/sink' ? {} : parseControlBody(raw);
		const waitFor = async (sent: Delivery[]) => {
			if (url.searchParams.get('wait') === 'true') await Promise.all(sent.map((d) => inFlight.get(d)));
		};
		// POST /emulator/webhooks/<webhook_type>: a sample event of that type at the registered URLs,
		// the same as POST /emulator/events {type}; a JSON body may carry "fields" to merge in.
		const sampleType = /^POST \/emulator\/webhooks\/([^/]+)$/.exec(route)?.[1];
		if (sampleType !== undefined) body.type = sampleType;
		switch (sampleType !== undefined ? 'POST /emulator/events' : route) {
			case 'GET /emulator':
				return sendJson(res, 200, {
					account: { ...account },
					settings,
					endpoints,
					messages: messages.length,
					deliveries: deliveries.length,
					faults,
					senderIds,
					eventTypes: WEBHOOK_EVENT_TYPES.map((type) => type.value),
				});
			case 'GET /emulator/stats':
				return sendJson(res, 200, stats);
			case 'GET /emulator/account':
				return sendJson(res, 200, account);
			case 'PUT /emulator/account':
			case 'PATCH /emulator/account':
				assertTimeZone(body.timezone);
				pick(account, body, ACCOUNT_FIELD_TYPES, 'account');
				return sendJson(res, 200, account);
			case 'GET /emulator/senderids':
				return sendJson(res, 200, senderIds);
			case 'PUT /emulator/senderids': {
				const list = readSenderIds(body);
				if (typeof list === 'string') throw controlError(list);
				senderIds.splice(0, senderIds.length, ...list);
				return sendJson(res, 200, senderIds);
			}
			case 'GET /emulator/settings':
				return sendJson(res, 200, settings);
			case 'PUT /emulator/settings':
			case 'PATCH /emulator/settings':
				pick(settings, body, SETTINGS_FIELD_TYPES, 'settings');
				return sendJson(res, 200, settings);
			case 'GET /emulator/webhooks':
				return sendJson(res, 200, endpoints);
			case 'POST /emulator/webhooks': {
				const endpoint = validateEndpoint(body, `ep_${++endpointCounter}`);
				endpoints.push(endpoint);
				return sendJson(res, 201, endpoint);
			}
			case 'DELETE /emulator/webhooks':
				endpoints.length = 0;
				return sendJson(res, 200, endpoints);
			case 'POST /emulator/events': {
				const type = body.type;
				if (typeof type !== 'string' || !WEBHOOK_EVENT_TYPES.some((known) => known.value === type)) {
					throw controlError(`"type" must be one of: ${WEBHOOK_EVENT_TYPES.map((known) => known.value).join(', ')}`);
				}
				if (body.fields !== undefined && !isObject(body.fields)) throw controlError('"fields" must be an object');
				const result = emit(type, (body.fields as Fields) ?? {});
				await waitFor(result.deliveries);
				return sendJson(res, 201, result);
			}
			case 'GET /emulator/events': {
				const type = url.searchParams.get('type');
				const messageid = url.searchParams.get('messageid');
				const payloadOf = (entry: EmittedEvent) => entry.event.message as Record<string, unknown> | undefined;
				return sendJson(
					res,
					200,
					events.filter((entry) => (!type || entry.event.webhook_type === type) && (!messageid || payloadOf(entry)?.messageid === messageid)),
				);
			}
			case 'POST /emulator/inbound': {
				const result = dispatchEvent(inboundEvent(body));
				await waitFor(result.deliveries);
				return sendJson(res, 201, result);
			}
			case 'POST /emulator/sink':
				sink.push({ at: new Date().toISOString(), headers: req.headers, body: raw.toString('utf8') });
				return sendJson(res, 200, { received: true });
			case 'GET /emulator/sink':
				return sendJson(res, 200, sink);
			case 'GET /emulator/requests':
				return sendJson(res, 200, requests);
			case 'DELETE /emulator/requests':
				requests.length = 0;
				return sendJson(res, 200, requests);
			case 'GET /emulator/messages':
				return sendJson(res, 200, messages);
			case 'DELETE /emulator/messages':
				messages.length = 0;
				return sendJson(res, 200, messages);
			case 'GET /emulator/deliveries': {
				const type = url.searchParams.get('type');
				return sendJson(res, 200, type ? deliveries.filter((d) => d.webhookType === type) : deliveries);
			}
			case 'DELETE /emulator/deliveries':
				deliveries.length = 0;
				return sendJson(res, 200, deliveries);
			case 'GET /emulator/faults':
				return sendJson(res, 200, faults);
			case 'POST /emulator/faults': {
				const status = body.status === 'hang' || body.hang === true ? 'hang' : body.status;
				if (status !== 'hang' && status !== 429 && status !== 500 && status !== 503) {
					throw controlError('"status" must be 429, 500, 503 or "hang"');
				}
				const count = body.count ?? 1;
				if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
					throw controlError('"count" must be a positive integer');
				}
				if (body.retryAfter !== undefined && typeof body.retryAfter !== 'number') {
					throw controlError('"retryAfter" must be a number of seconds');
				}
				if (body.after !== undefined && (typeof body.after !== 'number' || !Number.isInteger(body.after) || body.after < 0)) {
					throw controlError('"after" must be a whole number of requests');
				}
				const fault: Fault = { status, retryAfter: body.retryAfter as number | undefined };
				if (body.after) faults.push({ ...fault, after: body.after as number });
				faults.push(...Array.from({ length: body.after ? count - 1 : count }, () => ({ ...fault })));
				return sendJson(res, 201, faults);
			}
			case 'DELETE /emulator/faults':
				faults = [];
				return sendJson(res, 200, faults);
			case 'GET /emulator/optouts':
				return sendJson(res, 200, [...optouts]);
			case 'POST /emulator/optouts': {
				if (typeof body.number !== 'string' || !/^\d{8,15}$/.test(body.number)) {
					throw controlError('"number" must be 8 to 15 digits');
				}
				optouts.add(body.number);
				return sendJson(res, 201, [...optouts]);
			}
			case 'POST /emulator/reset':
				Object.assign(account, DEFAULT_ACCOUNT, options.account);
				Object.assign(settings, DEFAULT_SETTINGS, options.settings);
				for (const list of [messages, deliveries, endpoints, requests, sink, events]) list.length = 0;
				optouts.clear();
				senderIds.splice(0, senderIds.length, ...(options.senderIds ?? DEFAULT_SENDER_IDS));
				faults = [];
				Object.assign(stats, { connections: 0, apiConnections: 0, apiRequests: 0 });
				return sendJson(res, 200, { reset: true });
			default:
				throw controlError(`no control route ${route}; see GET /emulator and the README`, 404);
		}
	};

	const validateEndpoint = (body: Fields, id: string): WebhookEndpoint => {
		let parsed: URL;
		try {
			parsed = new URL(String(body.url));
		} catch {
			throw controlError('"url" must be an absolute http(s) URL');
		}
		if (!/^https?:$/.test(parsed.protocol)) throw controlError('"url" must be an absolute http(s) URL');
		const method = body.method ?? 'POST';
		if (method !== 'POST' && method !== 'GET') throw controlError('"method" must be POST or GET');
		if (method === 'GET' && parsed.search) throw controlError('a GET endpoint URL cannot carry its own query string');
		const types = body.types ?? ['*'];
		const known = new Set<string>(['*', ...WEBHOOK_EVENT_TYPES.map((type) => type.value)]);
		if (!Array.isArray(types) || types.length === 0 || types.some((type) => !known.has(type as string))) {
			throw controlError(`"types" must be a list of: ${[...known].join(', ')}`);
		}
		return { id, url: parsed.toString(), method, types: types as string[] };
	};

	/** An incoming SMS on the virtual number; `replyTo` names a sent message it answers. */
	const inboundEvent = (body: Fields): WebhookEvent => {
		const from = body.from;
		if (typeof from !== 'string' || !/^\d{8,15}$/.test(from)) throw controlError('"from" must be 8 to 15 digits');
		if (typeof body.content !== 'string') throw controlError('"content" must be a text');
		const fields: Fields = {
			message: { sender: from, receiver: typeof body.to === 'string' ? body.to : account.virtualNumber, content: body.content },
		};
		if (body.replyTo !== undefined) {
			const original = messages.find((message) => message.messageid === body.replyTo);
			if (!original) throw controlError(`no sent message with messageid "${String(body.replyTo)}"`);
			fields.isreply = isreplyFor({ ...original, receiver: original.to, created: new Date(original.created) }, account.timezone);
		}
		return buildEvent('inbox_message', account, fields);
	};

	const server = createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://emulator.local');
		const path = url.pathname;
		readBody(req)
			.then(async (raw) => {
				if (path.startsWith('/v1/')) return handleApi(req, res, path, raw);
				if (path === '/emulator' || path.startsWith('/emulator/')) return handleControl(req, res, path, url, raw);
				throw new HttpError(404, { error: `no route ${req.method} ${path}` });
			})
			.catch((error: unknown) => {
				if (error instanceof HttpError) return sendJson(res, error.status, error.body);
				sendJson(res, 500, { error: String(error) });
			});
	});

	server.on('connection', () => stats.connections++);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', resolve);
	});
	const port = (server.address() as AddressInfo).port;

	return {
		url: `http://127.0.0.1:${port}`,
		port,
		account,
		settings,
		messages,
		deliveries,
		endpoints,
		requests,
		events,
		emit,
		async settle() {
			while (pending.size > 0) await Promise.allSettled([...pending]);
		},
		async close() {
			for (const timer of timers) clearTimeout(timer);
			timers.clear();
			for (const res of hanging) res.destroy();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
