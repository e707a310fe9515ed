/**
 * `npm run bench`: every figure side by side in one run, written to bench/RESULTS.md.
 * 1. trigger work in process (verify + parse + filter) vs the floor (one HMAC-SHA256 + one JSON.parse);
 * 2. webhook throughput through real n8n: our trigger (verifying signatures) vs n8n's Webhook node;
 * 3. bulk send: 1,000 items through the action node to the emulator, concurrency 1 vs the default;
 * 4. load check: 2,000 signed webhooks at 20 in flight, every one exactly one execution; 200 tampered, none.
 */
import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

import { startEmulator } from '../emulator/server';
import { buildEvent } from '../emulator/events';
import { envelopeSchema, payloadSchemas, receiveEvents } from '../nodes/MessagingGateway/core/payloads';
import { generateTestHeaders, verifySignature } from '../nodes/MessagingGateway/core/signature';
import { ensureN8n, N8nClient, ROOT, startN8n, stopN8nOnExit } from '../tools/n8n-server';
import { DEFAULT_N8N_VERSION } from '../tools/n8n-version';
import { waitForWebhooks } from '../tools/waits';
import { ACCOUNT, drain, executionsPage, load, median, ourTrigger, say, SECRET, signedEvent, webhookNode, webhookWorkflow, type LoadResult, type Receiver } from './load';
import { runAction } from '../test/harness/run';
import { batchingBench } from './batching';
import { IN_FLIGHT as TRIGGER_IN_FLIGHT, PER_ROUND as TRIGGER_PER_ROUND, ROUNDS as TRIGGER_ROUNDS, triggerThroughN8n } from './trigger-n8n';
import { inclusiveShare, profileInProcess, selfTimeRows } from './profile';


/** An inbox_message event padded to about `bytes` of JSON. */
function eventOfSize(bytes: number): string {
	const event = buildEvent('inbox_message', ACCOUNT);
	const base = JSON.stringify(event).length;
	(event.message as Record<string, unknown>).content = 'x'.repeat(Math.max(0, bytes - base));
	return JSON.stringify(event);
}

/** The headers of a signed POST of `raw` as the node gets them: Node's `req.headers`, every name lower-cased. */
function asReceived(raw: Buffer): Record<string, string> {
	const sent = { Host: '127.0.0.1:5678', 'User-Agent': 'gateway-webhooks/1.0', 'Content-Type': 'application/json', 'Content-Length': String(raw.length), ...generateTestHeaders(raw, SECRET) };
	return Object.fromEntries(Object.entries(sent).map(([name, value]) => [name.toLowerCase(), value]));
}

function nsPerOp(iterations: number, work: () => unknown): number {
	for (let i = 0; i < Math.min(1000, iterations); i++) work(); // warm-up
	const start = process.hrtime.bigint();
	for (let i = 0; i < iterations; i++) work();
	return Number(process.hrtime.bigint() - start) / iterations;
}


/**
 * What the node does with one POST, as its webhook() does it: verifySignature on the raw bytes, then
 * receiveEvents on the parsed body. n8n parses a JSON body once before the node runs (getBodyData),
 * so that JSON.parse is counted here, as in the floor.
 */
function triggerWork(raw: Buffer, headers: Record<string, string>, strict: boolean) {
	if (!verifySignature(raw, headers, SECRET).ok) throw new Error('not verified');
	const { parsed, starting } = receiveEvents(JSON.parse(raw.toString('utf8')), { strict, selected: ['inbox_message'] });
	if (!parsed.ok || parsed.deviationCount > 0 || starting.length !== 1) throw new Error('not accepted');
	return starting;
}

const ROUNDS = 31;

