/**
 * Send SMS from a sender name to US and Canadian numbers, through n8n-core's WorkflowExecute against the emulator:
 * the run says so over its output (a warning hint), naming the name and how many +1 numbers; from a number, or
 * to other countries, it says nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';

const gateway = useEmulator();

const send = (sender: string, to: string) => ({
	resource: 'message',
	operation: 'send',
	sender: { __rl: true, mode: 'id', value: sender },
	to,
	message: 'Spring sale',
});

test('a name to +1 numbers: one warning over the output, naming the name and the count; the SMS are still sent', async () => {
	const run = await runAction(
		send('Shop', '+1 212 555 0100, +31 6 1234 5678, +1 312 555 0100'),
		[{}],
		gateway.credentials,
	);
	expect(run.error).toBeUndefined();
	expect(run.items).toHaveLength(3);
	expect(run.hints).toEqual([
		expect.objectContaining({
			type: 'warning',
			location: 'outputPane',
			message: expect.stringContaining('"Shop" to 2 +1 numbers (US, Canada)'),
		}),
	]);
});

test.each([
	['a number to +1 numbers', send('12125550199', '+1 212 555 0100')],
	['a name to other countries', send('Shop', '+31 6 1234 5678, +44 7700 100123')],
])('%s: no warning', async (_, parameters) => {
	const run = await runAction(parameters, [{}], gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(run.hints).toEqual([]);
});

test('the example "Marketing broadcast with quiet hours" sends to its +1 numbers from a number: no warning', async () => {
	const example = JSON.parse(
		readFileSync(join(__dirname, '../../examples/marketing-broadcast-with-quiet-hours.json'), 'utf8'),
	) as { nodes: Array<{ type: string; parameters: IDataObject }> };
	const { parameters } = example.nodes.find((node) => node.type.endsWith('.messagingGateway'))!;
	// Without its Quiet Hours, whose outcome depends on the hour of the run.
	const run = await runAction({ ...parameters, options: {} }, [{}], gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(run.items.map((item) => item.json.to)).toEqual(['12125550100', '13125550100', '12135550100']);
	expect(run.hints).toEqual([]);
});
