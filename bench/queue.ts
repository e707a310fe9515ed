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
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

import { waitForWebhooks } from '../tools/waits';
import { ensureN8n, N8nClient, ROOT, startN8n, stopN8nOnExit, type Execution, type N8nInstall } from '../tools/n8n-server';
import { preflight, startQueueStack, stopQueueStacksOnExit, type QueueStack } from '../tools/queue-stack';
import { drain, executionsPage, load, ourTrigger, say, SECRET, signedEvent, webhookNode, webhookWorkflow, type LoadResult, type Receiver } from './load';

stopN8nOnExit();
stopQueueStacksOnExit();

const COUNT = Number(process.env.BENCH_QUEUE_COUNT ?? 200);
const LOAD = Number(process.env.BENCH_QUEUE_LOAD ?? 2000);
const FAULT = Number(process.env.BENCH_QUEUE_FAULT ?? 400);
const IN_FLIGHT = 20;
const LEGACY = { N8N_EXPRESSION_ENGINE: 'legacy' };
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Bench {
	client: N8nClient;
	credentialId: string;
	receivers: { ours: Receiver; webhookNode: Receiver };
	webhookBase: string;
}

/** Owner, credentials and the two receivers, with webhook URLs on `webhookBase`. */
async function setUp(n8nUrl: string, webhookBase: string): Promise<Bench> {
	const client = await N8nClient.setUp(n8nUrl);
	const credentialId = await client.createCredential('Bench', { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's', signingSecret: SECRET });
	const headerCredentialId = await client.createCredential('Bench header', { name: 'X-Token', value: 'bench-token' }, 'httpHeaderAuth');
	const ours: Receiver = {
		label: 'Messaging Gateway Trigger',
		workflowId: await client.importWorkflow(webhookWorkflow('Bench: Messaging Gateway Trigger', ourTrigger('b0000000-0000-4000-8000-000000000001')), credentialId),
		url: `${webhookBase}/webhook/b0000000-0000-4000-8000-000000000001/webhook`,
		headers: {},
	};
	const builtin: Receiver = {
		label: "n8n's Webhook node, Header Auth",
		workflowId: await client.importWorkflow(webhookWorkflow('Bench: Webhook node with Header Auth', webhookNode('b0000000-0000-4000-8000-000000000003', 'bench-auth', headerCredentialId)), credentialId),
		url: `${webhookBase}/webhook/bench-auth`,
		headers: { 'X-Token': 'bench-token' },
	};
	await waitForWebhooks([ours.url], 60_000);
	for (let tries = 0; (await fetch(builtin.url, { method: 'POST', headers: builtin.headers })).status === 404; tries++) {
		if (tries > 300) throw new Error(`${builtin.url} never became live`);
		await sleep(200);
	}
	await drain(client, builtin.workflowId); // the probe's execution
	return { client, credentialId, receivers: { ours, webhookNode: builtin }, webhookBase };
}

/** Webhooks/s until the last execution has finished (drain waits 5 s of stillness, not counted). */
async function throughput(bench: Bench, receiver: Receiver): Promise<LoadResult> {
	const payloads = Array.from({ length: COUNT }, (_, i) => signedEvent(i));
	const withHeaders = (i: number) => ({ body: payloads[i].body, headers: { ...payloads[i].headers, ...receiver.headers } });
	await load(receiver.url, 20, 10, withHeaders); // warm-up
	await drain(bench.client, receiver.workflowId);
	const started = performance.now();
	const result = await load(receiver.url, COUNT, IN_FLIGHT, withHeaders);
	await drain(bench.client, receiver.workflowId);
	return { ...result, requestsPerSecond: COUNT / ((performance.now() - started - 5000) / 1000) };
}

interface Cell {
	setUp: string;
	engine: string;
	ours: LoadResult;
	builtin: LoadResult;
}

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
async function settle(client: N8nClient, workflowId: string, timeoutMs: number): Promise<{ executions: Execution[]; settled: boolean }> {
	try {
		await drain(client, workflowId, timeoutMs);
		return { executions: await executionsPage(client, `workflowId=${workflowId}&includeData=true`), settled: true };
	} catch {
		return { executions: await executionsPage(client, `workflowId=${workflowId}&includeData=true`), settled: false };
	}
}

interface Outcome {
	sent: number;
	answers: Record<number, number>;
	byStatus: Record<string, number>;
	/** Acknowledged with 2xx and no successful execution carries its webhook_id. */
	lost: number;
	duplicated: number;
	byWorker: Record<string, number>;
	answersPerSecond: number;
	settled: boolean;
}

