/**
 * The gateway's HTTP API under `/v1/` (docs/gateway-api.md#requests): every request is logged,
 * delayed by `apiLatencyMs`, subjected to the next queued fault, authenticated, then answered by
 * the handler of its endpoint; a refused authenticated request is also an api_error webhook.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Gateway } from '../gateway';
import { apiError, HttpError, parseApiBody, sendJson } from '../http';
import type { State } from '../state';
import type { ApiRequest, Fault } from '../types';
import type { ApiCall } from './api-call';
import { handleAddContacts, handleAddOptOut, handleRenameGroups, listContacts, listGroups } from './contacts';
import { handleFormatNumber } from './format';
import { conversationAnswer, historyAnswer, inboxAnswer } from './lists';
import { handleSmsSend } from './send';
import { senderIdsAnswer } from './senderids';
import { handleVoiceSend } from './voice';
import { createWebhook, deleteWebhook, listWebhooks } from './webhooks';
import { handleWhatsAppButtons, handleWhatsAppList, handleWhatsAppTemplate } from './whatsapp';

type ApiHandler = (call: ApiCall) => { status: number; body: unknown };

/** `METHOD /path` → handler; a `:name` segment matches any one path segment (e.g. `/v1/conversation/:phone`). */
const API_ROUTES: Record<string, ApiHandler> = {
	'POST /v1/message/send': ({ raw, gateway }) => handleSmsSend(parseApiBody(raw), gateway.send),
	'POST /v1/voice/send': ({ raw, gateway }) => handleVoiceSend(parseApiBody(raw), gateway.send),
	'POST /v1/whatsapp/send_template': ({ raw, gateway, state }) =>
		handleWhatsAppTemplate(parseApiBody(raw), gateway.send, state.whatsapp),
	'POST /v1/whatsapp/send_action': ({ raw, gateway, state }) =>
		handleWhatsAppButtons(parseApiBody(raw), gateway.send, state.whatsapp),
	'POST /v1/whatsapp/send_list': ({ raw, gateway, state }) =>
		handleWhatsAppList(parseApiBody(raw), gateway.send, state.whatsapp),
	'GET /v1/senderids': ({ state }) => ({ status: 200, body: senderIdsAnswer(state.senderIds) }),
	'POST /v1/format/number': ({ raw, state }) => handleFormatNumber(parseApiBody(raw), state.account),
	'GET /v1/auth': ({ state }) => ({ status: 200, body: { success: true, username: state.account.username } }),
	'GET /v1/balance': ({ state: { account } }) => ({
		status: 200,
		body: { balance: account.balance, type: 'credits', username: account.username },
	}),
	'GET /v1/message/inbox': inboxAnswer,
	'GET /v1/message/inbox/:inbox_nr': inboxAnswer,
	'GET /v1/conversation/:phone': conversationAnswer,
	'GET /v1/message/history': historyAnswer,
	// Contacts, groups and opt-outs (routes/contacts.ts); the documented path of a rename ends in a slash.
	'POST /v1/contact': handleAddContacts,
	'GET /v1/contact': listContacts,
	'GET /v1/groups': listGroups,
	'PATCH /v1/groups/': handleRenameGroups,
	'PATCH /v1/groups': handleRenameGroups,
	'POST /v1/optouts': handleAddOptOut,
	// Webhook registration (routes/webhooks.ts).
	'GET /v1/webhook/endpoint-list': listWebhooks,
	'POST /v1/webhook/create': createWebhook,
	'DELETE /v1/webhook/:key': deleteWebhook,
};

