/**
 * The benches that need real n8n or the built package, in their small mode (bench/size.ts): tiny sizes, each must
 * complete what it measures or throw, so a bench that stops working fails here and not when someone next measures.
 * `npm run bench` whole (every part; its own n8n processes for parts 2, 2b, 4 and 5), bench/burst.ts and
 * bench/failover.ts on the run's shared n8n, `npm run bench:queue` (queue mode on the legacy engine: throughput, load,
 * faults, the pre-flight check) and bench/numbers.ts (the packed package's size and load time). The in-process benches run small in
 * `npm test` (test/integration/bench-small.test.ts). The small mode prints: bench/RESULTS.md is left as it is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { stopN8nOnExit } from '../../tools/n8n-process';
import { stopQueueStacksOnExit } from '../../tools/queue-stack';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';

stopN8nOnExit();
stopQueueStacksOnExit();

const RESULTS = join(__dirname, '..', '..', 'bench', 'RESULTS.md');
let results: string;

beforeAll(() => {
	// Before any bench is imported: bench/size.ts reads it once.
	process.env.BENCH_SMALL = '1';
	results = readFileSync(RESULTS, 'utf8');
});

afterAll(() => {
	expect(readFileSync(RESULTS, 'utf8')).toBe(results);
});

test('bench/numbers.ts: the packed package, require() with and without libphonenumber, 300 numbers read', async () => {
	const { numbersLines } = await import('../../bench/numbers');
	const lines = numbersLines();
	expect(lines[1]).toMatch(/^package \(unpacked\): \d+ KB, of which libphonenumber\.js \d+ KB \(\d+ %\)$/);
	expect(lines[2]).toMatch(/^require of the action node: [\d.]+ ms with libphonenumber, [\d.]+ ms without/);
	expect(lines[3]).toMatch(/^reading 300 numbers: [\d,]+ \/s by libphonenumber \(version 5\)/);
}, 300_000);

test('bench/burst.ts: one body answering 5 waiting questions, every one resumed once', async () => {
	const { burstRows } = await import('../../bench/burst');
	const { emulator, client, n8n, stop } = await sharedN8nWithEmulator({ settings: { deliveryDelayMs: 600_000 } });
	try {
		const rows = await burstRows({ emulator, client, webhookBase: n8n.url, n8nPids: [] }, 5);
		expect(rows[2]).toMatch(/^\| 5 replies naming no question \(baseline\) \| 1 \| 200 in /);
		expect(rows[3]).toMatch(/^\| 5 replies answering 5 waiting questions \| \d+ \| /);
		expect(rows.at(-1)).toBe('Finished: 5 of 5 questions (one execution each); still waiting: 0.');
	} finally {
		await stop();
	}
}, 600_000);

test('bench/failover.ts: one person by Send with Failover and by hand, each reaching the call', async () => {
	const { failoverRows } = await import('../../bench/failover');
	const { emulator, client, n8n, stop } = await sharedN8nWithEmulator({ settings: { deliveryDelayMs: 200 } });
	try {
		const rows = await failoverRows(emulator, client, n8n.url);
		// Per person: 2 sends (the SMS, the call), 4 webhooks (each message's submitted and final report).
		expect(rows[2]).toMatch(/^\| Send with Failover \| 2\.0 \| 4\.0 \| 2\.0 \| [\d.]+ s \|$/);
		expect(rows[3]).toMatch(/^\| by hand: Send, Wait, IF and a report router \| 2\.0 \| 4\.0 \| 3\.0 \| [\d.]+ s \|$/);
	} finally {
		await stop();
	}
}, 600_000);

test('npm run bench: every part at tiny sizes, through to part 5 (conversations on one n8n)', async () => {
	const { benchReport } = await import('../../bench/run');
	const report = await benchReport();
	expect(report).toMatch(/\| Messaging Gateway Trigger \(reads the credential, .*\) \| \d+ \| /);
	expect(report).toMatch(/\| default \(expression isolate\) \| \*\*[\d.]+×\*\* \| /);
	expect(report).toMatch(/\| 0 ms \| 5 \(default\) \| [\d.]+ s \| \d+ \|/);
	expect(report).toMatch(/\| 50 ms \| 5 \(default\) \| [\d.]+ s \| \d+ \|/);
	expect(report).toMatch(/\| 40 signed \| .* \| 0 \| 0 \| /);
	expect(report).toMatch(/\| one n8n, default engine \| 12 \| 12\/12 \| 0 \| /);
}, 1_800_000);

test('npm run bench:queue: queue mode on the legacy engine, its load, both faults and the pre-flight catch', async () => {
	const { queueBench } = await import('../../bench/queue');
	const section = await queueBench();
	expect(section).toMatch(/\| queue, 1 worker \| legacy \| [\d.]+ \| /);
	expect(section).toMatch(/\| queue, 2 workers \| legacy \| [\d.]+ \| /);
	expect(section).toMatch(/\| 2 workers, no fault \| 20 \| /);
	expect(section).toMatch(/\| worker-2 stopped with SIGTERM \| 8 \| /);
	expect(section).toMatch(/\| worker-1 killed with SIGKILL \| 8 \| /);
	expect(section).toContain('worker-3: MISSING');
}, 1_200_000);
