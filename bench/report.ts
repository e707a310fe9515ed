/**
 * The text of bench/RESULTS.md that `npm run bench` writes (all but the "Queue mode" section, which is
 * bench/queue-report.ts's): what each part measured and how, around the tables the measuring code made.
 */
import { ROUNDS } from './trigger-in-process';
import {
	IN_FLIGHT as TRIGGER_IN_FLIGHT,
	PER_ROUND as TRIGGER_PER_ROUND,
	ROUNDS as TRIGGER_ROUNDS,
} from './trigger-n8n';

export interface BenchFigures {
	startedAt: Date;
	endedAt: Date;
	machine: string;
	n8nVersion: string;
	loadAtStart: number;
	loadAtEnd: number;
	/** Part 1: the overhead table and the profile's tables. */
	overhead: string[];
	whereTimeGoes: string[];
	/** Part 2: throughput through one n8n; 2b: both expression engines and the CPU profile inside n8n. */
	throughput: string[];
	engines: { throughput: string[]; profile: string[] };
	/** Part 3: bulk send, and the batched-sends section (with its heading). */
	bulk: string[];
	batching: string;
	/** Part 3, reading a list (with its heading, bench/lists.ts). */
	lists: string;
	/** Part 3, Estimate Cost beside Send's pre-flight (with its heading, bench/estimate.ts). */
	estimate: string;
	/** Part 4. */
	loadCheck: string[];
	/** Part 5, with its heading (bench/conversations-report.ts). */
	conversations: string;
}

/** Part 1: the trigger's work in process and its CPU profile. */
function inProcessSection(figures: BenchFigures): string {
	return `## 1. Trigger work in process

What the node's \`webhook()\` does with one POST, the same calls (\`verifySignature\` on the raw bytes, then
\`receiveEvents\` on the body: validate against the spec's payload tables, filter by type), against the
least any receiver must do (one HMAC-SHA256 and one \`JSON.parse\` of the same bytes). n8n parses a JSON
body once before the node runs, so that one \`JSON.parse\` is counted on both sides. Floor and trigger
alternate in ${ROUNDS} rounds; the fastest round of each is the one least disturbed by other processes,
and the median of the per-round ratios is shown next to it. Goal: within 1.5× at 1 KB and 1.1× at 64 KB.
Before the change that compiled the field tables into plain checks: 3.01× at 1 KB, 1.26× at 64 KB.

${figures.overhead.join('\n')}

### Where the trigger's time goes (CPU profile)

${figures.whereTimeGoes.join('\n')}

Before the change, the same profile (31 µs per webhook in that run) had zod's \`ZodObject._parse\`,
\`ZodString._parse\`, \`ZodUnion._parse\` and \`mergeObjectSync\` at 20 % of the self time together (the
schemas ran on every accepted event to look for deviations to log), and \`findSignatureHeaders\` with
\`headerEntries\` at 7 % (a Map of every header). Now the field tables are also compiled once into plain
checks (\`conformsToSpec\`) that answer "exactly as the spec describes" or "ask zod"; zod runs only when
an event deviates (to name the deviation, lenient) or is refused (to name the problem, strict), so the
verdict is always zod's (\`test/unit/core/events/payloads-fast-path.test.ts\` proves it with fast-check over mutated
events, both modes). No check was removed. The last column of the table above is zod's own cost on this
event: what strict validation would cost if it ran zod on every event.
`;
}

/** Parts 2 and 2b: webhooks through real n8n. */
function throughN8nSection(figures: BenchFigures): string {
	return `## 2. Webhook throughput through real n8n (default expression engine)

The same 500 signed \`inbox_message\` bodies posted with 20 in flight to three one-node workflows on one
n8n ${figures.n8nVersion} with its default settings: n8n's Webhook node without
authentication, n8n's Webhook node with Header Auth, and our trigger with a signing secret set. Each
request starts an execution that n8n saves to SQLite; all three are answered once n8n has registered the
run, and throughput counts until the last execution has finished. The fair baseline is the Webhook node
with Header Auth: any receiver that checks a secret has n8n read a credential for each request. On this
engine n8n also acquires an expression isolate for every webhook of our trigger and not of its own
Webhook node v2 (2b measures that share).

${figures.throughput.join('\n')}

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

${figures.engines.throughput.join('\n')}

### What our node costs inside n8n

n8n (legacy engine) under \`node --cpu-prof\` (\`startN8n(install, { cpuProfileDir })\`), 600 signed webhooks
to our trigger; the time of samples whose stack holds our node's \`webhook()\`, and within it each call,
divided by the number of requests.

${figures.engines.profile.join('\n')}
`;
}

/** Parts 3, 4 and 5, and how to reproduce. */
function sendAndLoadSection(figures: BenchFigures): string {
	return `## 3. Bulk send

1,000 input items through the Messaging Gateway node (n8n-core's WorkflowExecute) to the emulator,
once answering at once (the node's own cost is all there is) and once after 50 ms, like a gateway a
network round trip away (\`apiLatencyMs\`).

${figures.bulk.join('\n')}

${figures.batching}
${figures.lists}
${figures.estimate}
## 4. Load check

Signed webhooks through real n8n, 20 in flight; every one must produce exactly one execution (matched
by \`webhook_id\`), and tampered ones (one changed byte after signing) none. A webhook that n8n answers
with a 5xx (it could not register the run) is sent again, as the gateway retries failed deliveries;
the trigger answers 200 only once n8n has registered the run.

${figures.loadCheck.join('\n')}

${figures.conversations}
## Reproduce

\`\`\`bash
npm ci && npm run bench     # first run installs n8n into ~/.cache (about 6 minutes)
npm run bench -- --trigger-only         # part 1 alone, printed, RESULTS.md left as it is
npm run bench -- --trigger-parts-only   # parts 1 and 2b alone, printed
npx ts-node --transpile-only bench/batching.ts   # the batched sends alone, printed
npx ts-node --transpile-only bench/lists.ts      # reading a list (Inbox → Get Many) alone, printed
npx ts-node --transpile-only bench/estimate.ts   # Estimate Cost beside Send's pre-flight alone, printed
npm run bench:conversations             # part 5 alone, written into RESULTS.md
\`\`\`
`;
}

export function resultsReport(figures: BenchFigures): string {
	return `# Benchmark results

Measured ${figures.startedAt.toISOString().slice(0, 16).replace('T', ' ')}–${figures.endedAt.toISOString().slice(11, 16)} UTC on ${figures.machine}, all in one run of \`npm run bench\`
(load average ${figures.loadAtStart.toFixed(1)} at the start, ${figures.loadAtEnd.toFixed(1)} at the end).
n8n, the emulator and the load generator share the machine, so absolute figures are this machine's;
the ratios compare two things measured side by side in the same run.

${inProcessSection(figures)}
${throughN8nSection(figures)}
${sendAndLoadSection(figures)}`;
}
