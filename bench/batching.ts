/**
 * Batch Recipients (issue 14): 1,000 items through the Messaging Gateway node (node version 2, n8n-core's
 * WorkflowExecute) to the emulator answering after 50 ms, batched and one request per item side by side.
 * Requests and TCP connections are the emulator's own counts (GET /emulator/stats).
 * `npm run bench` includes it; on its own: `npx ts-node --transpile-only bench/batching.ts` (`--small`: bench/size.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import { DEFAULT_ACCOUNT } from '../emulator/server';
import { runAction } from '../test/support/run';
import { sized } from './size';

const ITEMS = sized(1000, 20);
const API_LATENCY_MS = 50;

interface Measured {
	requests: number;
	connections: number;
	seconds: number;
}

/**
 * The emulator in a process of its own (`npm run emulator`), as the gateway is on another machine: its
 * work for each message (delivery reports, signing) does not run on the node's thread.
 */
async function startGateway(): Promise<{ url: string; child: ChildProcess }> {
	const child = spawn(
		process.execPath,
		['-r', 'ts-node/register/transpile-only', join(__dirname, '..', 'emulator', 'cli.ts'), '--port', '0'],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	let output = '';
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	while (!/listening on (\S+)/.test(output)) {
		if (child.exitCode !== null) throw new Error(`batching bench: the emulator did not start: ${output}`);
		await Promise.race([once(child.stdout!, 'data'), once(child, 'exit')]);
	}
	return { url: /listening on (\S+)/.exec(output)![1], child };
}

async function measure(
	gateway: string,
	messageOf: (index: number) => string,
	batchRecipients: boolean,
): Promise<Measured> {
	const control = async (path: string, method = 'GET', body?: unknown) =>
		(
			await fetch(`${gateway}/emulator${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) })
		).json() as Promise<Record<string, number>>;
	await control('/reset', 'POST');
	await control('/account', 'PATCH', { balance: 1_000_000 });
	await control('/settings', 'PATCH', { deliveryDelayMs: 600_000, apiLatencyMs: API_LATENCY_MS });
	const credentials = { baseUrl: gateway, apiKey: DEFAULT_ACCOUNT.apiKey, apiSecret: DEFAULT_ACCOUNT.apiSecret };
	const items = Array.from({ length: ITEMS }, (_, index) => ({
		to: `3161${String(index).padStart(7, '0')}`,
		text: messageOf(index),
	}));
	const parameters = {
		resource: 'message',
		operation: 'send',
		sender: 'Bench',
		to: '={{ $json.to }}',
		message: '={{ $json.text }}',
		options: { batchRecipients },
	};
	const started = performance.now();
	const run = await runAction(parameters, items, credentials);
	const seconds = (performance.now() - started) / 1000;
	const { messages } = await control('');
	if (run.error || run.items.length !== ITEMS || messages !== ITEMS)
		throw new Error(`batching bench: send failed: ${run.error?.message}`);
	const stats = await control('/stats');
	return { requests: stats.apiRequests, connections: stats.apiConnections, seconds };
}

/** The bench's section of bench/RESULTS.md (heading, what was measured, the table). */
export async function batchingBench(): Promise<string> {
	const { url, child } = await startGateway();
	try {
		return await batchingSection(url);
	} finally {
		child.kill();
	}
}

async function batchingSection(gateway: string): Promise<string> {
	const rows = [
		`| ${ITEMS.toLocaleString('en')} items | Batch Recipients | requests | TCP connections | time | messages/s |`,
		'|---|---|---|---|---|---|',
	];
	for (const [name, messageOf] of [
		[`one message, ${ITEMS.toLocaleString('en')} numbers`, () => 'Sale today: 20% off everything'],
		[`${ITEMS.toLocaleString('en')} different messages`, (index: number) => `Your code is ${1000 + index}`],
	] as const) {
		// A batched run lasts about a second, so it is the median of three (other work on the machine moves it most).
		const perItem = await measure(gateway, messageOf, false);
		const batchedRuns = [
			await measure(gateway, messageOf, true),
			await measure(gateway, messageOf, true),
			await measure(gateway, messageOf, true),
		];
		const batched = batchedRuns.sort((a, b) => a.seconds - b.seconds)[1];
		for (const [label, result] of [
			['off (one request per item)', perItem],
			['on (default in version 2)', batched],
		] as const) {
			rows.push(
				`| ${name} | ${label} | ${result.requests} | ${result.connections} | ${result.seconds.toFixed(2)} s | ${(ITEMS / result.seconds).toFixed(0)} |`,
			);
		}
		rows.push(`| ${name} | ratio on / off | | | | ${(perItem.seconds / batched.seconds).toFixed(2)}× |`);
	}
	return `## Batched sends

${ITEMS.toLocaleString('en')} items through the node (version 2, concurrency 5, Batch Size 100) to the emulator in
a process of its own (the gateway's work is not on the node's thread) answering after ${API_LATENCY_MS} ms
(\`apiLatencyMs\`); requests and TCP connections as the emulator counted them (\`GET /emulator/stats\`).
n8n's HTTP helper opens a new connection for every request, so fewer requests also means fewer TCP (and,
against the real gateway, TLS) handshakes. "on" is the median of three runs (a batched run lasts under
two seconds, so other work on the machine moves it most); load average ${loadavg()[0].toFixed(1)} when the section ended.
Goal: at most 10 requests and at least 20× the one-per-item rate for one message; no slower for
different messages.

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