/** Floor and trigger alternate, ROUNDS times; each ratio is of two neighbouring measurements, and the median is reported. */
function triggerOverhead(): string[] {
	const rows = [
		'| body | validation | floor: HMAC + JSON.parse (fastest round) | trigger: verify + parse + validate + filter (fastest round) | ratio of the fastest rounds | median of the ' + ROUNDS + ' per-round ratios | zod schemas alone on the same event |',
		'|---|---|---|---|---|---|---|',
	];
	for (const [label, size, iterations] of [['1 KB', 1024, 2000], ['64 KB', 65536, 40]] as const) {
		const body = eventOfSize(size);
		const raw = Buffer.from(body);
		const headers = asReceived(raw);
		const t = headers['x-service-timestamp'];
		const event = JSON.parse(body) as Record<string, unknown>;
		const floorWork = () => {
			createHmac('sha256', SECRET).update(`${t}.`).update(raw).digest('hex');
			return JSON.parse(raw.toString('utf8'));
		};
		const zodWork = () => envelopeSchema.safeParse(event).success && payloadSchemas.inbox_message.safeParse(event.message).success;
		for (const strict of [false, true]) {
			const floors: number[] = [];
			const ours: number[] = [];
			const ratios: number[] = [];
			for (let round = 0; round < ROUNDS; round++) {
				floors.push(nsPerOp(iterations, floorWork));
				ours.push(nsPerOp(iterations, () => triggerWork(raw, headers, strict)));
				ratios.push(ours[round] / floors[round]);
			}
			const zod = Math.min(...Array.from({ length: 5 }, () => nsPerOp(iterations, zodWork)));
			const mode = strict ? 'strict (option; version 1)' : 'lenient (version 2 default)';
			// The fastest round of each is the one least disturbed by the other processes on the machine.
			const [floor, trigger] = [Math.min(...floors), Math.min(...ours)];
			rows.push(
				`| ${label} (${raw.length} B) | ${mode} | ${(floor / 1000).toFixed(1)} µs | ${(trigger / 1000).toFixed(1)} µs | ${(trigger / floor).toFixed(2)}× | ${median(ratios).toFixed(2)}× | ${(zod / 1000).toFixed(1)} µs (${(zod / floor).toFixed(2)}× the floor) |`,
			);
			say(`overhead ${label} ${mode}: floor ${(floor / 1000).toFixed(1)} µs, trigger ${(trigger / 1000).toFixed(1)} µs, fastest ${(trigger / floor).toFixed(2)}, median ratio ${median(ratios).toFixed(2)}`);
		}
	}
	return rows;
}

/** Where the time of `triggerWork` goes for a 1 KB event, lenient: a V8 CPU profile of this process, per step and per function. */
async function triggerProfile(): Promise<string[]> {
	const raw = Buffer.from(eventOfSize(1024));
	const headers = asReceived(raw);
	const iterations = 200_000;
	const started = performance.now();
	const profile = await profileInProcess(iterations, () => triggerWork(raw, headers, false));
	const usPerWebhook = ((performance.now() - started) * 1000) / iterations;
	say(`profile in process: ${iterations} webhooks, ${usPerWebhook.toFixed(1)} µs each under the profiler`);
	const percent = (share: number) => `${(100 * share).toFixed(1)} %`;
	const [verify, hmac, receive] = ['verifySignature', 'computeSignature', 'receiveEvents'].map((name) => inclusiveShare(profile, name));
	return [
		`${iterations.toLocaleString('en')} webhooks of \`triggerWork\` (1 KB, lenient) under \`node:inspector\`'s profiler, ${usPerWebhook.toFixed(1)} µs per webhook with the profiler on; each step's share of the samples, with what it calls:`,
		'',
		'| step | share of the samples |',
		'|---|---|',
		`| \`verifySignature\`: the HMAC (\`computeSignature\`; the floor's work too) | ${percent(hmac)} |`,
		`| \`verifySignature\`: the rest (find and parse the header, timestamp, constant-time compare) | ${percent(verify - hmac)} |`,
		`| \`receiveEvents\`: validate (\`conformsToSpec\`) and filter | ${percent(receive)} |`,
		`| the rest: \`JSON.parse\` of the bytes (the floor's work too), the loop, the garbage collector | ${percent(1 - verify - receive)} |`,
		'',
		`So the work beyond the floor's is about ${percent(verify - hmac + receive)} of the trigger's time. The ${PROFILE_TOP} functions with the most self time (V8 names the HMAC's native parts \`init\`, \`update\`, \`digest\`, \`Hmac\`, and inlines \`JSON.parse\` into \`triggerWork\`):`,
		'',
		'| self time | function |',
		'|---|---|',
		...selfTimeRows(profile, PROFILE_TOP),
	];
}

