/**
 * Inbox → Get Many with Return All over 10,000 received messages (issue 26): the requests the node made
 * and its time, against the fewest requests the gateway allows (⌈10,000 ÷ 2,000⌉ = 5 pages at its largest
 * `limit`) and against the same 5 pages fetched with plain HTTP (no n8n), the floor for that many requests.
 * `npm run bench` includes it; on its own: `npx ts-node --transpile-only bench/lists.ts` (`--small`: bench/size.ts,
 * 2,500 messages: two pages).
 */
import { loadavg } from 'node:os';

import { MAX_PAGE_SIZE } from '../nodes/MessagingGateway/core/lists/pages';
import { startEmulator, type Emulator } from '../emulator/server';
import { runAction } from '../test/support/run';
import { sized } from './size';

const MESSAGES = sized(10_000, 2_500);
const ROUNDS = sized(3, 1);

interface Measured {
	requests: number;
	seconds: number;
	records: number;
}

async function throughNode(emulator: Emulator, parameters: Record<string, unknown>): Promise<Measured> {
	const credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
	emulator.requests.length = 0;
	const started = performance.now();
	const run = await runAction({ resource: 'inbox', operation: 'getAll', ...parameters }, [{}], credentials);
	const seconds = (performance.now() - started) / 1000;
	if (run.error) throw new Error(`lists bench: ${run.error.message}`);
	return { requests: emulator.requests.length, seconds, records: run.items.length };
}

/** The floor: the same pages of 2000 read with fetch, no n8n. */
async function plainHttp(emulator: Emulator): Promise<Measured> {
	const headers = { 'X-Client-Id': emulator.account.apiKey, 'X-Client-Secret': emulator.account.apiSecret };
	emulator.requests.length = 0;
	const started = performance.now();
	let records = 0;
	for (let page = 1; ; page++) {
		const body = (await (
			await fetch(`${emulator.url}/v1/message/inbox?limit=${MAX_PAGE_SIZE}&page=${page}`, { headers })
		).json()) as { total: number; messages: unknown[] };
		records += body.messages.length;
		if (page * MAX_PAGE_SIZE >= body.total) break;
	}
	return { requests: emulator.requests.length, seconds: (performance.now() - started) / 1000, records };
}

/** Each measure's fastest of ROUNDS rounds (the least disturbed by other work); the measures take turns in every round. */
async function fastestInTurns(measures: ReadonlyArray<() => Promise<Measured>>): Promise<Measured[]> {
	const best: Measured[] = [];
	for (let round = 0; round < ROUNDS; round++) {
		for (const [i, measure] of measures.entries()) {
			const result = await measure();
			if (!best[i] || result.seconds < best[i].seconds) best[i] = result;
		}
	}
	return best;
}

export async function listsBench(): Promise<string> {
	const fewest = Math.ceil(MESSAGES / MAX_PAGE_SIZE);
	const rows = [
		'| gateway answers in | read | records | requests | fewest possible | time | ratio to plain HTTP |',
		'|---|---|---|---|---|---|---|',
	];
	for (const apiLatencyMs of [0, 50]) {
		const emulator = await startEmulator({ settings: { apiLatencyMs } });
		try {
			const added = await fetch(`${emulator.url}/emulator/inbox`, {
				method: 'POST',
				body: JSON.stringify({ count: MESSAGES }),
			});
			if (!added.ok) throw new Error(`lists bench: the inbox was not filled (${added.status})`);
			// A warm-up read of each kind first, so that no kind pays for the emulator's and the engine's first run.
			await fastestInTurns([() => plainHttp(emulator), () => throughNode(emulator, { returnAll: true })]);
			const [floor, all, limited] = await fastestInTurns([
				() => plainHttp(emulator),
				() => throughNode(emulator, { returnAll: true }),
				() => throughNode(emulator, { returnAll: false, limit: MESSAGES }),
			]);
			for (const [label, result] of [
				['plain HTTP, pages of 2,000 (floor)', floor],
				['Inbox → Get Many, Return All', all],
				[`Inbox → Get Many, Limit ${MESSAGES.toLocaleString('en')}`, limited],
			] as const) {
				if (result.records !== MESSAGES) throw new Error(`lists bench: ${label} read ${result.records} records`);
				rows.push(
					`| ${apiLatencyMs} ms | ${label} | ${result.records.toLocaleString('en')} | ${result.requests} | ${fewest} | ${result.seconds.toFixed(2)} s | ${(result.seconds / floor.seconds).toFixed(2)}× |`,
				);
			}
		} finally {
			await emulator.close();
		}
	}
	return `## Reading a list: Inbox → Get Many over ${MESSAGES.toLocaleString('en')} messages

${MESSAGES.toLocaleString('en')} received messages in the emulator (\`POST /emulator/inbox\`), read by the Messaging Gateway node
(n8n-core's WorkflowExecute) with Return All and with a Limit of ${MESSAGES.toLocaleString('en')}, once with the emulator answering at once
and once after 50 ms (\`apiLatencyMs\`); requests as the emulator recorded them. The fewest requests possible are
⌈${MESSAGES.toLocaleString('en')} ÷ ${MAX_PAGE_SIZE.toLocaleString('en')}⌉ = ${fewest} (the gateway's largest \`limit\`). The floor reads the same ${fewest} pages with plain
\`fetch\`, no n8n. After warm-up rounds, the three reads take turns in ${ROUNDS} rounds and each figure is its fastest; load average ${loadavg()[0].toFixed(1)} when the section ended.

${rows.join('\n')}
`;
}

if (require.main === module) {
	listsBench().then(
		(section) => process.stdout.write(section),
		(error: unknown) => {
			process.stderr.write(`${String(error)}\n`);
			process.exit(1);
		},
	);
}
