/**
 * Machine senders (docs/sms-assistants.md#machine-senders): an incoming SMS from "Vodafone", "INFO", a short
 * code or a number, sent by the emulator, reaches the Messaging Gateway Trigger (n8n-core's WebhookContext),
 * the Inbox Trigger (PollContext) and Inbox → Get Many (WorkflowExecute), each item with its `senderKind`.
 * Expected kinds follow the documented rule: letters → alphanumeric, at most 6 digits → short code, else number.
 */
import { startEmulator, type Emulator } from '../../emulator/server';
import { emulatorCredentials } from '../support/n8n-core';
import { ActiveInboxTrigger } from '../support/poll';
import { runAction } from '../support/run';
import { SECRET } from '../support/trigger-helpers';
import { startTriggerServer } from '../support/webhook-server';
import { emulatorClient } from '../support/emulator-client';

const SENDERS = [
	['Vodafone', 'alphanumeric'],
	['INFO', 'alphanumeric'],
	['12345', 'shortCode'],
	['31612345678', 'number'],
] as const;
const EXPECTED = SENDERS.map(([sender, senderKind]) => ({ sender, senderKind }));

let emulator: Emulator;
beforeEach(async () => {
	emulator = await startEmulator({
		account: { signingSecret: SECRET, balance: 1e6 },
		settings: { deliveryDelayMs: 60_000, maxAttempts: 1 },
	});
});
afterEach(() => emulator.close());
const { control } = emulatorClient(() => emulator);
const credentials = () => emulatorCredentials(emulator);

/** Each sender writes in through the emulator: its inbox_message webhook is delivered (and awaited), it lands in the inbox. */
async function writeIn(each: (sender: string) => Promise<void> = async () => {}) {
	for (const [sender] of SENDERS) {
		await control('POST', '/emulator/inbound?wait=true', { from: sender, content: `Hello from ${sender}` });
		await each(sender);
	}
}

test('the Trigger: each incoming SMS item says its sender kind, beside the event as sent', async () => {
	const server = await startTriggerServer(
		{ events: ['inbox_message'], options: {} },
		{ ...credentials(), signingSecret: SECRET },
	);
	try {
		await control('POST', '/emulator/webhooks', { url: server.url, types: ['inbox_message'] });
		const items: Record<string, unknown>[] = [];
		await writeIn(async () => {
			items.push(...(server.lastResult()?.workflowData?.[0].map((item) => item.json) ?? []));
		});
		expect(
			items.map((item) => ({ sender: (item.message as { sender: string }).sender, senderKind: item.senderKind })),
		).toEqual(EXPECTED);
		const sent = emulator.events.map((entry) => entry.event).filter((event) => event.webhook_type === 'inbox_message');
		expect(items.map(({ senderKind, ...event }) => (senderKind ? event : undefined))).toEqual(sent);
	} finally {
		await server.close();
	}
});

test('Inbox → Get Many: each received message says its sender kind', async () => {
	await writeIn();
	const result = await runAction({ resource: 'inbox', operation: 'getAll', returnAll: true }, [{}], credentials());
	expect(result.error).toBeUndefined();
	expect(result.items.map(({ json }) => ({ sender: json.sender, senderKind: json.senderKind }))).toEqual(EXPECTED);
});

test('the Inbox Trigger: each message it emits says its sender kind', async () => {
	const trigger = new ActiveInboxTrigger({ filters: {} }, credentials());
	await trigger.activate();
	await writeIn();
	const emitted = await trigger.poll();
	expect(emitted.map(({ json }) => ({ sender: json.sender, senderKind: json.senderKind }))).toEqual(EXPECTED);
});

test.each(['Vodafone', 'INFO'])(
	'Send SMS refuses the alphanumeric sender %j as a recipient, before any request',
	async (to) => {
		const result = await runAction(
			{ resource: 'message', operation: 'send', sender: 'Shop', to, message: 'Thanks for your message' },
			[{}],
			credentials(),
		);
		expect(result.error?.message).toContain(`To: "${to}" contains "${to[0]}", which is not part of a phone number`);
		expect(emulator.requests.filter((request) => request.path === '/v1/message/send')).toEqual([]);
	},
);