const PROFILE_TOP = 12;

async function realN8n(): Promise<{ throughput: string[]; loadCheck: string[] }> {
	const install = ensureN8n();
	const n8n = await startN8n(install);
	try {
		const client = await N8nClient.setUp(n8n.url);
		const credentialId = await client.createCredential('Bench', { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's', signingSecret: SECRET });
		const headerCredential = { id: await client.createCredential('Bench header', { name: 'X-Token', value: 'bench-token' }, 'httpHeaderAuth') };
		const builtin = (webhookId: string, path: string, withAuth: boolean) => webhookNode(webhookId, path, withAuth ? headerCredential.id : undefined);
		const receivers: Receiver[] = [
			{
				label: "n8n's Webhook node, no authentication",
				workflowId: await client.importWorkflow(webhookWorkflow('Bench: Webhook node', builtin('b0000000-0000-4000-8000-000000000002', 'bench-plain', false)), credentialId),
				url: `${n8n.url}/webhook/bench-plain`,
				headers: {},
			},
			{
				label: "n8n's Webhook node, Header Auth (reads a credential per request)",
				workflowId: await client.importWorkflow(webhookWorkflow('Bench: Webhook node with Header Auth', builtin('b0000000-0000-4000-8000-000000000003', 'bench-auth', true)), credentialId),
				url: `${n8n.url}/webhook/bench-auth`,
				headers: { 'X-Token': 'bench-token' },
			},
			{
				label: 'Messaging Gateway Trigger (reads the credential, verifies the HMAC, validates, filters)',
				workflowId: await client.importWorkflow(webhookWorkflow('Bench: Messaging Gateway Trigger', ourTrigger('b0000000-0000-4000-8000-000000000001')), credentialId),
				url: `${n8n.url}/webhook/b0000000-0000-4000-8000-000000000001/webhook`,
				headers: {},
			},
		];
		await waitForWebhooks([receivers[2].url]);
		for (const receiver of receivers.slice(0, 2)) {
			// A GET to a POST-only webhook answers 404 too, so these are probed with POST.
			for (let tries = 0; (await fetch(receiver.url, { method: 'POST', headers: receiver.headers })).status === 404; tries++) {
				if (tries > 100) throw new Error(`${receiver.url} never became live`);
				await new Promise((resolve) => setTimeout(resolve, 200));
			}
		}

		const payloads = Array.from({ length: 500 }, (_, i) => signedEvent(i));
		const results: LoadResult[] = [];
		for (const receiver of receivers) {
			say(`throughput: ${receiver.label}`);
			const withHeaders = (i: number) => ({ body: payloads[i].body, headers: { ...payloads[i].headers, ...receiver.headers } });
			await load(receiver.url, 50, 10, withHeaders);
			await drain(client, receiver.workflowId);
			const started = performance.now();
			const result = await load(receiver.url, 500, 20, withHeaders);
			await drain(client, receiver.workflowId);
			// Until the last execution has finished: n8n's work for 500 webhooks, whenever it answered.
			results.push({ ...result, requestsPerSecond: 500 / ((performance.now() - started - 5000) / 1000) });
		}
		const [plain, authed, ours] = results;
		const row = (label: string, r: LoadResult) =>
			`| ${label} | ${r.requestsPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${JSON.stringify(r.statuses)} |`;
		const throughput = [
			'| receiver | webhooks/s, to the last execution | answer p50 | answer p99 | answers |',
			'|---|---|---|---|---|',
			...receivers.map((receiver, i) => row(receiver.label, results[i])),
			`| ratio: our trigger / Webhook node with Header Auth | ${(ours.requestsPerSecond / authed.requestsPerSecond).toFixed(2)}× | ${(ours.p50 / authed.p50).toFixed(2)}× | ${(ours.p99 / authed.p99).toFixed(2)}× | |`,
			`| ratio: our trigger / Webhook node without authentication | ${(ours.requestsPerSecond / plain.requestsPerSecond).toFixed(2)}× | ${(ours.p50 / plain.p50).toFixed(2)}× | ${(ours.p99 / plain.p99).toFixed(2)}× | |`,
		];

		// Load check on its own workflow so the counts are its own.
		const checkId = await client.importWorkflow(webhookWorkflow('Bench: load check', ourTrigger('b0000000-0000-4000-8000-000000000004')), credentialId);
		const checkUrl = `${n8n.url}/webhook/b0000000-0000-4000-8000-000000000004/webhook`;
		await waitForWebhooks([checkUrl]);
		say('load check: 2,000 signed webhooks, 20 in flight');
		const genuine = Array.from({ length: 2000 }, (_, i) => signedEvent(i));
		const genuineRun = await load(checkUrl, 2000, 20, (i) => genuine[i], true);
		say('load check: 200 tampered webhooks');
		const tampered = Array.from({ length: 200 }, (_, i) => signedEvent(i, true));
		const tamperedRun = await load(checkUrl, 200, 20, (i) => tampered[i], true);
		say('load check: waiting for n8n to finish every execution');
		await drain(client, checkId);
		const executions = await executionsPage(client, `workflowId=${checkId}&includeData=true`);
		const seen = new Map<string, number>();
		for (const execution of executions) {
			const id = String(execution.data?.resultData.runData.Trigger?.[0]?.data?.main[0][0]?.json.webhook_id);
			seen.set(id, (seen.get(id) ?? 0) + 1);
		}
		const lost = genuine.filter((request) => !seen.has(String(request.webhookId))).length;
		const duplicated = genuine.filter((request) => (seen.get(String(request.webhookId)) ?? 0) > 1).length;
		const fromTampered = tampered.filter((request) => seen.has(String(request.webhookId))).length;
		const successful = executions.filter((execution) => execution.status === 'success').length;
		const loadCheck = [
			'| sent | final answers | sent again after a 5xx | executions | lost | duplicated | answers/s | answer p99 |',
			'|---|---|---|---|---|---|---|---|',
			`| 2,000 signed | ${JSON.stringify(genuineRun.statuses)} | ${genuineRun.retried} | ${executions.length} (${successful} successful) | ${lost} | ${duplicated} | ${genuineRun.requestsPerSecond.toFixed(0)} | ${genuineRun.p99.toFixed(1)} ms |`,
			`| 200 tampered | ${JSON.stringify(tamperedRun.statuses)} | ${tamperedRun.retried} | ${fromTampered} | | | ${tamperedRun.requestsPerSecond.toFixed(0)} | ${tamperedRun.p99.toFixed(1)} ms |`,
		];
		return { throughput, loadCheck };
	} finally {
		await n8n.stop();
	}
}

