/**
 * `npm run bench:queue`: n8n in queue mode, in one run, written to the "Queue mode" section of
 * bench/RESULTS.md.
 * 1. Throughput side by side: one n8n process on SQLite vs queue mode (webhook processor + 1 or 2
 *    workers on Postgres and Redis), each with n8n's default expression engine and the legacy one; our
 *    trigger next to n8n's Webhook node with Header Auth.
 * 2. Load: 2,000 signed webhooks at 20 in flight to the webhook processor → executions matched by
 *    webhook_id, and how they spread over the workers.
 * 3. Faults mid-load: a worker stopped with SIGTERM, a worker killed with SIGKILL; a worker started
 *    without the package, caught by the pre-flight check before any traffic.
 * Sizes: BENCH_QUEUE_COUNT (throughput, default 200 per cell), BENCH_QUEUE_LOAD (2000), BENCH_QUEUE_FAULT (400).
 * Small mode (bench/size.ts): queue mode on the legacy engine alone (its throughput, load, faults and pre-flight
 * check) with 10, 20 and 8 webhooks, printed only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

import { N8nClient, type Execution } from '../tools/n8n-client';
import { ensureN8n, ROOT, type N8nInstall } from '../tools/n8n-install';
import { startN8n } from '../tools/n8n-process';
import { runBenchScript } from './script';
import { preflight } from '../tools/queue-preflight';
import { startQueueStack, type QueueStack } from '../tools/queue-stack';
import { waitForWebhooks } from '../tools/waits';
import { load, ourTrigger, signedEvent, webhookWorkflow } from '../tools/webhook-load';
import { queueSection, type Cell, type Outcome, type QueueFigures } from './queue-report';
import { drain, say, setUpReceivers, timedThroughput, type Receiver } from './receivers';
import { sized, SMALL } from './size';

const COUNT = Number(process.env.BENCH_QUEUE_COUNT ?? sized(200, 10));
const LOAD = Number(process.env.BENCH_QUEUE_LOAD ?? sized(2000, 20));
const FAULT = Number(process.env.BENCH_QUEUE_FAULT ?? sized(400, 8));
const IN_FLIGHT = 20;
const LEGACY = { N8N_EXPRESSION_ENGINE: 'legacy' };

interface Bench {
	client: N8nClient;
	credentialId: string;
	receivers: { ours: Receiver; webhookNode: Receiver };
	webhookBase: string;
}

/** Owner, credentials and the two receivers, with webhook URLs on `webhookBase`. */
async function setUp(n8nUrl: string, webhookBase: string): Promise<Bench> {
	const client = await N8nClient.setUp(n8nUrl);
	const { credentialId, receivers } = await setUpReceivers(client, ['ours', 'webhook node with header auth'], {
		webhookBase,
	});
	const [ours, webhookNode] = receivers;
	await drain(client, webhookNode.workflowId); // the probe's execution
	return { client, credentialId, receivers: { ours, webhookNode }, webhookBase };
}

/** Webhooks/s until the last execution has finished. */
const throughput = (bench: Bench, receiver: Receiver) =>
	timedThroughput(bench.client, receiver, { count: COUNT, inFlight: IN_FLIGHT, warmUp: sized(20, 5) });

async function measureBoth(bench: Bench, setUpLabel: string, engine: string): Promise<Cell> {
	say(`throughput: ${setUpLabel}, ${engine} engine`);
	const ours = await throughput(bench, bench.receivers.ours);
	const builtin = await throughput(bench, bench.receivers.webhookNode);
	say(`  ours ${ours.requestsPerSecond.toFixed(1)}/s, Webhook node ${builtin.requestsPerSecond.toFixed(1)}/s`);
	return { setUp: setUpLabel, engine, ours, builtin };
}

async function single(install: N8nInstall, engine: 'default' | 'legacy'): Promise<Cell> {
	const n8n = await startN8n(install, { env: engine === 'legacy' ? LEGACY : {} });
	try {
		return await measureBoth(await setUp(n8n.url, n8n.url), 'one process, SQLite', engine);
	} finally {
		await n8n.stop();
	}
}

/** Executions of a workflow once none is new or running, or after `timeoutMs` (a SIGKILLed worker's stay "running" for a while). */
async function settle(
	client: N8nClient,
	workflowId: string,
	timeoutMs: number,
): Promise<{ executions: Execution[]; settled: boolean }> {
	const settled = await drain(client, workflowId, timeoutMs).then(
		() => true,
		() => false,
	);
	return { executions: await client.executions(workflowId), settled };
}

