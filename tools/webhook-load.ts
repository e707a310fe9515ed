/**
 * Signed webhooks sent to a real n8n many at a time, and the one-node workflows that receive them:
 * shared by the benchmarks (bench/) and the queue-mode end-to-end test.
 */
import { buildEvent } from '../emulator/events';
import { generateTestHeaders } from '../nodes/MessagingGateway/core/events/signature';
import { PACKAGE_NAME } from './n8n-install';
import { sleep } from './waits';

export const SECRET = 'whsec_bench_secret';
export const ACCOUNT = { username: 'bench', timezone: 'Europe/Amsterdam', virtualNumber: '3197010000001' };

export interface LoadResult {
	statuses: Record<number, number>;
	/** Each request's last answer, by its index. */
	answers: number[];
	/** Requests answered non-2xx at first and sent again, as the gateway does. */
	retried: number;
	requestsPerSecond: number;
	p50: number;
	p99: number;
	/** Every answer's latency in ms, sorted. */
	latencies: number[];
}

/** The `q` quantile of sorted values (nearest rank). */
export const quantile = (sorted: number[], q: number) =>
	sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Sends `count` requests with `inFlight` at a time; `make(i)` builds each request. With `retry`, a
 * request answered 5xx is sent again after a second, up to 5 tries, as the gateway retries deliveries; a status
 * `retry` accepts, up to 30 tries (n8n's 503 "Database is not ready!" lasts until a ping of its database succeeds).
 */
export async function load(
	url: string,
	count: number,
	inFlight: number,
	make: (index: number) => { body: string; headers: Record<string, string> },
	retry: boolean | ((status: number) => boolean) = false,
): Promise<LoadResult> {
	const latencies: number[] = [];
	const statuses: Record<number, number> = {};
	const answers: number[] = [];
	let retried = 0;
	const again = typeof retry === 'function' ? retry : (status: number) => retry && status >= 500;
	const tries = typeof retry === 'function' ? 30 : 5;
	let next = 0;
	const send = async (request: { body: string; headers: Record<string, string> }) => {
		for (let attempt = 1; ; attempt++) {
			const sent = performance.now();
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', ...request.headers },
				body: request.body,
			});
			await response.arrayBuffer();
			latencies.push(performance.now() - sent);
			if (!again(response.status) || attempt >= tries) return response.status;
			if (attempt === 1) retried++;
			await sleep(1000);
		}
	};
	const started = performance.now();
	await Promise.all(
		Array.from({ length: inFlight }, async () => {
			while (next < count) {
				const index = next++;
				const status = await send(make(index));
				statuses[status] = (statuses[status] ?? 0) + 1;
				answers[index] = status;
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	latencies.sort((a, b) => a - b);
	return {
		statuses,
		answers,
		retried,
		requestsPerSecond: count / seconds,
		p50: quantile(latencies, 0.5),
		p99: quantile(latencies, 0.99),
		latencies,
	};
}

/** A signed `inbox_message` webhook; with `tamper`, one changed byte after signing. */
export function signedEvent(index: number, tamper = false, secret = SECRET) {
	const event = buildEvent('inbox_message', ACCOUNT, { message: { content: `load ${index}` } });
	const body = JSON.stringify(event);
	const headers = generateTestHeaders(body, secret);
	return { webhookId: event.webhook_id, body: tamper ? body.replace(`load ${index}`, `LOAD ${index}`) : body, headers };
}

export function webhookWorkflow(name: string, node: Record<string, unknown>) {
	return {
		name,
		nodes: [{ typeVersion: node.typeVersion ?? 1, position: [0, 0], ...node } as never],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** Our trigger on all events, with the credential named "Bench" (`__CREDENTIAL_ID__` is filled in on import). */
export const ourTrigger = (webhookId: string) => ({
	name: 'Trigger',
	type: `${PACKAGE_NAME}.messagingGatewayTrigger`,
	webhookId,
	parameters: { events: ['*'], options: {} },
	credentials: { messagingGatewayApi: { id: '__CREDENTIAL_ID__', name: 'Bench' } },
});

/** n8n's Webhook node v2 on `path`; with a Header Auth credential when `headerCredentialId` is given. */
export const webhookNode = (webhookId: string, path: string, headerCredentialId?: string) => ({
	name: 'Webhook',
	type: 'n8n-nodes-base.webhook',
	typeVersion: 2,
	webhookId,
	parameters: {
		httpMethod: 'POST',
		path,
		responseMode: 'onReceived',
		...(headerCredentialId ? { authentication: 'headerAuth' } : {}),
		options: {},
	},
	...(headerCredentialId ? { credentials: { httpHeaderAuth: { id: headerCredentialId, name: 'Bench header' } } } : {}),
});
