/**
 * The local gateway emulator: the gateway API of docs/gateway-api.md#requests with the answers
 * public-api-notes records, every webhook of docs/gateway-api.md#webhook-types signed per
 * docs/gateway-api.md#signatures, and a control API under /emulator/.
 *
 * Rooms: `state.ts` (account, settings, records, reset), `gateway.ts` (events, delivery reports,
 * charges), `routes/api.ts` (one handler per gateway endpoint), `routes/control.ts` (the control
 * route table), `http.ts` (body reading, JSON answers, errors). This file wires them to a server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createGateway } from './gateway';
import { HttpError, readBody, sendJson } from './http';
import { handleApi } from './routes/api';
import { handleControl } from './routes/control';
import { createState } from './state';
import type { Emulator, EmulatorOptions } from './types';

export type {
	Account,
	ApiRequest,
	EmittedEvent,
	Emulator,
	EmulatorOptions,
	Fault,
	SentMessage,
	Settings,
} from './types';
export { DEFAULT_ACCOUNT, DEFAULT_SETTINGS } from './state';

/** The request target as a URL; one that is none (`http://a:99999/`) is a 400, not a crash. */
function requestUrl(target = '/'): URL {
	try {
		return new URL(target, 'http://emulator.local');
	} catch {
		throw new HttpError(400, { error: `the request target ${JSON.stringify(target)} is not a URL path` });
	}
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	const state = createState(options);
	const gateway = createGateway(state);

	const server = createServer((req, res) => {
		readBody(req)
			.then(async (raw) => {
				const url = requestUrl(req.url);
				const path = url.pathname;
				if (path.startsWith('/v1/')) return handleApi(req, res, url, raw, state, gateway);
				if (path === '/emulator' || path.startsWith('/emulator/')) {
					const [status, body] = await handleControl(req, url, raw, state, gateway);
					return sendJson(res, status, body);
				}
				throw new HttpError(404, { error: `no route ${req.method} ${path}` });
			})
			.catch((error: unknown) => {
				if (res.headersSent) return void res.destroy();
				if (error instanceof HttpError) return sendJson(res, error.status, error.body);
				sendJson(res, 500, { error: String(error) });
			});
	});

	server.on('connection', () => state.stats.connections++);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, '127.0.0.1', resolve);
	});
	const port = (server.address() as AddressInfo).port;

	return {
		url: `http://127.0.0.1:${port}`,
		port,
		account: state.account,
		settings: state.settings,
		messages: state.messages,
		deliveries: state.deliveries,
		endpoints: state.endpoints,
		requests: state.requests,
		events: state.events,
		emit: gateway.emit,
		settle: gateway.settle,
		async close() {
			gateway.cancelTimers();
			for (const res of state.hanging) res.destroy();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