async function bulkSend(): Promise<string[]> {
	const rows = ['| gateway answers in | concurrency | 1,000 items | messages/s |', '|---|---|---|---|'];
	const items = Array.from({ length: 1000 }, (_, i) => ({ to: `3161${String(i).padStart(7, '0')}`, n: i }));
	for (const apiLatencyMs of [0, 50]) {
		const emulator = await startEmulator({ account: { balance: 1_000_000 }, settings: { deliveryDelayMs: 600_000, apiLatencyMs } });
		try {
			const credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
			const rates: number[] = [];
			for (const concurrency of [1, 5]) {
				const started = performance.now();
				const run = await runAction({ resource: 'message', operation: 'send', sender: 'Bench', to: '={{ $json.to }}', message: '={{ "Item " + $json.n }}', options: { concurrency } }, items, credentials, { typeVersion: 1 });
				const seconds = (performance.now() - started) / 1000;
				if (run.error || run.items.length !== 1000) throw new Error(`bulk send failed: ${run.error?.message}`);
				rates.push(1000 / seconds);
				rows.push(`| ${apiLatencyMs} ms | ${concurrency}${concurrency === 5 ? ' (default)' : ''} | ${seconds.toFixed(2)} s | ${(1000 / seconds).toFixed(0)} |`);
				say(`bulk send, gateway ${apiLatencyMs} ms, concurrency ${concurrency}: ${seconds.toFixed(2)} s`);
			}
			rows.push(`| ${apiLatencyMs} ms | ratio default / 1 | | ${(rates[1] / rates[0]).toFixed(2)}× |`);
		} finally {
			await emulator.close();
		}
	}
	return rows;
}

