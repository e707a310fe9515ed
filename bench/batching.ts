/**
 * Batch Recipients (issue 14): 1,000 items through the Messaging Gateway node (node version 2, n8n-core's
 * WorkflowExecute) to the emulator answering after 50 ms, batched and one request per item side by side.
 * Requests and TCP connections are the emulator's own counts (GET /emulator/stats).
 * `npm run bench` includes it; on its own: `npx ts-node --transpile-only bench/batching.ts`.
 */
import { loadavg } from 'node:os';

import { startEmulator } from '../emulator/server';
import { runAction } from '../test/helpers/n8n';

const ITEMS = 1000;
const API_LATENCY_MS = 50;

interface Measured {
	requests: number;
	connections: number;
	seconds: number;
}

async function measure(messageOf: (index: number) => string, batchRecipients: boolean): Promise<Measured> {
	const emulator = await startEmulator({ account: { balance: 1_000_000 }, settings: { deliveryDelayMs: 600_000, apiLatencyMs: API_LATENCY_MS } });
	try {
		const credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
		const items = Array.from({ length: ITEMS }, (_, index) => ({ to: `3161${String(index).padStart(7, '0')}`, text: messageOf(index) }));
		const parameters = { resource: 'message', operation: 'send', sender: 'Bench', to: '={{ $json.to }}', message: '={{ $json.text }}', options: { batchRecipients } };
		const started = performance.now();
		const run = await runAction(parameters, items, credentials, { typeVersion: 2 });
		const seconds = (performance.now() - started) / 1000;
		if (run.error || run.items.length !== ITEMS || emulator.messages.length !== ITEMS) throw new Error(`batching bench: send failed: ${run.error?.message}`);
		const stats = (await (await fetch(`${emulator.url}/emulator/stats`)).json()) as { apiConnections: number; apiRequests: number };
		return { requests: stats.apiRequests, connections: stats.apiConnections, seconds };
	} finally {
		await emulator.close();
	}
}

/** The bench's section of bench/RESULTS.md (heading, what was measured, the table). */
export async function batchingBench(): Promise<string> {
	const rows = ['| 1,000 items | Batch Recipients | requests | TCP connections | time | messages/s |', '|---|---|---|---|---|---|'];
	for (const [name, messageOf] of [
		['one message, 1,000 numbers', () => 'Sale today: 20% off everything'],
		['1,000 different messages', (index: number) => `Your code is ${1000 + index}`],
	] as const) {
		// A batched run lasts about a second, so it is the median of three (other work on the machine moves it most).
		const perItem = await measure(messageOf, false);
		const batchedRuns = [await measure(messageOf, true), await measure(messageOf, true), await measure(messageOf, true)];
		const batched = batchedRuns.sort((a, b) => a.seconds - b.seconds)[1];
		for (const [label, result] of [['off (one request per item)', perItem], ['on (default in version 2)', batched]] as const) {
			rows.push(`| ${name} | ${label} | ${result.requests} | ${result.connections} | ${result.seconds.toFixed(2)} s | ${(ITEMS / result.seconds).toFixed(0)} |`);
		}
		rows.push(`| ${name} | ratio on / off | | | | ${(perItem.seconds / batched.seconds).toFixed(2)}× |`);
	}
	return `## Batched sends

${ITEMS.toLocaleString('en')} items through the node (version 2, concurrency 5, Batch Size 100) to the emulator
answering after ${API_LATENCY_MS} ms (\`apiLatencyMs\`); requests and TCP connections as the emulator counted
them (\`GET /emulator/stats\`). n8n's HTTP helper opens a new connection for every request, so fewer
requests also means fewer TCP (and, against the real gateway, TLS) handshakes. "on" is the median of
three runs; the machine's load average was ${loadavg()[0].toFixed(1)} (2 cores shared with other work).

${rows.join('\n')}
`;
}

if (require.main === module) {
	batchingBench().then(
		(section) => process.stdout.write(section),
		(error: unknown) => {
			process.stderr.write(`${String(error)}\n`);
			process.exit(1);
		},
	);
}
