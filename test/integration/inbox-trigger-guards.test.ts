/**
 * The Inbox Trigger when what it kept or what the gateway answers cannot be trusted, in n8n-core's real
 * PollContext (test/support/poll.ts) against emulators over HTTP: a mark n8n kept that this node did
 * not write, a credential switched to another account, a page that contradicts page 1. Expected
 * (docs/inbox-trigger.md): never a flood of old messages, never a message lost; a poll it cannot trust
 * fails with a clear error and leaves the mark as it was.
 */
import { startEmulator, type Emulator } from '../../emulator/server';
import { useEmulator } from '../support/emulator';
import { emulatorCredentials } from '../support/n8n-core';
import { emulatorControl } from '../support/emulator-client';
import { ActiveInboxTrigger } from '../support/poll';
import { catchLogLines } from '../support/n8n-logger';

const gateway = useEmulator();
const NODE = 'node:Messaging Gateway Inbox Trigger';

const receive = (emulator: Emulator, label: string, count: number) =>
	emulatorControl(emulator)('POST', '/emulator/inbox', { count, from: '31612000077', content: `${label} {n}` });
const texts = (items: { json: Record<string, unknown> }[]) => items.map((item) => item.json.message);

beforeEach(async () => {
	await emulatorControl(gateway.emulator)('DELETE', '/emulator/inbox');
	await receive(gateway.emulator, 'Old', 2500);
});

test.each([[null], [1003000], ['abc'], [{ id: '1' }], ['-1']])(
	'a kept mark %j (not written by this node) starts afresh: no old message again, a warning, then the new ones',
	async (lastId) => {
		const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
		trigger.saved = JSON.stringify({ [NODE]: { lastId } });
		const logged = catchLogLines();
		const emitted = await trigger.activate('init').finally(logged.stop);
		expect(emitted).toEqual([]);
		expect(logged.of('warn', 'starts afresh')).toEqual([expect.stringContaining('is not one this trigger writes')]);
		await receive(gateway.emulator, 'New', 3);
		expect(texts(await trigger.poll())).toEqual(['New 1', 'New 2', 'New 3']);
	},
);

test('a credential switched to another account starts afresh, both ways: none of its old messages, none of its new ones lost', async () => {
	const other = await startEmulator({});
	try {
		const onFirst = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
		await onFirst.activate();
		// The other account's IDs count from the start: below this mark.
		const onOther = new ActiveInboxTrigger({ filters: {} }, emulatorCredentials(other));
		onOther.saved = onFirst.saved;
		expect(await onOther.activate()).toEqual([]);
		await receive(other, 'Other new', 2);
		expect(texts(await onOther.poll())).toEqual(['Other new 1', 'Other new 2']);
		// Back to the first account, whose 2,500 IDs are above the other's mark: none of them again.
		const back = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
		back.saved = onOther.saved;
		expect(await back.activate()).toEqual([]);
		await receive(gateway.emulator, 'New', 1);
		expect(texts(await back.poll())).toEqual(['New 1']);
	} finally {
		await other.close();
	}
});

test('a mark saved before marks named their account is kept: the messages since then are emitted', async () => {
	const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
	await trigger.activate();
	const { lastId } = (JSON.parse(trigger.saved) as Record<string, { lastId: string }>)[NODE];
	const upgraded = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
	upgraded.saved = JSON.stringify({ [NODE]: { lastId } });
	await receive(gateway.emulator, 'New', 2);
	expect(texts(await upgraded.activate('init'))).toEqual(['New 1', 'New 2']);
});

test('a page that comes back empty although page 1 counted its messages: read on from page 1, every new message once', async () => {
	const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
	await trigger.activate();
	await receive(gateway.emulator, 'New', 200);
	// Oldest first: page 1 (2,700 counted), then page 2, the newest end; that one answers empty, once.
	await emulatorControl(gateway.emulator)('POST', '/emulator/faults', {
		status: 200,
		after: 1,
		count: 1,
		body: { total: 0, shown: 0, page: 2, limit: 2000, messages: [] },
	});
	expect(texts(await trigger.poll())).toEqual(Array.from({ length: 200 }, (_, i) => `New ${i + 1}`));
	expect(await trigger.poll()).toEqual([]);
});
