/**
 * Part 2 of `npm run bench`: our trigger against n8n's Webhook node with Header Auth through real n8n,
 * on n8n's legacy expression engine and on its default one, side by side: two n8n processes run at once
 * and the four (engine, receiver) cells take turns, in rounds; every figure reported is a median of
 * per-round ratios. Then one n8n with our trigger under `--cpu-prof`, to see what the node costs inside
 * n8n per request.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8nClient } from '../tools/n8n-client';
import { ensureN8n } from '../tools/n8n-install';
import { startN8n, type N8nServer } from '../tools/n8n-process';
import { load, quantile, signedEvent, type LoadResult } from '../tools/webhook-load';
import { samplesOf, type CpuProfile, type ProfileNode } from './profile';
import { median, requestFor, say, setUpReceivers } from './receivers';
import { sized } from './size';

export const ROUNDS = sized(7, 1);
export const PER_ROUND = sized(300, 20);
export const IN_FLIGHT = 10;
const WARM_UP = sized(50, 5);

interface Cell {
	engine: 'legacy' | 'default';
	receiver: 'header auth' | 'ours';
	client: N8nClient;
	workflowId: string;
	url: string;
	headers: Record<string, string>;
	sent: number;
	rates: number[];
	p50: number[];
	p99: number[];
	/** Every answer's latency of every round, for the p99 of all of them. */
	latencies: number[];
}

/** Waits until the workflow has `expected` finished executions (the trigger answers before its run ends). */
async function settled(client: N8nClient, workflowId: string, expected: number): Promise<void> {
	const finished = await client.finishedExecutions(workflowId, expected, 300_000, { includeData: false });
	if (finished.length < expected)
		throw new Error(`executions of ${workflowId} did not settle (${finished.length} of ${expected})`);
}

/** Our trigger and n8n's Webhook node with Header Auth on one n8n; `tag` keeps their webhook IDs apart from another set-up's. */
async function setUp(n8n: N8nServer, engine: Cell['engine'], tag: string): Promise<Cell[]> {
	const client = await N8nClient.setUp(n8n.url);
	const { receivers } = await setUpReceivers(client, ['webhook node with header auth', 'ours'], {
		tag,
		timeoutMs: 20_000,
	});
	return receivers.map(({ kind, workflowId, url, headers, probeExecutions }) => ({
		engine,
		receiver: kind === 'ours' ? 'ours' : 'header auth',
		client,
		workflowId,
		url,
		headers,
		sent: probeExecutions,
		rates: [],
		p50: [],
		p99: [],
		latencies: [],
	}));
}

/** One cell's turn: PER_ROUND webhooks signed just before (a round may start minutes after the last, beyond the 300 s tolerance). */
async function measure(cell: Cell): Promise<LoadResult & { rate: number }> {
	const payloads = Array.from({ length: PER_ROUND }, (_, i) => signedEvent(i));
	const result = await load(cell.url, PER_ROUND, IN_FLIGHT, requestFor(cell, payloads));
	if (accepted(result) === 0) throw new Error(`${cell.engine}, ${cell.receiver}: no webhook accepted`);
	cell.sent += accepted(result);
	// Not timed: the backlog is worked off before the next cell runs, so no cell pays for another's.
	await settled(cell.client, cell.workflowId, cell.sent);
	return { ...result, rate: result.requestsPerSecond };
}

/** Webhooks answered 2xx: n8n answers 5xx when it could not register the run. */
const accepted = (result: LoadResult) =>
	Object.entries(result.statuses).reduce((sum, [status, count]) => sum + (Number(status) < 300 ? count : 0), 0);

/** Self and inclusive time per request of the frames under our node's webhook(), from a V8 .cpuprofile. */
function nodeCost(profileFile: string, requests: number): string[] {
	const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
	const isOurWebhook = (node: ProfileNode) =>
		node.callFrame.functionName === 'webhook' && node.callFrame.url.includes('MessagingGatewayTrigger.node');
	const inclusive = new Map<string, number>();
	const add = (key: string, us: number) => inclusive.set(key, (inclusive.get(key) ?? 0) + us);
	let total = 0;
	for (const { us, stack } of samplesOf(profile)) {
		total += us;
		const top = stack.findIndex(isOurWebhook);
		if (top < 0) continue;
		add('webhook() of our trigger, in all', us);
		const seen = new Set<string>();
		for (const frame of stack.slice(0, top)) {
			const name = frame.callFrame.functionName;
			const key = [
				'getCredentials',
				'getNodeParameter',
				'verifySignature',
				'receiveEvents',
				'getBodyData',
				'getRequestObject',
				'getNode',
			].includes(name)
				? `${name}()`
				: undefined;
			if (key && !seen.has(key)) {
				seen.add(key);
				add(key, us);
			}
		}
	}
	const rows = ["| inside n8n, per request | µs | share of n8n's CPU time per request |", '|---|---|---|'];
	for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1])) {
		rows.push(`| ${key} | ${(us / requests).toFixed(0)} | ${((100 * us) / total).toFixed(1)} % |`);
	}
	rows.push(
		`| n8n process, all (start-up, the requests, their executions) | ${(total / requests).toFixed(0)} | 100 % |`,
	);
	return rows;
}

