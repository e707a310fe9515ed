/**
 * Broadcasts with numbers on the opt-out list (node version 4, n8n-core's WorkflowExecute, the emulator
 * in-process): the send requests used, against the fewest possible. First 100 numbers of which k = 1, 10,
 * 50, 99 are opted out (5 seeded sets of positions each), then 1,000 numbers of which 10 are.
 * `npx ts-node --transpile-only bench/opted-out.ts` (`--small`: bench/size.ts, 200 numbers of which 2 are, k = 1
 * and 99 in one set each); prints rows for bench/RESULTS.md.
 */
import { startEmulator } from '../emulator/server';
import { emulatorCredentials } from '../test/support/n8n-core';
import { runAction } from '../test/support/run';
import { sized } from './size';

const ITEMS = sized(1000, 200);
const OPTED_OUT = sized(10, 2);
const BATCH = 100;
const SHARES = sized([1, 10, 50, 99], [1, 99]);
const SETS = sized(5, 1);

/** log2 of C(n, k): the yes/no answers any search needs to tell which k of n numbers are opted out. */
function leastAnswers(n: number, k: number): number {
	let bits = 0;
	for (let i = 0; i < k; i++) bits += Math.log2((n - i) / (i + 1));
	return Math.ceil(bits);
}

/** A small seeded generator (mulberry32), so every run picks the same numbers. */
function seeded(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** One run over `count` numbers of which those at `opted` are on the list: what was sent and the send requests made. */
async function broadcast(count: number, opted: readonly number[], typeVersion = 4) {
	const emulator = await startEmulator({ settings: { deliveryDelayMs: 60_000 }, account: { balance: 1e9 } });
	try {
		const items = Array.from({ length: count }, (_, index) => ({ to: `3161${String(index).padStart(7, '0')}` }));
		for (const index of opted)
			await fetch(`${emulator.url}/emulator/optouts`, {
				method: 'POST',
				body: JSON.stringify({ number: items[index].to }),
			});
		const parameters = {
			resource: 'message',
			operation: 'send',
			sender: 'Shop',
			to: '={{ $json.to }}',
			message: 'Sale today',
		};
		// Version 3 fails a refused request's every recipient: with Continue On Fail the run goes on.
		const run = await runAction(parameters, items, emulatorCredentials(emulator), {
			typeVersion,
			continueOnFail: typeVersion < 4,
		});
		if (run.error || run.items.length !== count)
			throw new Error(`opted-out bench: ${run.items.length} of ${count} items came out: ${run.error?.message}`);
		const requests = emulator.requests.filter((request) => request.path === '/v1/message/send');
		return {
			sent: emulator.messages.length,
			failed: run.items.filter((item) => item.json.error !== undefined).length,
			skipped: run.items.filter((item) => item.json.skipped === 'optedOut').length,
			requests: requests.length,
			refused: requests.filter((request) => request.status === 400).length,
		};
	} finally {
		await emulator.close();
	}
}

async function measure(label: string, opted: number[], typeVersion = 4): Promise<string> {
	const { sent, skipped, failed, requests, refused } = await broadcast(ITEMS, opted, typeVersion);
	const known = Math.ceil((ITEMS - OPTED_OUT) / BATCH);
	return `| ${typeVersion} | ${label} | ${sent} | ${skipped} | ${failed} | ${requests} (${refused} refused with 131) | ${known} | ${leastAnswers(ITEMS, OPTED_OUT)} |`;
}

/** k of 100 opted out at `sets` seeded random positions: the requests' least, mean and most, against the bounds. */
async function measureShare(k: number, sets: number): Promise<string> {
	const random = seeded(k);
	const counts: number[] = [];
	for (let set = 0; set < sets; set++) {
		const picked = new Set<number>();
		while (picked.size < k) picked.add(Math.floor(random() * BATCH));
		const run = await broadcast(BATCH, [...picked]);
		if (run.sent !== BATCH - k || run.skipped !== k) throw new Error(`opted-out bench: k = ${k} sent ${run.sent}`);
		counts.push(run.requests);
	}
	const mean = counts.reduce((sum, count) => sum + count, 0) / sets;
	return `| ${k} | ${Math.min(...counts)} / ${mean.toFixed(1)} / ${Math.max(...counts)} | ${leastAnswers(BATCH, k)} | ${BATCH} |`;
}

/** The two tables of bench/RESULTS.md, line by line. */
export async function optedOutLines(): Promise<string[]> {
	const lines: string[] = [];
	const random = seeded(36);
	const picked = new Set<number>();
	while (picked.size < OPTED_OUT) picked.add(Math.floor(random() * ITEMS));
	const spread = Array.from({ length: OPTED_OUT }, (_, index) => index * BATCH + 50);
	lines.push(
		`| opted out of 100 | send requests: least / mean / most of ${SETS} random sets | fewest any search needs (log2 C(100, k)) | one request per recipient |`,
		'|---|---|---|---|',
	);
	for (const k of SHARES) lines.push(await measureShare(k, SETS));
	lines.push('');
	const rows: string[] = [];
	for (const version of [4, 3]) {
		rows.push(
			await measure(`one in each batch of 100 (items ${spread[0]}, ${spread[1]}, … ${spread.at(-1)})`, spread, version),
		);
		rows.push(
			await measure(
				`${OPTED_OUT} at random (seed 36: items ${[...picked].sort((a, b) => a - b).join(', ')})`,
				[...picked],
				version,
			),
		);
	}
	lines.push(
		`| node version | opted-out numbers | SMS sent | items skipped | error items | send requests | fewest knowing the list | fewest not knowing it (log2 C(${ITEMS}, ${OPTED_OUT}) answers) |`,
		'|---|---|---|---|---|---|---|---|',
		...rows,
	);
	return lines;
}

if (require.main === module) {
	optedOutLines().then(
		(lines) => console.log(lines.join('\n')),
		(error: unknown) => {
			process.stderr.write(`${String(error)}\n`);
			process.exit(1);
		},
	);
}
