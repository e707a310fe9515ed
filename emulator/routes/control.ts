/**
 * The control API under `/emulator/` (README "Emulator"): one entry per route, `METHOD /path`.
 * `POST /emulator/webhooks/<webhook_type>` is `POST /emulator/events` with that type.
 */
import type { IncomingMessage } from 'node:http';

import { autorespondersAnswer } from '../autoresponders';
import { RECIPIENT_CONTROL_ROUTES } from '../recipients';
import { wait, type Delivery } from '../dispatch';
import type { Fields } from '../events';
import type { Gateway } from '../gateway';
import { controlError, parseControlBody } from '../http';
import type { State } from '../state';
import { readBulkInbox, readInboxOrder } from '../inbox';
import { receiveInbound } from '../inbound';
import type { EmittedEvent } from '../types';
import { readSenderIds } from './senderids';
import { WHATSAPP_CONTROL_ROUTES } from '../whatsapp';
import {
	EVENT_TYPE_VALUES,
	readEmit,
	readEndpoint,
	readFaults,
	readGroupName,
	readAutoresponders,
	readBurst,
	readInbound,
	readOptOut,
} from './control-input';

interface ControlRequest {
	body: Fields;
	query: URLSearchParams;
	req: IncomingMessage;
	raw: Buffer;
	state: State;
	gateway: Gateway;
}
type Answer = [status: number, body: unknown];
type ControlHandler = (request: ControlRequest) => Answer | Promise<Answer>;

/** With `?wait=true`, answers once the deliveries ended (delivered or given up). */
async function waitFor({ query, gateway }: ControlRequest, sent: Delivery[]) {
	if (query.get('wait') === 'true') await Promise.all(sent.map((delivery) => gateway.inFlight.get(delivery)));
}

const updateAccount: ControlHandler = ({ body, state }) => {
	state.updateAccount(body);
	return [200, state.account];
};
const updateSettings: ControlHandler = ({ body, state }) => {
	state.updateSettings(body);
	return [200, state.settings];
};
/** Empties one of the state's logs. */
const clear =
	(list: 'requests' | 'messages' | 'deliveries' | 'faults'): ControlHandler =>
	({ state }) => {
		state[list].length = 0;
		return [200, state[list]];
	};

