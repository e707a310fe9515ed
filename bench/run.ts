/**
 * `npm run bench`: every figure side by side in one run, written to bench/RESULTS.md (text in bench/report.ts).
 * 1. trigger work in process (verify + parse + filter) vs the floor (one HMAC-SHA256 + one JSON.parse);
 * 2. webhook throughput through real n8n: our trigger (verifying signatures) vs n8n's Webhook node;
 * 3. bulk send: 1,000 items through the action node to the emulator, concurrency 1 vs the default;
 *    reading a list: Inbox → Get Many over 10,000 messages, requests and time against the fewest possible;
 *    Estimate Cost on 1,000 items × 10 recipients beside Send's own pre-flight (bench/estimate.ts);
 * 4. load check: 2,000 signed webhooks at 20 in flight, every one exactly one execution; 200 tampered, none.
 * 5. conversations: Send and Wait answers through the trigger vs straight to n8n's resume URLs (bench/conversations-run.ts).
 * `npm run bench -- --small` (bench/size.ts): every part at tiny sizes, the report printed, RESULTS.md left as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

import { startEmulator } from '../emulator/server';
import { runAction } from '../test/support/run';
import { N8nClient } from '../tools/n8n-client';
import { ensureN8n, ROOT } from '../tools/n8n-install';
import { startN8n } from '../tools/n8n-process';
import { runBenchScript } from './script';
import { DEFAULT_N8N_VERSION } from '../tools/n8n-version';
import { waitForWebhooks } from '../tools/waits';
import { load, ourTrigger, signedEvent, webhookWorkflow, type LoadResult } from '../tools/webhook-load';
import { batchingBench } from './batching';
import { conversationsBench, conversationsSectionNow } from './conversations-run';
import { estimateBench } from './estimate';
import { listsBench } from './lists';
import { drain, say, setUpReceivers, timedThroughput, type Receiver, type ReceiverKind } from './receivers';
import { resultsReport } from './report';
import { sized, SMALL } from './size';
import { triggerOverhead, triggerProfile } from './trigger-in-process';
import { triggerThroughN8n } from './trigger-n8n';

const THROUGHPUT = sized(500, 20);
const BULK = sized(1000, 20);
const GENUINE = sized(2000, 40);
const TAMPERED = sized(200, 10);

const LABELS: Record<ReceiverKind, string> = {
	'webhook node': "n8n's Webhook node, no authentication",
	'webhook node with header auth': "n8n's Webhook node, Header Auth (reads a credential per request)",
	ours: 'Messaging Gateway Trigger (reads the credential, verifies the HMAC, validates, filters)',
};

/** Part 2: the same signed webhooks (500) to each receiver, timed to the last execution. */
async function throughputTable(client: N8nClient, receivers: Receiver[]): Promise<string[]> {
	const results: LoadResult[] = [];
	for (const receiver of receivers) {
		say(`throughput: ${LABELS[receiver.kind]}`);
		results.push(await timedThroughput(client, receiver, { count: THROUGHPUT, inFlight: 20, warmUp: sized(50, 5) }));
	}
	const [plain, authed, ours] = results;
	const row = (label: string, r: LoadResult) =>
		`| ${label} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${JSON.stringify(r.statuses)} |`;
	return [
		'| receiver | webhooks/s, to the last execution | answer p50 | answer p99 | answers |',
		'|---|---|---|---|---|',
		...receivers.map((receiver, i) => row(LABELS[receiver.kind], results[i])),
		`| ratio: our trigger / Webhook node with Header Auth | ${(ours.requestsPerSecond / authed.requestsPerSecond).toFixed(2)}× | ${(ours.p50 / authed.p50).toFixed(2)}× | ${(ours.p99 / authed.p99).toFixed(2)}× | |`,
		`| ratio: our trigger / Webhook node without authentication | ${(ours.requestsPerSecond / plain.requestsPerSecond).toFixed(2)}× | ${(ours.p50 / plain.p50).toFixed(2)}× | ${(ours.p99 / plain.p99).toFixed(2)}× | |`,
	];
}

