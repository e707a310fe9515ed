/**
 * The "Queue mode" section of bench/RESULTS.md that `npm run bench:queue` (bench/queue.ts) writes: what
 * was measured and how, around its tables.
 */
import type { LoadResult } from '../tools/webhook-load';

export interface Cell {
	setUp: string;
	engine: string;
	ours: LoadResult;
	builtin: LoadResult;
}

export interface Outcome {
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

export interface QueueFigures {
	measuredAt: Date;
	machine: string;
	sizes: { count: number; inFlight: number; load: number; fault: number };
	cells: Cell[];
	outcomes: { load: Outcome; term: Outcome; kill: Outcome };
	preflightCatch: string[];
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

export function queueSection(figures: QueueFigures): string {
	return `## Queue mode

Measured ${figures.measuredAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${figures.machine}, in one run of \`npm run bench:queue\`
(\`tools/queue-stack.ts\`: Redis and Debian's Postgres 15 on loopback, n8n main, one webhook processor,
workers; every process on the same 2 cores as the load generator, so the figures are this machine's and
compare set-ups side by side).

### Throughput

${figures.sizes.count} signed \`inbox_message\` webhooks, ${figures.sizes.inFlight} in flight, to one-node workflows; webhooks/s counts until
the last execution has finished. "default" is n8n 2.x's expression engine (an isolated V8, acquired for
every webhook of every trigger except n8n's own Webhook node); "legacy" is \`N8N_EXPRESSION_ENGINE=legacy\`.

${throughputTable(figures.cells).join('\n')}

### Load (legacy engine, 2 workers)

${figures.sizes.load} signed webhooks, ${figures.sizes.inFlight} in flight, to the webhook processor. "lost" = acknowledged by n8n but no
successful execution carries its \`webhook_id\`; the worker column comes from each worker's log.

| run | sent | answers | executions by status | lost | duplicated | executions per worker | answers/s |
|---|---|---|---|---|---|---|---|
${outcomeRow('2 workers, no fault', figures.outcomes.load)}

### Faults mid-load (legacy engine)

${figures.sizes.fault} signed webhooks each, ${figures.sizes.inFlight} in flight; the worker is signalled when request ${figures.sizes.fault / 4} is sent.
SIGTERM lets n8n's graceful shutdown finish the worker's running executions; SIGKILL leaves its in-flight
jobs stalled, and n8n 2.41 (Bull \`maxStalledCount: 0\`) does not run them again.

| fault | sent | answers | executions by status | lost | duplicated | executions per worker | answers/s |
|---|---|---|---|---|---|---|---|
${outcomeRow('worker-2 stopped with SIGTERM', figures.outcomes.term)}
${outcomeRow('worker-1 killed with SIGKILL', figures.outcomes.kill)}

### A worker without the package

A third worker started with an empty user folder; \`preflight()\` of \`tools/queue-preflight.ts\` reports,
before any traffic reaches it (\`npm run dev:queue\` and the queue-mode e2e refuse to go on):

\`\`\`
${figures.preflightCatch.join('\n')}
\`\`\`

### Reproduce

\`\`\`bash
npm ci && npm run bench:queue   # as root the first run installs redis-server and postgresql with apt
\`\`\`
`;
}