/** A path segment's text; a malformed `%` escape stays as written (the handler judges it) instead of failing the request. */
function safeDecode(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** The route of `METHOD /path`: an exact one, else the first whose `:name` segments match; with those segments' values. */
function findRoute(method: string, path: string): { handler: ApiHandler; params: string[] } | undefined {
	const exact = API_ROUTES[`${method} ${path}`];
	if (exact) return { handler: exact, params: [] };
	const segments = path.split('/');
	for (const [route, handler] of Object.entries(API_ROUTES)) {
		const [routeMethod, routePath] = route.split(' ');
		const pattern = routePath.split('/');
		if (routeMethod !== method || pattern.length !== segments.length || !routePath.includes('/:')) continue;
		if (pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))) {
			return { handler, params: pattern.flatMap((part, i) => (part.startsWith(':') ? [safeDecode(segments[i])] : [])) };
		}
	}
	return undefined;
}

/** Takes the fault that applies to a request to `path` off the queue (the first for any path or this one), counting down a fault's `after`. */
function nextFault(faults: Fault[], path: string): Fault | undefined {
	const index = faults.findIndex((fault) => fault.path === undefined || fault.path === path);
	if (index < 0) return undefined;
	if (faults[index].after) {
		faults[index].after--;
		return undefined;
	}
	return faults.splice(index, 1)[0];
}

/** The request body's fields an api_error names (`to`, `sender`), when it is a JSON object. */
function fieldsOf(raw: Buffer): Record<string, unknown> {
	try {
		return parseApiBody(raw);
	} catch {
		return {};
	}
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** An error answer that echoes the request's body: JSON with the body as `errorMsg` (4xx), or an error page showing it (5xx). */
function sendEcho(res: ServerResponse, status: number, raw: Buffer) {
	const body = raw.toString('utf8');
	if (status < 500) return sendJson(res, status, { error: '105', errorMsg: `Invalid request: ${body}` });
	res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
	res.end(
		`<html><head><title>HTTP ${status}</title></head><body><h1>HTTP ${status}</h1><p>The upstream did not answer this request:</p><pre>${escapeHtml(body)}</pre></body></html>`,
	);
}

/** Logs the request and counts it and its connection (GET /emulator/stats). */
function record(req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer, state: State) {
	const logged: ApiRequest = {
		at: new Date().toISOString(),
		method: req.method ?? '',
		path: url.pathname,
		query: url.search.slice(1),
		headers: req.headers,
		body: raw.toString('utf8'),
	};
	state.requests.push(logged);
	state.stats.apiRequests++;
	if (!state.apiSockets.has(req.socket)) {
		state.apiSockets.add(req.socket);
		state.stats.apiConnections++;
	}
	res.on('finish', () => (logged.status = res.statusCode));
}

export async function handleApi(
	req: IncomingMessage,
	res: ServerResponse,
	url: URL,
	raw: Buffer,
	state: State,
	gateway: Gateway,
) {
	const { account, settings } = state;
	record(req, res, url, raw, state);
	if (settings.apiLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.apiLatencyMs));
	const fault = nextFault(state.faults, url.pathname);
	if (fault?.status === 'hang') {
		state.hanging.add(res);
		return;
	}
	if (fault?.echo) return sendEcho(res, fault.status as number, raw);
	if (fault) {
		const headers: Record<string, string> =
			fault.retryAfter !== undefined ? { 'Retry-After': String(fault.retryAfter) } : {};
		return sendJson(
			res,
			fault.status,
			fault.status === 200 ? fault.body : { error: '105', errorMsg: `Emulated fault: HTTP ${fault.status}` },
			headers,
		);
	}
	// Unauthenticated: no account is known, so no account's api_error webhook either.
	if (req.headers['x-client-id'] !== account.apiKey || req.headers['x-client-secret'] !== account.apiSecret) {
		throw apiError('104', 'Invalid credentials', 401);
	}
	try {
		const route = findRoute(req.method ?? '', url.pathname);
		if (!route) throw new HttpError(404, { error: 'not found' });
		const result = route.handler({ req, raw, url, params: route.params, state, gateway });
		return sendJson(res, result.status, result.body);
	} catch (error) {
		// Every failed request of an account is also its api_error webhook (docs/gateway-api.md#api-errors).
		if (error instanceof HttpError) gateway.reportFailure(error, fieldsOf(raw));
		throw error;
	}
}