/** Sends `count` signed webhooks to a fresh workflow of our trigger; `atRequest(i)` may act mid-load. */
async function loadRun(stack: QueueStack, bench: Bench, webhookId: string, count: number, atRequest: (index: number) => void = () => {}, settleMs = 300_000): Promise<Outcome> {
	const workflowId = await bench.client.importWorkflow(webhookWorkflow(`Bench: ${webhookId}`, ourTrigger(webhookId)), bench.credentialId);
	const url = `${bench.webhookBase}/webhook/${webhookId}/webhook`;
	await waitForWebhooks([url], 60_000);
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
		let outcomes: Record<string, Outcome> | undefined;
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
			const kill = await loadRun(stack, bench, 'b0000000-0000-4000-8000-000000000006', FAULT, (i) => {
				if (i === FAULT / 4) stack.workers[0].process.kill('SIGKILL');
			}, 240_000);
			await stack.workers[0].stop();
			await stack.startWorker(1);
			outcomes = { load: loadOutcome, term, kill };

			say('fault: a third worker started without the package; the pre-flight check, before any traffic');
			const bare = await stack.startWorker(3, { installPackage: false });
			preflightCatch = preflight(stack).map((finding) => `${finding.process}: ${finding.ok ? 'ok' : 'MISSING'} — ${finding.detail.replace(stack.dir, '<stack>')}`);
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

const rate = (result: LoadResult) => result.requestsPerSecond.toFixed(1);

function throughputTable(cells: Cell[]): string[] {
	return [
		'| set-up | expression engine | our trigger, webhooks/s | our answer p99 | Webhook node + Header Auth, webhooks/s | its answer p99 | ours / Webhook node |',
		'|---|---|---|---|---|---|---|',
		...cells.map(
			(cell) =>
				`| ${cell.setUp} | ${cell.engine} | ${rate(cell.ours)} | ${cell.ours.p99.toFixed(0)} ms | ${rate(cell.builtin)} | ${cell.builtin.p99.toFixed(0)} ms | ${(cell.ours.requestsPerSecond / cell.builtin.requestsPerSecond).toFixed(2)}× |`,
		),
	];
}

function outcomeRow(label: string, outcome: Outcome): string {
	return `| ${label} | ${outcome.sent} | ${JSON.stringify(outcome.answers)} | ${JSON.stringify(outcome.byStatus)} | ${outcome.lost} | ${outcome.duplicated} | ${JSON.stringify(outcome.byWorker)} | ${outcome.answersPerSecond.toFixed(1)} |${outcome.settled ? '' : ' not settled'}`;
}

async function main() {
	const install = ensureN8n();
	const loadAtStart = loadavg()[0];
	const cells: Cell[] = [];
	cells.push(await single(install, 'default'));
	cells.push(await single(install, 'legacy'));
	const queueDefault = await queue(install, 'default', false);
	cells.push(...queueDefault.cells);
	const queueLegacy = await queue(install, 'legacy', true);
	cells.push(...queueLegacy.cells);
	const { load: loadOutcome, term, kill } = queueLegacy.outcomes!;
	const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, n8n ${install.version}, load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end`;
	const section = `## Queue mode

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}, in one run of \`npm run bench:queue\`
(\`tools/queue-stack.ts\`: Redis and Debian's Postgres 15 on loopback, n8n main, one webhook processor,
workers; every process on the same 2 cores as the load generator, so the figures are this machine's and
compare set-ups side by side).

### Throughput

${COUNT} signed \`inbox_message\` webhooks, ${IN_FLIGHT} in flight, to one-node workflows; webhooks/s counts until
the last execution has finished. "default" is n8n 2.x's expression engine (an isolated V8, acquired for
every webhook of every trigger except n8n's own Webhook node); "legacy" is \`N8N_EXPRESSION_ENGINE=legacy\`.

${throughputTable(cells).join('\n')}

### Load (legacy engine, 2 workers)

${LOAD} signed webhooks, ${IN_FLIGHT} in flight, to the webhook processor. "lost" = acknowledged by n8n but no
successful execution carries its \`webhook_id\`; the worker column comes from each worker's log.

| run | sent | answers | executions by status | lost | duplicated | executions per worker | answers/s |
|---|---|---|---|---|---|---|---|
${outcomeRow('2 workers, no fault', loadOutcome)}

### Faults mid-load (legacy engine)

${FAULT} signed webhooks each, ${IN_FLIGHT} in flight; the worker is signalled when request ${FAULT / 4} is sent.
SIGTERM lets n8n's graceful shutdown finish the worker's running executions; SIGKILL leaves its in-flight
jobs stalled, and n8n 2.41 (Bull \`maxStalledCount: 0\`) does not run them again.

| fault | sent | answers | executions by status | lost | duplicated | executions per worker | answers/s |
|---|---|---|---|---|---|---|---|
${outcomeRow('worker-2 stopped with SIGTERM', term)}
${outcomeRow('worker-1 killed with SIGKILL', kill)}

### A worker without the package

A third worker started with an empty user folder; \`preflight()\` of \`tools/queue-stack.ts\` reports,
before any traffic reaches it (\`npm run dev:queue\` and the queue-mode e2e refuse to go on):

\`\`\`
${queueLegacy.preflightCatch!.join('\n')}
\`\`\`

### Reproduce

\`\`\`bash
npm ci && npm run bench:queue   # as root the first run installs redis-server and postgresql with apt
\`\`\`
`;
	const file = join(ROOT, 'bench', 'RESULTS.md');
	const current = readFileSync(file, 'utf8');
	const at = current.indexOf('\n## Queue mode\n');
	writeFileSync(file, `${(at === -1 ? current : current.slice(0, at)).trimEnd()}\n\n${section}`);
	process.stdout.write(section);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
