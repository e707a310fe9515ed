/**
 * Recipients skipped on purpose (Loop Guard, the opt-out list, Quiet Hours with Mode Skip) are said over the output,
 * one hint per reason with how many items, through n8n-core's WorkflowExecute against the emulator (a fresh one per
 * test); a run that skips nothing says nothing. Quiet hours: on 10 March 2026 at 02:30Z it is 22:30 in New York
 * (+1 212), 21:30 in Chicago (+1 312), both after the US federal 21:00, and 19:30 in Los Angeles (+1 213).
 */
import type { IDataObject } from 'n8n-workflow';

import { api, control, fixClock, run } from '../support/quiet-hours-setup';

const send = (to: string, options: IDataObject): IDataObject => ({
	resource: 'message',
	operation: 'send',
	sender: '12125550199',
	to,
	message: 'Thanks, we will call you back',
	options,
});
const hint = (message: string) => ({ type: 'info', location: 'outputPane', message });

test('Loop Guard skips two of four items to one number: one hint counting 2', async () => {
	const to = '31610005001';
	const { items, hints, error } = await run(
		send('={{ $json.to }}', { loopGuard: { values: { maxMessages: 2 } } }),
		{},
		[{ to }, { to }, { to }, { to }],
	);
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.skipped)).toEqual([undefined, undefined, 'loopGuard', 'loopGuard']);
	expect(hints).toEqual([
		hint(
			"2 items were not sent: Loop Guard's limit for their numbers was reached (see skipped: loopGuard in the output)",
		),
	]);
});

test('Send and Wait skipped by Loop Guard: the hint says it of one item', async () => {
	const to = '31610005002';
	await api('POST', '/v1/message/send', { sender: '12125550199', to, message: 'Earlier' });
	const { items, hints } = await run(
		{ ...send(to, { loopGuard: { values: { maxMessages: 1 } } }), operation: 'sendAndWait' },
		{ executionId: '51', nodeId: 'node-1' },
	);
	expect(items[0].json).toMatchObject({ to, skipped: 'loopGuard', sentRecently: 1 });
	expect(hints).toEqual([
		hint("1 item was not sent: Loop Guard's limit for its number was reached (see skipped: loopGuard in the output)"),
	]);
});

test('quiet hours and the opt-out list in one run: one hint per reason', async () => {
	fixClock('2026-03-10T02:30:00Z');
	await control('POST', '/emulator/optouts', { number: '12135550100' });
	const quietHours = { values: { preset: 'usFederal', mode: 'skip' } };
	const { items, hints, error } = await run(send('12125550100, 13125550100, 12135550100', { quietHours }));
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.skipped)).toEqual(['quietHours', 'quietHours', 'optedOut']);
	expect(hints).toEqual([
		hint(
			"2 items were not sent: their recipients' local time was outside Quiet Hours' Allowed Hours, and Outside Allowed Hours is Skip (see skipped: quietHours in the output)",
		),
		hint('1 item was not sent: its number is on the opt-out list (see skipped: optedOut in the output)'),
	]);
});

test('Loop Guard and Quiet Hours on, nothing skipped: no hint', async () => {
	fixClock('2026-03-10T16:00:00Z');
	const options = {
		loopGuard: { values: { maxMessages: 5 } },
		quietHours: { values: { preset: 'usFederal', mode: 'skip' } },
	};
	const { items, hints, error } = await run(send('12125550100', options));
	expect(error).toBeUndefined();
	expect(items).toEqual([
		{ json: expect.objectContaining({ messageid: expect.any(String) }), pairedItem: { item: 0 } },
	]);
	expect(hints).toEqual([]);
});
