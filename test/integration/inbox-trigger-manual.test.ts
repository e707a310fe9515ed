/**
 * Fetch Test Event on the Inbox Trigger when there is nothing to fetch, in n8n-core's real PollContext
 * (test/support/poll.ts) against the emulator: as n8n's own polling triggers (Google Calendar, Drive) do,
 * the manual run fails with a message that says what it looked for, instead of an empty "No trigger output".
 */
import { useEmulator } from '../support/emulator';
import { ActiveInboxTrigger } from '../support/poll';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();

const { control } = emulatorClient(() => gateway.emulator);

beforeEach(async () => {
	await control('DELETE', '/emulator/inbox');
});

test('an empty inbox: "No received message to fetch", naming every number and any type', async () => {
	const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
	const failure = trigger.manual();
	await expect(failure).rejects.toThrow('No received message to fetch');
	await expect(failure).rejects.toMatchObject({
		description: expect.stringContaining(
			'the newest of the messages of any type received on any number of the account (Filters)',
		),
	});
});

test('SMS only, on one number: the filters it used are named; a WhatsApp message there does not count', async () => {
	await control('POST', '/emulator/inbox', {
		count: 1,
		from: '31612000077',
		to: '3197010000001',
		type: 'whatsapp',
		content: 'Hi {n}',
	});
	const trigger = new ActiveInboxTrigger(
		{ filters: { type: 'sms', inboxNumber: '+31 970 1000 0001' } },
		gateway.credentials,
	);
	await expect(trigger.manual()).rejects.toMatchObject({
		message: 'No received message to fetch',
		description: expect.stringContaining('the newest of the SMS received on 3197010000001 (Filters)'),
	});
	// With a message to fetch, the same run gives it.
	await control('POST', '/emulator/inbox', {
		count: 1,
		from: '31612000077',
		to: '3197010000001',
		type: 'sms',
		content: 'Fetch me {n}',
	});
	expect((await trigger.manual()).map((item) => item.json.message)).toEqual(['Fetch me 1']);
});

test('an active poll that finds nothing new emits nothing and does not fail', async () => {
	const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
	expect(await trigger.activate()).toEqual([]);
	expect(await trigger.poll()).toEqual([]);
});