/** Part 4, on a workflow of its own so that the counts are its own: every genuine webhook exactly one execution, no tampered one any. */
async function loadCheckTable(client: N8nClient, credentialId: string): Promise<string[]> {
	const checkId = await client.importWorkflow(
		webhookWorkflow('Bench: load check', ourTrigger('b0000000-0000-4000-8000-000000000004')),
		credentialId,
	);
	const checkUrl = `${client.url}/webhook/b0000000-0000-4000-8000-000000000004/webhook`;
	await waitForWebhooks([checkUrl]);
	say(`load check: ${GENUINE.toLocaleString('en')} signed webhooks, 20 in flight`);
	const genuine = Array.from({ length: GENUINE }, (_, i) => signedEvent(i));
	const genuineRun = await load(checkUrl, GENUINE, 20, (i) => genuine[i], true);
	say(`load check: ${TAMPERED} tampered webhooks`);
	const tampered = Array.from({ length: TAMPERED }, (_, i) => signedEvent(i, true));
	const tamperedRun = await load(checkUrl, TAMPERED, 20, (i) => tampered[i], true);
	say('load check: waiting for n8n to finish every execution');
	await drain(client, checkId);
	const executions = await client.executions(checkId);
	const seen = new Map<string, number>();
	for (const execution of executions) {
		const id = String(execution.data?.resultData.runData.Trigger?.[0]?.data?.main[0][0]?.json.webhook_id);
		seen.set(id, (seen.get(id) ?? 0) + 1);
	}
	const lost = genuine.filter((request) => !seen.has(String(request.webhookId))).length;
	if (lost === GENUINE) throw new Error(`load check: none of the ${GENUINE} signed webhooks ran`);
	const duplicated = genuine.filter((request) => (seen.get(String(request.webhookId)) ?? 0) > 1).length;
	const fromTampered = tampered.filter((request) => seen.has(String(request.webhookId))).length;
	const successful = executions.filter((execution) => execution.status === 'success').length;
	return [
		'| sent | final answers | sent again after a 5xx | executions | lost | duplicated | answers/s | answer p99 |',
		'|---|---|---|---|---|---|---|---|',
		`| ${GENUINE.toLocaleString('en')} signed | ${JSON.stringify(genuineRun.statuses)} | ${genuineRun.retried} | ${executions.length} (${successful} successful) | ${lost} | ${duplicated} | ${genuineRun.requestsPerSecond.toFixed(0)} | ${genuineRun.p99.toFixed(1)} ms |`,
		`| ${TAMPERED} tampered | ${JSON.stringify(tamperedRun.statuses)} | ${tamperedRun.retried} | ${fromTampered} | | | ${tamperedRun.requestsPerSecond.toFixed(0)} | ${tamperedRun.p99.toFixed(1)} ms |`,
	];
}

async function realN8n(): Promise<{ throughput: string[]; loadCheck: string[] }> {
	const n8n = await startN8n(ensureN8n());
	try {
		const client = await N8nClient.setUp(n8n.url);
		const { credentialId, receivers } = await setUpReceivers(
			client,
			['webhook node', 'webhook node with header auth', 'ours'],
			{ timeoutMs: 20_000 },
		);
		return {
			throughput: await throughputTable(client, receivers),
			loadCheck: await loadCheckTable(client, credentialId),
		};
	} finally {
		await n8n.stop();
	}
}

