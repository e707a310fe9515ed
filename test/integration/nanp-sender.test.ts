/**
 * Send SMS from a sender name to US and Canadian numbers, through n8n-core's WorkflowExecute against the emulator:
 * the run says so over its output (a warning hint), naming the name and how many +1 numbers; from a number, or
 * to other countries, it says nothing. The panel's notice shows for typed values of the same case
 * (n8n-workflow's own displayParameter).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	NodeHelpers,
	type IDataObject,
	type INodeParameterResourceLocator,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { MessagingGateway } from '../../nodes/MessagingGateway/MessagingGateway.node';
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
	['a name to other countries', send('Shop', '+31 6 1234 5678, +44 7700 900123')],
])('%s: no warning', async (_, parameters) => {
	const run = await runAction(parameters, [{}], gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(run.hints).toEqual([]);
});

test('the panel shows the notice on Sender for typed values of that case only', () => {
	const type = new MessagingGateway().description as INodeTypeDescription;
	const notice = type.properties.find((property) => property.name === 'nanpSenderNotice')!;
	const node = { typeVersion: 4 };
	const shown = (to: string, sender: string | INodeParameterResourceLocator, operation = 'send') =>
		NodeHelpers.displayParameter({ resource: 'message', operation, sendTo: 'numbers', to, sender }, notice, node, type);
	expect(shown('+1 212 555 0100', { __rl: true, mode: 'list', value: 'Shop' })).toBe(true);
	expect(shown('+1 212 555 0100', { __rl: true, mode: 'id', value: '12125550199' })).toBe(false);
	expect(shown('+31 6 1234 5678', { __rl: true, mode: 'list', value: 'Shop' })).toBe(false);
	expect(shown('={{ $json.to }}', { __rl: true, mode: 'list', value: 'Shop' })).toBe(false);
	expect(shown('+1 212 555 0100', '={{ $json.sender }}')).toBe(false);
	expect(shown('+1 212 555 0100', 'Shop')).toBe(true);
	expect(shown('+1 212 555 0100', { __rl: true, mode: 'list', value: 'Shop' }, 'estimate')).toBe(false);
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
