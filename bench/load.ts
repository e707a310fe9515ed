/** Load generation and execution counting shared by the benchmarks (bench/run.ts, bench/queue.ts). */
import { buildEvent } from '../emulator/events';
import { generateTestHeaders } from '../nodes/MessagingGateway/core/signature';
import { PACKAGE_NAME, type Execution, type N8nClient } from '../tools/n8n-server';

export const SECRET = 'whsec_bench_secret';
export const ACCOUNT = { username: 'bench', timezone: 'Europe/Amsterdam', virtualNumber: '3197010000001' };
export const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);

export interface LoadResult {
	statuses: Record<number, number>;
	/** Requests answered non-2xx at first and sent again, as the gateway does. */
	retried: number;
	requestsPerSecond: number;
	p50: number;
	p99: number;
	/** Every answer's latency in ms, sorted. */
	latencies: number[];
}

/**
 * Sends `count` requests with `inFlight` at a time; `make(i)` builds each request. With `retry`, a
 * request answered 5xx is sent again after a second, up to 5 tries, as the gateway retries deliveries.
 */
export async function load(
	url: string,
	count: number,
	inFlight: number,
	make: (index: number) => { body: string; headers: Record<string, string> },
	retry = false,
): Promise<LoadResult> {
	const latencies: number[] = [];
	const statuses: Record<number, number> = {};
	let retried = 0;
	let next = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: inFlight }, async () => {
			while (next < count) {
				const request = make(next++);
				for (let attempt = 1; ; attempt++) {
					const sent = performance.now();
					const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...request.headers }, body: request.body });
					await response.arrayBuffer();
					latencies.push(performance.now() - sent);
					if (retry && response.status >= 500 && attempt < 5) {
						if (attempt === 1) retried++;
						await new Promise((resolve) => setTimeout(resolve, 1000));
						continue;
					}
					statuses[response.status] = (statuses[response.status] ?? 0) + 1;
					break;
				}
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	latencies.sort((a, b) => a - b);
	return { statuses, retried, requestsPerSecond: count / seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), latencies };
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The `q` quantile of sorted values (nearest rank). */
export const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export function signedEvent(index: number, tamper = false, secret = SECRET) {
	const event = buildEvent('inbox_message', ACCOUNT, { message: { content: `load ${index}` } });
	const body = JSON.stringify(event);
	const headers = generateTestHeaders(body, secret);
	return { webhookId: event.webhook_id, body: tamper ? body.replace(`load ${index}`, `LOAD ${index}`) : body, headers };
}

export async function executionsPage(client: N8nClient, query: string): Promise<Execution[]> {
	const all: Execution[] = [];
	let cursor: string | undefined;
	do {
		const page = await client.api<{ data: Execution[]; nextCursor?: string }>('GET', `/executions?${query}&limit=250${cursor ? `&cursor=${cursor}` : ''}`);
		all.push(...page.data);
		cursor = page.nextCursor ?? undefined;
	} while (cursor);
	return all;
}

/**
 * Waits until n8n has worked off its backlog: our trigger answers before the run starts, so under
 * load executions finish later than the requests. Done when the count of finished executions of the
 * workflow has not changed for five seconds and none is new or running.
 */
export async function drain(client: N8nClient, workflowId: string, timeoutMs = 600_000): Promise<Execution[]> {
	const deadline = Date.now() + timeoutMs;
	let last = -1;
	let stableSince = Date.now();
	for (;;) {
		const executions = await executionsPage(client, `workflowId=${workflowId}`);
		const busy = executions.some((execution) => execution.status === 'new' || execution.status === 'running');
		if (executions.length !== last || busy) {
			last = executions.length;
			stableSince = Date.now();
		} else if (Date.now() - stableSince >= 5000) {
			return executions;
		}
		if (Date.now() > deadline) throw new Error(`executions of ${workflowId} did not settle (${last})`);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

export interface Receiver {
	label: string;
	workflowId: string;
	url: string;
	headers: Record<string, string>;
}

export function webhookWorkflow(name: string, node: Record<string, unknown>) {
	return { name, nodes: [{ typeVersion: node.typeVersion ?? 1, position: [0, 0], ...node } as never], connections: {}, settings: { executionOrder: 'v1' } };
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
	parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', ...(headerCredentialId ? { authentication: 'headerAuth' } : {}), options: {} },
	...(headerCredentialId ? { credentials: { httpHeaderAuth: { id: headerCredentialId, name: 'Bench header' } } } : {}),
});
