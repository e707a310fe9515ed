/**
 * Quiet Hours with Batch Recipients: 2,000 items of one recipient each, over 8 time zones in turn
 * (node version 4, n8n-core's WorkflowExecute, the emulator in-process), US Federal window, Defer.
 * The send requests used, against the fewest (each date's recipients in requests of 100).
 * `npx ts-node --transpile-only bench/quiet-hours.ts` (`--small`: bench/size.ts); prints a row for bench/RESULTS.md.
 */
import { startEmulator } from '../emulator/server';
import { eightZoneItems } from '../test/support/eight-zones';
import { emulatorCredentials } from '../test/support/n8n-core';
import { runAction, type GatewayCredentials } from '../test/support/run';
import { sized } from './size';

const ITEMS = sized(2000, 40);
const BATCH = 100;

export async function quietHoursRow(): Promise<string> {
	const emulator = await startEmulator({
		settings: { deliveryDelayMs: 600_000 },
		account: { balance: 1e9, timezone: 'Europe/Brussels' },
	});
	try {
		const items = eightZoneItems(ITEMS);
		const parameters = {
			resource: 'message',
			operation: 'send',
			sender: 'Shop',
			to: '={{ $json.to }}',
			message: 'Sale today',
			options: { quietHours: { values: { preset: 'usFederal', mode: 'defer' } } },
		};
		const started = performance.now();
		const credentials = { ...emulatorCredentials(emulator), accountTimeZone: 'Europe/Brussels' } as GatewayCredentials;
		const run = await runAction(parameters, items, credentials);
		const seconds = (performance.now() - started) / 1000;
		if (run.error || run.items.length !== ITEMS)
			throw new Error(`quiet-hours bench: ${run.items.length} of ${ITEMS} items sent: ${run.error?.message}`);
		const perDate = new Map<unknown, number>();
		for (const item of run.items) perDate.set(item.json.date, (perDate.get(item.json.date) ?? 0) + 1);
		const fewest = [...perDate.values()].reduce((sum, count) => sum + Math.ceil(count / BATCH), 0);
		const requests = emulator.requests.filter((request) => request.path === '/v1/message/send').length;
		const bound = perDate.size * Math.ceil(ITEMS / BATCH);
		return `| ${new Date().toISOString().slice(0, 16)}Z | ${ITEMS.toLocaleString('en')} items, 8 zones | ${perDate.size} | ${requests} | ${fewest} | ${bound} | ${seconds.toFixed(1)} s |`;
	} finally {
		await emulator.close();
	}
}

if (require.main === module) {
	quietHoursRow().then(
		(row) => process.stdout.write(`${row}\n`),
		(error: unknown) => {
			process.stderr.write(`${String(error)}\n`);
			process.exit(1);
		},
	);
}