/** Sends `count` signed webhooks to a fresh workflow of our trigger; `atRequest(i)` may act mid-load. */
async function loadRun(
	stack: QueueStack,
	bench: Bench,
	webhookId: string,
	count: number,
	atRequest: (index: number) => void = () => {},
	settleMs = 300_000,
): Promise<Outcome> {
	const workflowId = await bench.client.importWorkflow(
		webhookWorkflow(`Bench: ${webhookId}`, ourTrigger(webhookId)),
		bench.credentialId,
	);
	const url = `${bench.webhookBase}/webhook/${webhookId}/webhook`;
	await waitForWebhooks([url], { timeoutMs: 60_000 });
	const requests = Array.from({ length: count }, (_, i) => signedEvent(i));
	const result = await load(url, count, IN_FLIGHT, (i) => {
		atRequest(i);
		return requests[i];
	});
	const { executions, settled } = await settle(bench.client, workflowId, settleMs);
	const successes = new Map<string, number>();
	const byStatus: Record<string, number> = {};
	for (const execution of executions) {
		byStatus[execution.status] = (byStatus[execution.status] ?? 0) + 1;
		if (execution.status !== 'success') continue;
		const id = String(execution.data?.resultData.runData.Trigger?.[0]?.data?.main[0][0]?.json.webhook_id);
		successes.set(id, (successes.get(id) ?? 0) + 1);
	}
	if (successes.size === 0) throw new Error(`none of the ${count} webhooks to ${webhookId} ran`);
	const ran = stack.executionsByWorker();
	const byWorker: Record<string, number> = {};
	for (const execution of executions) {
		for (const [worker, ids] of ran) if (ids.has(execution.id)) byWorker[worker] = (byWorker[worker] ?? 0) + 1;
	}
	return {
		sent: count,
		answers: result.statuses,
		byStatus,
		lost: requests.filter((request) => !successes.has(String(request.webhookId))).length,
		duplicated: [...successes.values()].filter((times) => times > 1).length,
		byWorker,
		answersPerSecond: result.requestsPerSecond,
		settled,
	};
}

async function queue(install: N8nInstall, engine: 'default' | 'legacy', faults: boolean) {
	const stack = await startQueueStack(install, { workers: 2, env: engine === 'legacy' ? LEGACY : {} });
	try {
		const bench = await setUp(stack.main.url, stack.webhook.url);
		const cells = [await measureBoth(bench, 'queue, 2 workers', engine)];
		let outcomes: QueueFigures['outcomes'] | undefined;
		let preflightCatch: string[] | undefined;
		if (faults) {
			say(`load: ${LOAD} signed webhooks, ${IN_FLIGHT} in flight, to the webhook processor`);
			const loadOutcome = await loadRun(stack, bench, 'b0000000-0000-4000-8000-000000000004', LOAD);

			say(`fault: SIGTERM to worker-2 after ${FAULT / 4} of ${FAULT} webhooks`);
			const stopping: Array<Promise<void>> = [];
			const term = await loadRun(stack, bench, 'b0000000-0000-4000-8000-000000000005', FAULT, (i) => {
				if (i === FAULT / 4) stopping.push(stack.workers[1].stop()); // SIGTERM, then n8n's graceful shutdown
			});
			await Promise.all(stopping);
			await stack.startWorker(2);

			say(`fault: SIGKILL to worker-1 after ${FAULT / 4} of ${FAULT} webhooks`);
			const kill = await loadRun(
				stack,
				bench,
				'b0000000-0000-4000-8000-000000000006',
				FAULT,
				(i) => {
					if (i === FAULT / 4) stack.workers[0].process.kill('SIGKILL');
				},
				sized(240_000, 30_000),
			);
			await stack.workers[0].stop();
			await stack.startWorker(1);
			outcomes = { load: loadOutcome, term, kill };

			say('fault: a third worker started without the package; the pre-flight check, before any traffic');
			const bare = await stack.startWorker(3, { installPackage: false });
			preflightCatch = preflight(stack).map(
				(finding) =>
					`${finding.process}: ${finding.ok ? 'ok' : 'MISSING'} — ${finding.detail.replace(stack.dir, '<stack>')}`,
			);
			await bare.stop();
		}
		say('stopping worker-2 (SIGTERM) for the one-worker figures');
		await stack.workers[1].stop();
		cells.unshift(await measureBoth(bench, 'queue, 1 worker', engine));
		return { cells, outcomes, preflightCatch };
	} finally {
		await stack.stop();
	}
}

/** The "Queue mode" section of bench/RESULTS.md. */
export async function queueBench(): Promise<string> {
	const install = ensureN8n();
	const loadAtStart = loadavg()[0];
	const cells: Cell[] = [];
	if (!SMALL) {
		cells.push(await single(install, 'default'));
		cells.push(await single(install, 'legacy'));
		cells.push(...(await queue(install, 'default', false)).cells);
	}
	const queueLegacy = await queue(install, 'legacy', true);
	cells.push(...queueLegacy.cells);
	const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, n8n ${install.version}, load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end`;
	const sizes = { count: COUNT, inFlight: IN_FLIGHT, load: LOAD, fault: FAULT };
	return queueSection({
		measuredAt: new Date(),
		machine,
		sizes,
		cells,
		outcomes: queueLegacy.outcomes!,
		preflightCatch: queueLegacy.preflightCatch!,
	});
}

async function main() {
	const section = await queueBench();
	if (SMALL) return void process.stdout.write(section);
	const file = join(ROOT, 'bench', 'RESULTS.md');
	const current = readFileSync(file, 'utf8');
	const at = current.indexOf('\n## Queue mode\n');
	writeFileSync(file, `${(at === -1 ? current : current.slice(0, at)).trimEnd()}\n\n${section}`);
	process.stdout.write(section);
}

if (require.main === module) runBenchScript(main);
