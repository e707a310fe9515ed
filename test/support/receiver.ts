/** A real HTTP server that records what webhooks arrive, byte for byte, and answers as told. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	raw: Buffer;
}

export interface Receiver {
	url: string;
	requests: ReceivedRequest[];
	/** Status codes to answer with, in turn; 200 once they run out. */
	answers: number[];
	/** Resolves once `count` requests have arrived. */
	waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
	close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
	const requests: ReceivedRequest[] = [];
	const answers: number[] = [];
	const waiters: Array<() => void> = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) });
			res.writeHead(answers.shift() ?? 200, { 'Content-Type': 'application/json' });
			res.end('{"ok":true}');
			waiters.splice(0).forEach((wake) => wake());
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/hook`,
		requests,
		answers,
		async waitFor(count, timeoutMs = 10000) {
			const deadline = Date.now() + timeoutMs;
			while (requests.length < count) {
				if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${requests.length}`);
				await new Promise<void>((resolve) => {
					waiters.push(resolve);
					setTimeout(resolve, 100);
				});
			}
			return requests.slice(0, count);
		},
		async close() {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
