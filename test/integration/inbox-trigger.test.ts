/**
 * The Messaging Gateway Inbox Trigger in n8n-core's real PollContext (test/support/poll.ts) against the
 * emulator over HTTP, in both inbox list orders. Expected: every message the test adds while the
 * trigger is active is emitted exactly once, oldest first (the order the test added them); none of
 * those already there at activation; a manual run gives the newest message. The inbox holds more than
 * one page of 2000 (the gateway's largest) before activation, so each poll walks pages.
 */
import { INBOX_ITEM_FIELDS } from '../fixtures/spec-events';
import { useEmulator } from '../support/emulator';
import { ActiveInboxTrigger } from '../support/poll';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();
const SENDER = '31612000077';

const { control } = emulatorClient(() => gateway.emulator);

/** Adds `count` received messages with the texts `<label> 1` … `<label> count`, the texts it added in order. */
async function receive(label: string, count: number, type = 'sms'): Promise<string[]> {
	await control('POST', '/emulator/inbox', { count, from: SENDER, type, content: `${label} {n}` });
	return Array.from({ length: count }, (_, i) => `${label} ${i + 1}`);
}

const texts = (items: { json: Record<string, unknown> }[]) => items.map((item) => item.json.message);

describe.each(['oldestFirst', 'newestFirst'])('inbox listed %s', (order) => {
	beforeAll(async () => {
		await control('DELETE', '/emulator/inbox');
		await control('PATCH', '/emulator/inbox', { order });
		await receive('Before', 4100);
	});

	test('50 messages over 3 polls and a restart: each emitted once, oldest first; none at activation', async () => {
		const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
		expect(await trigger.activate()).toEqual([]);
		const added = [...(await receive('First', 20))];
		const firstPoll = await trigger.poll();
		expect(await trigger.poll()).toEqual([]);
		added.push(...(await receive('Second', 17)));
		// n8n restarts: the workflow comes back from the saved static data and polls at once.
		const afterRestart = await trigger.activate('init');
		added.push(...(await receive('Third', 13)));
		const thirdPoll = await trigger.poll();
		expect([...texts(firstPoll), ...texts(afterRestart), ...texts(thirdPoll)]).toEqual(added);
		expect(trigger.executions.map((items) => items.length)).toEqual([20, 17, 13]);
		const ids = trigger.executions.flat().map((item) => Number(item.json.ID));
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
		expect(Object.keys(firstPoll[0].json).sort()).toEqual(INBOX_ITEM_FIELDS);
		expect(firstPoll[0].json.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
	});

	test('a manual run returns the newest message and leaves the mark in the static data as it was', async () => {
		const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
		await trigger.activate();
		const marked = JSON.parse(trigger.saved) as Record<string, unknown>;
		expect(marked).not.toEqual({});
		const [newest] = (await receive('Manual', 3)).slice(-1);
		expect(texts(await trigger.manual())).toEqual([newest]);
		expect(JSON.parse(trigger.leftByManual)).toEqual(marked);
		expect(texts(await trigger.poll())).toEqual(['Manual 1', 'Manual 2', 'Manual 3']);
	});

	test('Filters → Type: only whatsapp messages are emitted, with the same request code as Inbox → Get Many', async () => {
		const trigger = new ActiveInboxTrigger({ filters: { type: 'whatsapp' } }, gateway.credentials);
		await trigger.activate();
		await receive('Sms', 2);
		const whatsapp = await receive('WhatsApp', 3, 'whatsapp');
		gateway.emulator.requests.length = 0;
		expect(texts(await trigger.poll())).toEqual(whatsapp);
		expect(
			gateway.emulator.requests.every(
				(request) => request.path === '/v1/message/inbox' && request.query.includes('type=whatsapp'),
			),
		).toBe(true);
	});
});

test('a refused filter stops the poll, naming the field, before any request', async () => {
	const trigger = new ActiveInboxTrigger({ filters: { inboxNumber: '0612345678' } }, gateway.credentials);
	gateway.emulator.requests.length = 0;
	await expect(trigger.activate()).rejects.toThrow(/Inbox Number/);
	expect(gateway.emulator.requests).toEqual([]);
});
