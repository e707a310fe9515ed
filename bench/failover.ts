/**
 * What one Send with Failover item costs beside the workflow a user builds for it by hand today, side by side in one
 * run on one n8n 2.x with the emulator as the gateway: each person's SMS is not delivered (its report 200 ms after it
 * went out), then the call is taken. Failover: Webhook → Send with Failover (SMS, then a voice message) → Done, the
 * account's Messaging Gateway Trigger handing each step its report. By hand: Webhook → Send SMS (its reference the Wait
 * node's resume URL) → Wait (On Webhook Call) → IF delivered → Send Voice Message (the same) → Wait → Done, and a report
 * router on the same trigger: IF the reference is a URL → HTTP Request posting the report there. Per item: the gateway
 * API requests, the webhooks the gateway delivered, n8n's executions and the time from the request to Done.
 * `npx ts-node --transpile-only bench/failover.ts`; `--small` (bench/size.ts): 2 items.
 */
import { startEmulator, type Emulator } from '../emulator/server';
import { N8nClient } from '../tools/n8n-client';
import { ensureN8n } from '../tools/n8n-install';
import { startN8n } from '../tools/n8n-process';
import { waitFor } from '../tools/waits';
import { alertWorkflows, type AlertSetUp } from './failover-workflows';
import { runBenchScript } from './script';
import { sized } from './size';

export const ITEMS = sized(10, 2);

const say = (line: string) => process.stderr.write(`[failover] ${line}\n`);

interface Cost {
	requests: number;
	deliveries: number;
	executions: number;
	/** Milliseconds from the request to the Done node, per item. */
	times: number[];
}

/** Counts one way over `numbers`, one person after the other. */
async function measure(
	emulator: Emulator,
	client: N8nClient,
	setUp: AlertSetUp,
	way: 'failover' | 'byHand',
	numbers: string[],
): Promise<Cost> {
	const control = async (path: string) => (await (await fetch(`${emulator.url}${path}`)).json()) as unknown[];
	const executions = async () => {
		const lists = await Promise.all(setUp.workflowIds(way).map((id) => client.executions(id, { includeData: false })));
		return lists.flat().length;
	};
	const before = {
		requests: (await control('/emulator/requests')).length,
		deliveries: (await control('/emulator/deliveries')).length,
		executions: await executions(),
	};
	const times: number[] = [];
	for (const number of numbers) {
		const started = Date.now();
		const finished = await setUp.start(way, number);
		await waitFor(finished, { what: `${way}'s alert to ${number} to finish`, timeoutMs: 120_000, intervalMs: 100 });
		times.push(Date.now() - started);
	}
	// The last report's delivery ends a moment after the execution it resumed.
	const pending = async () =>
		(await control('/emulator/deliveries')).filter((delivery) => (delivery as { state: string }).state === 'pending');
	await waitFor(async () => (await pending()).length === 0, { what: 'the deliveries to end' });
	return {
		requests: (await control('/emulator/requests')).length - before.requests,
		deliveries: (await control('/emulator/deliveries')).length - before.deliveries,
		executions: (await executions()) - before.executions,
		times,
	};
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const perItem = (total: number) => (total / ITEMS).toFixed(1);

/** The table: one row per way, the figures per item. */
export async function failoverRows(emulator: Emulator, client: N8nClient, webhookBase: string): Promise<string[]> {
	const setUp = await alertWorkflows(emulator, client, webhookBase);
	const numbers = (offset: number) =>
		Array.from({ length: ITEMS }, (_, index) => `3164${offset}${String(index).padStart(6, '0')}`);
	const costs = {
		failover: await measure(emulator, client, setUp, 'failover', numbers(1)),
		byHand: await measure(emulator, client, setUp, 'byHand', numbers(2)),
	};
	say(JSON.stringify(costs));
	const row = (label: string, cost: Cost) =>
		`| ${label} | ${perItem(cost.requests)} | ${perItem(cost.deliveries)} | ${perItem(cost.executions)} | ${(median(cost.times) / 1000).toFixed(2)} s |`;
	return [
		'| one person: SMS not delivered, then the call | gateway API requests | webhooks delivered | n8n executions | request to Done (median) |',
		'|---|---|---|---|---|',
		row('Send with Failover', costs.failover),
		row('by hand: Send, Wait, IF and a report router', costs.byHand),
	];
}

async function main() {
	const emulator = await startEmulator({ settings: { deliveryDelayMs: 200 } });
	const install = ensureN8n();
	const n8n = await startN8n(install);
	try {
		const client = await N8nClient.setUp(n8n.url);
		const rows = await failoverRows(emulator, client, n8n.url);
		process.stdout.write(
			[`n8n ${install.version}, ${ITEMS} people one after the other; figures per person.`, '', ...rows, ''].join('\n'),
		);
	} finally {
		await n8n.stop();
		await emulator.close();
	}
}

if (require.main === module) runBenchScript(main);
