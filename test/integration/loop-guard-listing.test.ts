/**
 * Loop Guard (docs/sms-assistants.md#loop-guard) against a gateway whose conversation list lags behind its sends (the
 * emulator's `listingDelayMs`), in n8n-core's WorkflowExecute over HTTP: this process's own sends count from the
 * moment the gateway accepts them, and once the list shows them they are counted once, not twice. Every number is
 * used by one test only.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { IDataObject } from 'n8n-workflow';

import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';

const LISTING_DELAY_MS = 300;
const gateway = useEmulator({
	settings: { deliveryDelayMs: 60_000, listingDelayMs: LISTING_DELAY_MS },
	account: { balance: 1e9 },
});

const send = (to: string, values: IDataObject): IDataObject => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to,
	message: 'Thanks, we will call you back',
	options: { loopGuard: { values } },
});
const run = (parameters: IDataObject) => runAction(parameters, [{}], gateway.credentials);
const smsTo = (to: string) => gateway.emulator.messages.filter((message) => message.to === to);

test('20 executions at once with Max Messages 5, the list 300 ms behind: exactly 5 SMS, the others skipped at 5', async () => {
	const to = '31610004601';
	const runs = await Promise.all(Array.from({ length: 20 }, () => run(send(to, { maxMessages: 5 }))));
	expect(runs.map((one) => one.error)).toEqual(Array(20).fill(undefined));
	expect(smsTo(to)).toHaveLength(5);
	const skipped = runs.map((one) => one.items[0].json).filter((json) => json.skipped === 'loopGuard');
	expect(skipped).toEqual(Array(15).fill({ to, skipped: 'loopGuard', sentRecently: 5 }));
});

test('once the list shows our sends they count once: 3 sent, listed, then exactly 2 more and a skip at 5', async () => {
	const to = '31610004602';
	for (let index = 0; index < 3; index++) await run(send(to, { maxMessages: 5 }));
	await sleep(LISTING_DELAY_MS + 100);
	const later = [];
	for (let index = 0; index < 3; index++) later.push((await run(send(to, { maxMessages: 5 }))).items[0].json);
	expect(later.map((json) => json.skipped ?? 'sent')).toEqual(['sent', 'sent', 'loopGuard']);
	expect(later[2].sentRecently).toBe(5);
	expect(smsTo(to)).toHaveLength(5);
	await sleep(LISTING_DELAY_MS + 100);
	expect((await run(send(to, { maxMessages: 5 }))).items[0].json).toEqual({
		to,
		skipped: 'loopGuard',
		sentRecently: 5,
	});
});

test('Get Unanswered with Loop Guard counts a send the list does not show yet', async () => {
	const phone = '31610004603';
	await run(send(phone, { maxMessages: 1 }));
	const { items } = await runAction(
		{
			resource: 'conversation',
			operation: 'getUnanswered',
			phone,
			options: { loopGuard: { values: { maxMessages: 1 } } },
		},
		[{}],
		gateway.credentials,
	);
	expect(items[0].json).toMatchObject({ phone, skipped: 'loopGuard', sentRecently: 1 });
});