const CONTROL_ROUTES: Record<string, ControlHandler> = {
	'GET /emulator': ({ state }) => [
		200,
		{
			account: { ...state.account },
			settings: state.settings,
			endpoints: state.endpoints,
			messages: state.messages.length,
			deliveries: state.deliveries.length,
			faults: state.faults,
			senderIds: state.senderIds,
			eventTypes: EVENT_TYPE_VALUES,
		},
	],
	'GET /emulator/stats': ({ state }) => [200, state.stats],
	'GET /emulator/scheduled': ({ state }) => [
		200,
		state.messages.filter(
			(message) => message.scheduledFor !== undefined && Date.parse(message.scheduledFor) > Date.now(),
		),
	],
	'GET /emulator/account': ({ state }) => [200, state.account],
	'PUT /emulator/account': updateAccount,
	'PATCH /emulator/account': updateAccount,
	'GET /emulator/senderids': ({ state }) => [200, state.senderIds],
	'PUT /emulator/senderids': ({ body, state }) => {
		const list = readSenderIds(body);
		if (typeof list === 'string') throw controlError(list);
		state.senderIds.splice(0, state.senderIds.length, ...list);
		return [200, state.senderIds];
	},
	'GET /emulator/settings': ({ state }) => [200, state.settings],
	'PUT /emulator/settings': updateSettings,
	'PATCH /emulator/settings': updateSettings,
	'GET /emulator/webhooks': ({ state }) => [200, state.endpoints],
	'POST /emulator/webhooks': ({ body, req, state }) => {
		const endpoint = readEndpoint(body, state.nextId('endpoint'), req.socket.localPort ?? 0);
		state.endpoints.push(endpoint);
		return [201, endpoint];
	},
	// `?url=…` removes that URL's registrations (a Test URL after testing), without it every one.
	'DELETE /emulator/webhooks': ({ query, state }) => {
		// As registered: readEndpoint keeps the URL in its normalized form.
		const url = URL.canParse(query.get('url') ?? '') ? new URL(query.get('url')!).toString() : query.get('url');
		if (url !== null && !state.endpoints.some((endpoint) => endpoint.url === url))
			throw controlError(`no webhook registered for ${url}`, 404);
		state.endpoints.splice(
			0,
			state.endpoints.length,
			...state.endpoints.filter((endpoint) => url !== null && endpoint.url !== url),
		);
		return [200, state.endpoints];
	},
	'POST /emulator/events': async (request) => {
		const { type, fields } = readEmit(request.body);
		const result = request.gateway.emit(type, fields);
		await waitFor(request, result.deliveries);
		return [201, result];
	},
	'GET /emulator/events': ({ query, state }) => {
		const type = query.get('type');
		const messageid = query.get('messageid');
		const payloadOf = (entry: EmittedEvent) => entry.event.message as Record<string, unknown> | undefined;
		return [
			200,
			state.events.filter(
				(entry) =>
					(!type || entry.event.webhook_type === type) && (!messageid || payloadOf(entry)?.messageid === messageid),
			),
		];
	},
	'POST /emulator/inbound': async (request) => {
		const { body, state, gateway } = request;
		const burst = readBurst(body);
		if (burst === undefined) {
			const { result, started } = receiveInbound(state, gateway.emit, readInbound(body, state.account, state.messages));
			await waitFor(request, started);
			return [201, result];
		}
		// A burst: one SMS per text, `gapMs` apart; the answer comes after the last one.
		const received: ReturnType<typeof receiveInbound>[] = [];
		for (const [index, content] of burst.texts.entries()) {
			if (index > 0) await wait(burst.gapMs);
			received.push(
				receiveInbound(state, gateway.emit, readInbound({ ...body, content }, state.account, state.messages)),
			);
		}
		await waitFor(
			request,
			received.flatMap(({ started }) => started),
		);
		return [201, { received: received.map(({ result }) => result) }];
	},
	'GET /emulator/autoresponders': ({ state }) => [200, autorespondersAnswer(state.autoresponders)],
	'PUT /emulator/autoresponders': ({ body, state }) => {
		state.autoresponders.set.splice(0, state.autoresponders.set.length, ...readAutoresponders(body));
		return [200, autorespondersAnswer(state.autoresponders)];
	},
	// The inbox without webhooks: many messages at once (tests, benchmarks), its list order, emptying it.
	'GET /emulator/inbox': ({ state }) => [200, { order: state.inbox.order, count: state.inbox.messages.length }],
	'POST /emulator/inbox': ({ body, state }) => {
		const added = readBulkInbox(body, state.account.virtualNumber, state.account.timezone, () =>
			state.nextId('internal'),
		);
		for (const message of added) state.inbox.messages.push(message);
		return [
			201,
			{ added: added.length, first: added[0].ID, last: added.at(-1)?.ID, count: state.inbox.messages.length },
		];
	},
	'PATCH /emulator/inbox': ({ body, state }) => {
		state.inbox.order = readInboxOrder(body);
		return [200, { order: state.inbox.order, count: state.inbox.messages.length }];
	},
	'DELETE /emulator/inbox': ({ state }) => {
		state.inbox.messages.length = 0;
		return [200, { order: state.inbox.order, count: 0 }];
	},
	'POST /emulator/sink': ({ req, raw, state }) => {
		state.sink.push({ at: new Date().toISOString(), headers: req.headers, body: raw.toString('utf8') });
		return [200, { received: true }];
	},
	'GET /emulator/sink': ({ state }) => [200, state.sink],
	'GET /emulator/requests': ({ state }) => [200, state.requests],
	'DELETE /emulator/requests': clear('requests'),
	'GET /emulator/messages': ({ state }) => [200, state.messages],
	'DELETE /emulator/messages': clear('messages'),
	// One sent message's id for a shell variable (the walk-through answers its question by it): the last one to `to`
	// whose content contains `contains`.
	'GET /emulator/messageid': ({ query, state }) => {
		const [to, contains] = [query.get('to'), query.get('contains') ?? ''];
		const found = state.messages
			.filter((message) => (!to || message.to === to) && message.content.includes(contains))
			.at(-1);
		if (!found) throw controlError(`no sent message${to ? ` to ${to}` : ''} containing "${contains}"`, 404);
		return [200, found.messageid];
	},
	'GET /emulator/deliveries': ({ query, state }) => {
		const type = query.get('type');
		return [200, type ? state.deliveries.filter((delivery) => delivery.webhookType === type) : state.deliveries];
	},
	'DELETE /emulator/deliveries': clear('deliveries'),
	'GET /emulator/faults': ({ state }) => [200, state.faults],
	'POST /emulator/faults': ({ body, state }) => {
		state.faults.push(...readFaults(body, state.faults.length));
		return [201, state.faults];
	},
	'DELETE /emulator/faults': clear('faults'),
	'GET /emulator/optouts': ({ state }) => [200, [...state.optouts]],
	'POST /emulator/optouts': ({ body, state }) => {
		state.optouts.add(readOptOut(body));
		return [201, [...state.optouts]];
	},
	'GET /emulator/groups': ({ state }) => [200, state.directory.groups],
	'POST /emulator/groups': ({ body, state, gateway }) => {
		const group = { ID: state.directory.nextGroupId(), name: readGroupName(body) };
		state.directory.groups.push(group);
		gateway.emit('add_group', { group: { action: 'add', groupid: group.ID, groupname: group.name } });
		return [201, group];
	},
	'GET /emulator/contacts': ({ state }) => [200, state.directory.contacts],
	...WHATSAPP_CONTROL_ROUTES,
	...RECIPIENT_CONTROL_ROUTES,
	'POST /emulator/reset': ({ state }) => {
		state.reset();
		return [200, { reset: true }];
	},
};

/** The answer to a control request: its route's, or 404 naming the route. */
export async function handleControl(
	req: IncomingMessage,
	url: URL,
	raw: Buffer,
	state: State,
	gateway: Gateway,
): Promise<Answer> {
	const path = url.pathname;
	const route = `${req.method} ${path.replace(/\/+$/, '')}`;
	const body =
		req.method === 'GET' || req.method === 'DELETE' || path === '/emulator/sink' ? {} : parseControlBody(raw);
	const sampleType = /^POST \/emulator\/webhooks\/([^/]+)$/.exec(route)?.[1];
	if (sampleType !== undefined) body.type = sampleType;
	const handler = CONTROL_ROUTES[sampleType !== undefined ? 'POST /emulator/events' : route];
	if (!handler) throw controlError(`no control route ${route}; see GET /emulator and the README`, 404);
	return handler({ body, query: url.searchParams, req, raw, state, gateway });
}
