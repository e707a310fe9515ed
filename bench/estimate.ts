/**
 * Estimate Cost on 1,000 items × 10 recipients through the Messaging Gateway node (n8n-core's
 * WorkflowExecute, node version 4), side by side with Send SMS's own pre-flight on the same items: a Send
 * whose Max Segments per Message stops it after every item was checked, before its first request. The
 * emulator runs in process and counts the requests: Estimate must make one balance read, Send none.
 * `npm run bench` includes it; on its own: `npx ts-node --transpile-only bench/estimate.ts` (`--small`: bench/size.ts).
 */
import { loadavg } from 'node:os';

import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_ACCOUNT, startEmulator, type Emulator } from '../emulator/server';
import { runAction } from '../test/support/run';
import { sized } from './size';

const ITEMS = sized(1000, 20);
const RECIPIENTS = 10;
const ROUNDS = sized(7, 1);

const items = Array.from({ length: ITEMS }, (_, item) => ({
	// Valid Dutch mobiles (+31 6 10000000 onwards): libphonenumber refuses +31 6 00000000 before anything is counted.
	to: Array.from({ length: RECIPIENTS }, (_, n) => `+31 6 ${10_000_000 + item * RECIPIENTS + n}`).join(', '),
	// The last item is 2 segments: Send's Max Segments per Message (1) stops there, after checking all 1,000.
	text:
		item === ITEMS - 1
			? 'a'.repeat(200)
			: `“Spring sale” — 20% off everything until Sunday, order ${item}. Reply STOP to opt out.`,
}));
const common: IDataObject = {
	resource: 'message',
	sender: { __rl: true, mode: 'id', value: 'Bench' },
	to: '={{ $json.to }}',
	message: '={{ $json.text }}',
};
const estimate = { ...common, operation: 'estimate', options: { creditsPerSegment: 0.05 } };
const preflight = { ...common, operation: 'send', options: { maxSegments: 1 } };

/** One timed run and the requests the emulator saw during it. */
async function timed(
	emulator: Emulator,
	parameters: IDataObject,
): Promise<{ ms: number; requests: string[]; error?: string }> {
	await fetch(`${emulator.url}/emulator/requests`, { method: 'DELETE' });
	const credentials = { baseUrl: emulator.url, apiKey: DEFAULT_ACCOUNT.apiKey, apiSecret: DEFAULT_ACCOUNT.apiSecret };
	const started = performance.now();
	const run = await runAction(parameters, items, credentials);
	const ms = performance.now() - started;
	if (parameters.operation === 'estimate' && (run.error || run.items.length !== ITEMS))
		throw new Error(`estimate bench: ${run.error?.message}`);
	return {
		ms,
		requests: emulator.requests.map((request) => `${request.method} ${request.path}`),
		error: run.error?.message,
	};
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The bench's section of bench/RESULTS.md (heading, what was measured, the table). */
export async function estimateBench(): Promise<string> {
	const emulator = await startEmulator({ account: { balance: 1e9 } });
	try {
		const runs = { estimate: [] as number[], preflight: [] as number[] };
		let seen = { estimate: [] as string[], preflight: [] as string[] };
		let stopped = '';
		for (let round = 0; round <= ROUNDS; round++) {
			const e = await timed(emulator, estimate);
			const p = await timed(emulator, preflight);
			// At the last item: a pre-flight stopped at an earlier one (a number refused) measured less than all items.
			if (!p.error?.startsWith(`Max Segments per Message: item ${ITEMS - 1} `) || p.requests.length > 0)
				throw new Error(`estimate bench: the pre-flight did not stop at the last item before sending (${p.error})`);
			if (e.requests.join() !== 'GET /v1/balance')
				throw new Error(`estimate bench: Estimate made ${JSON.stringify(e.requests)}`);
			// Round 0 warms up (module loading, JIT); it is not counted.
			if (round === 0) continue;
			runs.estimate.push(e.ms);
			runs.preflight.push(p.ms);
			seen = { estimate: e.requests, preflight: p.requests };
			stopped = p.error;
		}
		const row = (label: string, values: number[], requests: string[]) =>
			`| ${label} | ${Math.min(...values).toFixed(0)} ms | ${median(values).toFixed(0)} ms | ${((median(values) * 1000) / ITEMS).toFixed(0)} µs | ${requests.length === 0 ? 'none' : requests.join(', ')} |`;
		return `## Estimate Cost: ${ITEMS.toLocaleString('en')} items × ${RECIPIENTS} recipients

Estimate Cost (node version 4: Smart Encoding on; Credits per Segment set, so one balance read) on
${ITEMS.toLocaleString('en')} items of ${RECIPIENTS} numbers each, through n8n-core's WorkflowExecute, beside Send SMS's own
pre-flight on the same items: every item checked as Send checks it, then Max Segments per Message stops the
run before its first request ("${stopped}"). The two alternate in ${ROUNDS} rounds after a warm-up; requests as the
emulator (in process) saw them. Load average ${loadavg()[0].toFixed(1)} when the section ended. Goal: Estimate within
1 s, with no request but the balance read.

| run | fastest | median | per item (median) | requests |
|---|---|---|---|---|
${row('Estimate Cost', runs.estimate, seen.estimate)}
${row("Send SMS's pre-flight (stopped by Max Segments)", runs.preflight, seen.preflight)}
| ratio Estimate / pre-flight (medians) | | ${(median(runs.estimate) / median(runs.preflight)).toFixed(2)}× | | |
`;
	} finally {
		await emulator.close();
	}
}

if (require.main === module) {
	estimateBench().then(
		(section) => process.stdout.write(section),
		(error: unknown) => {
			process.stderr.write(`${String(error)}\n`);
			process.exit(1);
		},
	);
}