async function bulkSend(): Promise<string[]> {
	const rows = [
		`| gateway answers in | concurrency | ${BULK.toLocaleString('en')} items | messages/s |`,
		'|---|---|---|---|',
	];
	const items = Array.from({ length: BULK }, (_, i) => ({ to: `3161${String(i).padStart(7, '0')}`, n: i }));
	for (const apiLatencyMs of [0, 50]) {
		const emulator = await startEmulator({
			account: { balance: 1_000_000 },
			settings: { deliveryDelayMs: 600_000, apiLatencyMs },
		});
		try {
			const credentials = {
				baseUrl: emulator.url,
				apiKey: emulator.account.apiKey,
				apiSecret: emulator.account.apiSecret,
			};
			const rates: number[] = [];
			for (const concurrency of [1, 5]) {
				const started = performance.now();
				const run = await runAction(
					{
						resource: 'message',
						operation: 'send',
						sender: 'Bench',
						to: '={{ $json.to }}',
						message: '={{ "Item " + $json.n }}',
						options: { concurrency },
					},
					items,
					credentials,
					{ typeVersion: 1 },
				);
				const seconds = (performance.now() - started) / 1000;
				if (run.error || run.items.length !== BULK) throw new Error(`bulk send failed: ${run.error?.message}`);
				rates.push(BULK / seconds);
				rows.push(
					`| ${apiLatencyMs} ms | ${concurrency}${concurrency === 5 ? ' (default)' : ''} | ${seconds.toFixed(2)} s | ${(BULK / seconds).toFixed(0)} |`,
				);
				say(`bulk send, gateway ${apiLatencyMs} ms, concurrency ${concurrency}: ${seconds.toFixed(2)} s`);
			}
			rows.push(`| ${apiLatencyMs} ms | ratio default / 1 | | ${(rates[1] / rates[0]).toFixed(2)}× |`);
		} finally {
			await emulator.close();
		}
	}
	return rows;
}

/** Writes the report to bench/RESULTS.md, keeping the "Queue mode" section that bench/queue.ts (npm run bench:queue) owns at its end. */
function writeResults(report: string) {
	const file = join(ROOT, 'bench', 'RESULTS.md');
	const previous = readFileSync(file, 'utf8');
	const queueSection = previous.indexOf('\n## Queue mode\n');
	writeFileSync(file, queueSection === -1 ? report : `${report.trimEnd()}\n${previous.slice(queueSection)}`);
	process.stdout.write(report);
}

/**
 * Every part, as bench/RESULTS.md puts it; `upTo` ends after part 1 (`trigger-only`) or after parts 1 and 2b
 * (`trigger-parts-only`), their tables alone.
 */
export async function benchReport(upTo?: 'trigger-only' | 'trigger-parts-only'): Promise<string> {
	const startedAt = new Date();
	const loadAtStart = loadavg()[0];
	const overhead = triggerOverhead();
	const whereTimeGoes = await triggerProfile();
	if (upTo === 'trigger-only') return `${[...overhead, '', ...whereTimeGoes].join('\n')}\n`;
	const engines = await triggerThroughN8n();
	if (upTo === 'trigger-parts-only')
		return `${[...overhead, '', ...whereTimeGoes, '', ...engines.throughput, '', ...engines.profile].join('\n')}\n`;
	const bulk = await bulkSend();
	const batching = await batchingBench();
	const lists = await listsBench();
	const estimate = await estimateBench();
	const { throughput, loadCheck } = await realN8n();
	const n8nVersion = process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION;
	const conversations = conversationsSectionNow(n8nVersion, await conversationsBench(n8nVersion));
	const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version} (benchmarks) and the Node that n8n ${n8nVersion} runs on`;
	const figures = { startedAt, endedAt: new Date(), machine, n8nVersion, loadAtStart, loadAtEnd: loadavg()[0] };
	return resultsReport({
		...figures,
		overhead,
		whereTimeGoes,
		throughput,
		engines,
		bulk,
		batching,
		lists,
		estimate,
		loadCheck,
		conversations,
	});
}

async function main() {
	// `npm run bench -- --trigger-only`: part 1 alone; `--trigger-parts-only`: parts 1 and 2b alone.
	const upTo = (['trigger-only', 'trigger-parts-only'] as const).find((part) => process.argv.includes(`--${part}`));
	const report = await benchReport(upTo);
	// A part alone, or the small mode: printed, RESULTS.md left as it is.
	if (upTo !== undefined || SMALL) process.stdout.write(report);
	else writeResults(report);
}

if (require.main === module) runBenchScript(main);