async function main() {
	const startedAt = new Date();
	const loadAtStart = loadavg()[0];
	const overhead = triggerOverhead();
	const whereTimeGoes = await triggerProfile();
	// `npm run bench -- --trigger-only`: part 1 alone, printed, RESULTS.md left as it is.
	if (process.argv.includes('--trigger-only')) return void process.stdout.write(`${[...overhead, '', ...whereTimeGoes].join('\n')}\n`);
	const engines = await triggerThroughN8n();
	// `--trigger-parts-only`: parts 1 and 2b alone, printed, RESULTS.md left as it is.
	if (process.argv.includes('--trigger-parts-only')) return void process.stdout.write(`${[...overhead, '', ...whereTimeGoes, '', ...engines.throughput, '', ...engines.profile].join('\n')}\n`);
	const bulk = await bulkSend();
	const batching = await batchingBench();
	const { throughput, loadCheck } = await realN8n();
	const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version} (benchmarks) and the Node that n8n ${process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION} runs on`;
	const report = `# Benchmark results

Measured ${startedAt.toISOString().slice(0, 16).replace('T', ' ')}–${new Date().toISOString().slice(11, 16)} UTC on ${machine}, all in one run of \`npm run bench\`
(load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end).
n8n, the emulator and the load generator share the machine, so absolute figures are this machine's;
the ratios compare two things measured side by side in the same run.

## 1. Trigger work in process

What the node's \`webhook()\` does with one POST, the same calls (\`verifySignature\` on the raw bytes, then
\`receiveEvents\` on the body: validate against the spec's payload tables, filter by type), against the
least any receiver must do (one HMAC-SHA256 and one \`JSON.parse\` of the same bytes). n8n parses a JSON
body once before the node runs, so that one \`JSON.parse\` is counted on both sides. Floor and trigger
alternate in ${ROUNDS} rounds; the fastest round of each is the one least disturbed by other processes,
and the median of the per-round ratios is shown next to it. Goal: within 1.5× at 1 KB and 1.1× at 64 KB.
Before the change that compiled the field tables into plain checks: 3.01× at 1 KB, 1.26× at 64 KB.

${overhead.join('\n')}

### Where the trigger's time goes (CPU profile)

${whereTimeGoes.join('\n')}

Before the change, the same profile (31 µs per webhook in that run) had zod's \`ZodObject._parse\`,
\`ZodString._parse\`, \`ZodUnion._parse\` and \`mergeObjectSync\` at 20 % of the self time together (the
schemas ran on every accepted event to look for deviations to log), and \`findSignatureHeaders\` with
\`headerEntries\` at 7 % (a Map of every header). Now the field tables are also compiled once into plain
checks (\`conformsToSpec\`) that answer "exactly as the spec describes" or "ask zod"; zod runs only when
an event deviates (to name the deviation, lenient) or is refused (to name the problem, strict), so the
verdict is always zod's (\`test/unit/payloads-fast-path.test.ts\` proves it with fast-check over mutated
events, both modes). No check was removed. The last column of the table above is zod's own cost on this
event: what strict validation would cost if it ran zod on every event.

## 2. Webhook throughput through real n8n (default expression engine)

The same 500 signed \`inbox_message\` bodies posted with 20 in flight to three one-node workflows on one
n8n ${process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION} with its default settings: n8n's Webhook node without
authentication, n8n's Webhook node with Header Auth, and our trigger with a signing secret set. Each
request starts an execution that n8n saves to SQLite; all three are answered once n8n has registered the
run, and throughput counts until the last execution has finished. The fair baseline is the Webhook node
with Header Auth: any receiver that checks a secret has n8n read a credential for each request. On this
engine n8n also acquires an expression isolate for every webhook of our trigger and not of its own
Webhook node v2 (2b measures that share).

${throughput.join('\n')}

## 2b. Our trigger against the Webhook node with Header Auth, on both expression engines

Two n8n processes at once, one with \`N8N_EXPRESSION_ENGINE=legacy\`, one on n8n's default engine (n8n 2.x
acquires an expression isolate for every webhook of every trigger except its own Webhook node v2:
\`webhookPhaseNeedsIsolate\` in n8n's \`live-webhooks.js\` checks the node's type). The four cells
(engine × receiver) take turns, ${TRIGGER_ROUNDS} rounds of ${TRIGGER_PER_ROUND} signed \`inbox_message\` webhooks at
${TRIGGER_IN_FLIGHT} in flight, the order reversed every other round; answers/s and answer latency (both receivers
answer once n8n has registered the run), and each cell's backlog of executions is worked off, untimed,
before the next cell runs. Goal on the legacy engine: at least 0.95× the answers/s, p99 within 1.1×.
A p99 of one round of ${TRIGGER_PER_ROUND} answers rests on its ${Math.ceil(TRIGGER_PER_ROUND / 100)} slowest answers, so the p99 of all answers of a cell
(every round pooled) is the figure compared; the median of the per-round p99 ratios is shown next to it.

${engines.throughput.join('\n')}

### What our node costs inside n8n

n8n (legacy engine) under \`node --cpu-prof\` (\`startN8n(install, { cpuProfileDir })\`), 600 signed webhooks
to our trigger; the time of samples whose stack holds our node's \`webhook()\`, and within it each call,
divided by the number of requests.

${engines.profile.join('\n')}

## 3. Bulk send

1,000 input items through the Messaging Gateway node (n8n-core's WorkflowExecute) to the emulator,
once answering at once (the node's own cost is all there is) and once after 50 ms, like a gateway a
network round trip away (\`apiLatencyMs\`).

${bulk.join('\n')}

${batching}
## 4. Load check

Signed webhooks through real n8n, 20 in flight; every one must produce exactly one execution (matched
by \`webhook_id\`), and tampered ones (one changed byte after signing) none. A webhook that n8n answers
with a 5xx (it could not register the run) is sent again, as the gateway retries failed deliveries;
the trigger answers 200 only once n8n has registered the run.

${loadCheck.join('\n')}

## Reproduce

\`\`\`bash
npm ci && npm run bench     # first run installs n8n into ~/.cache (about 6 minutes)
npm run bench -- --trigger-only         # part 1 alone, printed, RESULTS.md left as it is
npm run bench -- --trigger-parts-only   # parts 1 and 2b alone, printed
npx ts-node --transpile-only bench/batching.ts   # the batched sends alone, printed
\`\`\`
`;
	const file = join(ROOT, 'bench', 'RESULTS.md');
	// bench/queue.ts (npm run bench:queue) owns the "Queue mode" section at the end: keep it.
	const previous = readFileSync(file, 'utf8');
	const queueSection = previous.indexOf('\n## Queue mode\n');
	writeFileSync(file, queueSection === -1 ? report : `${report.trimEnd()}\n${previous.slice(queueSection)}`);
	process.stdout.write(report);
}

stopN8nOnExit();
main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
