/**
 * What the benchmarks of real n8n share (bench/run.ts, bench/queue.ts, bench/trigger-n8n.ts): the
 * receiving workflows — our trigger and n8n's Webhook node, with and without Header Auth — set up on
 * one n8n, waiting until n8n has worked off its backlog, and throughput timed to the last execution.
 */
import type { Execution, N8nClient } from '../tools/n8n-client';
import { isFinished } from '../tools/n8n-client';
import { waitFor, waitForWebhooks } from '../tools/waits';
import {
	load,
	ourTrigger,
	SECRET,
	signedEvent,
	webhookNode,
	webhookWorkflow,
	type LoadResult,
} from '../tools/webhook-load';

export const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** How long the count of a workflow's executions must stay unchanged for drain() to call the backlog worked off. */
const QUIET_MS = 5000;

/**
 * Waits until n8n has worked off its backlog: our trigger answers before the run starts, so under
 * load executions finish later than the requests. Done when the count of executions of the workflow
 * has not changed for QUIET_MS and none is new or running; so it returns QUIET_MS (to within its
 * one-second poll) after the last execution finished.
 */
export async function drain(client: N8nClient, workflowId: string, timeoutMs = 600_000): Promise<Execution[]> {
	let last = -1;
	let stableSince = Date.now();
	const quiet = async () => {
		const executions = await client.executions(workflowId, { includeData: false });
		if (executions.length !== last || !executions.every(isFinished)) {
			last = executions.length;
			stableSince = Date.now();
			return undefined;
		}
		return Date.now() - stableSince >= QUIET_MS && executions;
	};
	return await waitFor(quiet, { what: `executions of ${workflowId} to settle`, timeoutMs, intervalMs: 1000 });
}

export type ReceiverKind = 'ours' | 'webhook node' | 'webhook node with header auth';

export interface Receiver {
	kind: ReceiverKind;
	workflowId: string;
	url: string;
	headers: Record<string, string>;
	/** Executions started before any load: the POST that found n8n's Webhook node live. */
	probeExecutions: number;
}

/** `webhookId` differs between receivers; `tag` (one hex digit) between set-ups on one n8n. */
const idOf = (kind: ReceiverKind, tag: string) =>
	`b0000000-0000-4000-8000-0000000000${{ ours: '1', 'webhook node': '2', 'webhook node with header auth': '3' }[kind]}${tag}`;

/**
 * The bench credentials (ours signs with SECRET; Header Auth's token) and one workflow per receiver
 * kind, each live on `webhookBase` (n8n's own URL, or in queue mode the webhook processor's).
 */
export async function setUpReceivers(
	client: N8nClient,
	kinds: ReceiverKind[],
	{ webhookBase = client.url, tag = '0', timeoutMs = 60_000 } = {},
): Promise<{ credentialId: string; receivers: Receiver[] }> {
	const credentialId = await client.createCredential('Bench', {
		baseUrl: 'http://127.0.0.1:1',
		apiKey: 'k',
		apiSecret: 's',
		signingSecret: SECRET,
	});
	const needsHeader = kinds.includes('webhook node with header auth');
	const headerCredentialId = needsHeader
		? await client.createCredential('Bench header', { name: 'X-Token', value: 'bench-token' }, 'httpHeaderAuth')
		: undefined;
	const receivers: Receiver[] = [];
	for (const kind of kinds) {
		const webhookId = idOf(kind, tag);
		const withAuth = kind === 'webhook node with header auth';
		const path = `bench-${withAuth ? 'auth' : 'plain'}-${tag}`;
		const node =
			kind === 'ours' ? ourTrigger(webhookId) : webhookNode(webhookId, path, withAuth ? headerCredentialId : undefined);
		const workflowId = await client.importWorkflow(webhookWorkflow(`Bench: ${kind}`, node), credentialId);
		const url = kind === 'ours' ? `${webhookBase}/webhook/${webhookId}/webhook` : `${webhookBase}/webhook/${path}`;
		const headers: Record<string, string> = withAuth ? { 'X-Token': 'bench-token' } : {};
		// Our trigger answers an unsigned GET (401); the Webhook node is POST-only, so it is probed with a POST, which runs once.
		await waitForWebhooks([url], kind === 'ours' ? { timeoutMs } : { timeoutMs, method: 'POST', headers });
		receivers.push({ kind, workflowId, url, headers, probeExecutions: kind === 'ours' ? 0 : 1 });
	}
	return { credentialId, receivers };
}

/** The `index`-th signed webhook with the receiver's own headers. */
export const requestFor =
	(receiver: Pick<Receiver, 'headers'>, payloads: Array<ReturnType<typeof signedEvent>>) => (index: number) => ({
		body: payloads[index].body,
		headers: { ...payloads[index].headers, ...receiver.headers },
	});

/**
 * After a warm-up of `warmUp` requests, `count` signed webhooks at `inFlight`; webhooks/s counts until
 * the last execution has finished (drain's quiet window after it is not counted).
 */
export async function timedThroughput(
	client: N8nClient,
	receiver: Receiver,
	{ count, inFlight, warmUp }: { count: number; inFlight: number; warmUp: number },
): Promise<LoadResult> {
	const request = requestFor(
		receiver,
		Array.from({ length: count }, (_, i) => signedEvent(i)),
	);
	await load(receiver.url, warmUp, 10, request);
	await drain(client, receiver.workflowId);
	const started = performance.now();
	const result = await load(receiver.url, count, inFlight, request);
	if (!Object.keys(result.statuses).some((status) => Number(status) < 300))
		throw new Error(`${receiver.kind}: no webhook accepted (${JSON.stringify(result.statuses)})`);
	await drain(client, receiver.workflowId);
	return { ...result, requestsPerSecond: count / ((performance.now() - started - QUIET_MS) / 1000) };
}
