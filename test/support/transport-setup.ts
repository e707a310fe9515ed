/** Shared setup of the transport-*.test.ts files: a real local HTTP server, fresh for each test, that records each request and answers as the test says. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { GatewayCredentials } from './run';

export interface Seen {
	method: string;
	url: string;
	headers: IncomingMessage['headers'];
	body: string;
}

/** A real HTTP server that records each request (body read in full) and answers as the test says. */
export interface ScriptedServer {
	url: string;
	requests: Seen[];
	answer: (seen: Seen, req: IncomingMessage, res: ServerResponse) => void;
	close(): Promise<void>;
}

export async function startScripted(): Promise<ScriptedServer> {
	const requests: Seen[] = [];
	const sockets = new Set<import('node:net').Socket>();
	const scripted = {
		requests,
		answer: (_seen: Seen, _req: IncomingMessage, res: ServerResponse) => void res.writeHead(200).end('{}'),
	} as ScriptedServer;
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const seen = {
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			requests.push(seen);
			scripted.answer(seen, req, res);
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	scripted.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	scripted.close = () => {
		for (const socket of sockets) socket.destroy();
		return new Promise((resolve) => server.close(() => resolve()));
	};
	return scripted;
}

export const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
	res
		.writeHead(status, { 'Content-Type': 'application/json', ...headers })
		.end(typeof body === 'string' ? body : JSON.stringify(body));
/** Reads the whole request, then breaks the connection without an answer: the gateway may have acted on it. */
export const resetAfterBody = (_seen: Seen, req: IncomingMessage) => req.socket.destroy();

export let gateway: ScriptedServer;
export let credentials: GatewayCredentials;

beforeEach(async () => {
	gateway = await startScripted();
	credentials = { baseUrl: gateway.url, apiKey: 'transport-key-1', apiSecret: 'transport-secret-1' };
});
afterEach(() => gateway.close());

export const send = (options: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to: '31612345678',
	message: 'Hi',
	options,
});
export const balance = { resource: 'account', operation: 'getBalance' };

export async function closedUrl(): Promise<string> {
	const closed = await startScripted();
	await closed.close();
	return closed.url;
}