export async function triggerThroughN8n(): Promise<{ throughput: string[]; profile: string[] }> {
	const install = ensureN8n();
	const payloads = Array.from({ length: WARM_UP }, (_, i) => signedEvent(i));
	const servers: N8nServer[] = [];
	let cells: Cell[];
	try {
		servers.push(await startN8n(install, { env: { N8N_EXPRESSION_ENGINE: 'legacy' } }));
		servers.push(await startN8n(install));
		cells = [...(await setUp(servers[0], 'legacy', '1')), ...(await setUp(servers[1], 'default', '2'))];
		for (const cell of cells)
			cell.sent += accepted(await load(cell.url, WARM_UP, IN_FLIGHT, requestFor(cell, payloads)));
		for (let round = 0; round < ROUNDS; round++) {
			// Every round in another order, so no cell always follows the same one.
			const order = round % 2 === 0 ? cells : [...cells].reverse();
			for (const cell of order) {
				const result = await measure(cell);
				cell.rates.push(result.rate);
				cell.p50.push(result.p50);
				cell.p99.push(result.p99);
				cell.latencies.push(...result.latencies);
				say(
					`n8n ${cell.engine}, ${cell.receiver}, round ${round + 1}: ${result.rate.toFixed(1)}/s, p99 ${result.p99.toFixed(1)} ms, answers ${JSON.stringify(result.statuses)}`,
				);
			}
		}
	} finally {
		for (const server of servers) await server.stop();
	}
	const find = (engine: Cell['engine'], receiver: Cell['receiver']) =>
		cells.find((c) => c.engine === engine && c.receiver === receiver)!;
	const ratio = (a: Cell, b: Cell, of: 'rates' | 'p50' | 'p99') => median(a[of].map((value, i) => value / b[of][i]));
	const pooledP99 = (cell: Cell) =>
		quantile(
			[...cell.latencies].sort((a, b) => a - b),
			0.99,
		);
	const perRound = (a: Cell, b: Cell) =>
		a.rates.map((rate, i) => `${rate.toFixed(1)}/${b.rates[i].toFixed(1)}`).join(', ');
	const throughput = [
		`| engine | answers/s, ours ÷ Webhook node with Header Auth (median of ${ROUNDS} per-round ratios) | answers/s per round, ours/it | answer p99 of all ${ROUNDS * PER_ROUND} answers, ours ÷ it | p99 ms, ours/it | answer p99, median of per-round ratios | answer p50, median of per-round ratios |`,
		'|---|---|---|---|---|---|---|',
	];
	for (const engine of ['legacy', 'default'] as const) {
		const ours = find(engine, 'ours');
		const auth = find(engine, 'header auth');
		throughput.push(
			`| ${engine === 'legacy' ? '`N8N_EXPRESSION_ENGINE=legacy`' : 'default (expression isolate)'} | **${ratio(ours, auth, 'rates').toFixed(2)}×** | ${perRound(ours, auth)} | **${(pooledP99(ours) / pooledP99(auth)).toFixed(2)}×** | ${pooledP99(ours).toFixed(0)}/${pooledP99(auth).toFixed(0)} | ${ratio(ours, auth, 'p99').toFixed(2)}× | ${ratio(ours, auth, 'p50').toFixed(2)}× |`,
		);
	}
	// The isolate's share: of our trigger's time per webhook on the default engine, the part the legacy engine does not spend.
	const perRequest = (cell: Cell) => cell.rates.map((rate) => 1 / rate);
	const share = (engineCell: Cell, legacyCell: Cell) =>
		median(perRequest(engineCell).map((t, i) => 1 - perRequest(legacyCell)[i] / t));
	throughput.push(
		'',
		`Time per webhook spent on n8n's default engine beyond what the legacy engine spends (the expression isolate's share, median of per-round ratios): our trigger ${(100 * share(find('default', 'ours'), find('legacy', 'ours'))).toFixed(0)} %, the Webhook node with Header Auth ${(100 * share(find('default', 'header auth'), find('legacy', 'header auth'))).toFixed(0)} %.`,
	);

	return { throughput, profile: await profileOurTrigger() };
}

/** One n8n (legacy engine) with our trigger only, under --cpu-prof: what our node costs per request. */
async function profileOurTrigger(install = ensureN8n()): Promise<string[]> {
	const profileDir = mkdtempSync(join(tmpdir(), 'n8n-prof-'));
	const profiled = await startN8n(install, { env: { N8N_EXPRESSION_ENGINE: 'legacy' }, cpuProfileDir: profileDir });
	const requests = sized(600, 20);
	try {
		const [, ours] = await setUp(profiled, 'legacy', '3');
		const many = Array.from({ length: requests }, (_, i) => signedEvent(i));
		say(`profile: ${requests} webhooks to our trigger under --cpu-prof`);
		await load(ours.url, requests, IN_FLIGHT, (i) => many[i]);
		await settled(ours.client, ours.workflowId, requests);
		// n8n writes the profile as it exits: a longer grace than stop()'s usual 10 s.
		await profiled.stop({ graceMs: 60_000 });
	} finally {
		await profiled.stop();
	}
	const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
	say(`profile: ${file ? join(profileDir, file) : 'none written'}`);
	return file ? nodeCost(join(profileDir, file), requests) : ['(n8n wrote no CPU profile)'];
}
