/**
 * Send SMS → Send To: Group through n8n-core's WorkflowExecute (its Retry On Fail) against the
 * emulator: one request `{ type: "group", to: <group ID> }` (docs/contacts-and-groups.md), one
 * message and delivery report per contact, Send's pre-flight checks, exactly-once and On Unknown Outcome.
 */
import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator({ settings: { deliveryDelayMs: 5 }, account: { balance: 1e9 } });
const { control, api } = emulatorClient(() => gateway.emulator);
const sendRequests = () =>
	gateway.emulator.requests
		.filter((request) => request.path === '/v1/message/send')
		.map((request) => ({ status: request.status, body: JSON.parse(request.body) }));
const groupSend = (fields: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'send',
	sender: { __rl: true, mode: 'id', value: 'Shop' },
	sendTo: 'group',
	groupId: { __rl: true, mode: 'list', value: '={{ $json.group }}' },
	message: 'Doors open at 9',
	...fields,
});
const MEMBERS = ['31612345671', '32470123472', '447700100173'];
const retry = { maxTries: 3, waitBetweenTries: 1 };

beforeEach(async () => {
	await control('POST', '/emulator/reset');
	await api(
		'POST',
		'/v1/contact',
		MEMBERS.map((phone) => ({ phone, groupid: '4821' })),
	);
	await control('DELETE', '/emulator/requests');
});

test('a group of 3: one request, 3 messages and 3 final delivery reports, one output item with the 3 message ids', async () => {
	const run = await runAction(groupSend(), [{ group: '4821' }], gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(sendRequests()).toEqual([
		{ status: 200, body: { message: 'Doors open at 9', to: '4821', type: 'group', sender: 'Shop' } },
	]);
	expect(gateway.emulator.messages.map((message) => message.to)).toEqual(MEMBERS);
	await gateway.emulator.settle();
	const finals = gateway.emulator.events.filter(
		(entry) =>
			entry.event.webhook_type === 'delivery_report' &&
			(entry.event.message as { delivery_code: string }).delivery_code !== '0',
	);
	expect(finals.map((entry) => (entry.event.message as { receiver: string }).receiver).sort()).toEqual(
		[...MEMBERS].sort(),
	);
	expect(run.items).toEqual([
		{
			json: {
				messageids: gateway.emulator.messages.map((message) => message.messageid),
				groupId: '4821',
				sender: 'Shop',
				segments: 1,
				encoding: 'GSM-7',
				replacedCharacters: 0,
			},
			pairedItem: { item: 0 },
		},
	]);
});

test('two items to two groups with the same message: two requests, never one batched `to` list (Batch Recipients is for numbers)', async () => {
	await api('POST', '/v1/contact', [{ phone: '31612345680', groupid: '4822' }]);
	const run = await runAction(groupSend(), [{ group: '4821' }, { group: '4822' }], gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(sendRequests().map((request) => request.body.to)).toEqual(['4821', '4822']);
	expect(run.items.map((item) => [item.json.groupId, (item.json.messageids as string[]).length])).toEqual([
		['4821', 3],
		['4822', 1],
	]);
});

test.each([
	['Group', {}, { group: 'Customers' }, /^Group: "Customers" is not a group ID/],
	['Sender', { sender: { __rl: true, mode: 'id', value: 'A sender name too long' } }, { group: '4821' }, /^Sender: /],
	['Message', { message: '   ' }, { group: '4821' }, /^Message: the message is empty/],
	['Schedule Date', { additionalFields: { date: '2001-01-01 10:00' } }, { group: '4821' }, /^Schedule Date: /],
])("Send's pre-flight checks hold for a group send: a bad %s sends nothing", async (_, fields, item, message) => {
	const run = await runAction(groupSend(fields), [{ group: '4821' }, item], gateway.credentials);
	expect(run.error?.message).toMatch(message);
	expect(sendRequests()).toEqual([]);
});

test('Retry On Fail does not send a group send twice: the second item fails (an unknown group), the first is sent once', async () => {
	const run = await runAction(groupSend(), [{ group: '4821' }, { group: '9999' }], gateway.credentials, {
		retryOnFail: retry,
		typeVersion: 3,
	});
	expect(run.error?.message).toMatch(/Group 9999 not found/);
	const requests = sendRequests();
	expect(requests.filter((request) => request.body.to === '4821')).toHaveLength(1);
	expect(requests.filter((request) => request.body.to === '9999')).toHaveLength(retry.maxTries);
	expect(gateway.emulator.messages).toHaveLength(3);
	expect(run.error?.context).toMatchObject({
		sentCount: 1,
		sentItems: [
			{ item: 0, to: ['group 4821'], messageids: gateway.emulator.messages.map((message) => message.messageid) },
		],
	});
});

test('On Unknown Outcome (Do Not Resend, the default of version 3): a group send answered 500 is not sent again by Retry On Fail', async () => {
	await control('POST', '/emulator/faults', { status: 500 });
	const run = await runAction(groupSend(), [{ group: '4821' }], gateway.credentials, {
		retryOnFail: retry,
		typeVersion: 3,
	});
	expect(sendRequests().map((request) => request.status)).toEqual([500]);
	expect(run.error?.message).toMatch(/^Not sent again to group 4821: an earlier try may already have sent it/);
	expect(run.error?.context).toMatchObject({ outcome: 'unknown', httpCode: 500 });
});

test('Resend: the retry sends the group once more; Send To Numbers (the default) still sends to numbers', async () => {
	await control('POST', '/emulator/faults', { status: 500 });
	const run = await runAction(
		groupSend({ options: { onUnknownOutcome: 'resend' } }),
		[{ group: '4821' }],
		gateway.credentials,
		{ retryOnFail: retry, typeVersion: 3 },
	);
	expect(run.error).toBeUndefined();
	expect(sendRequests().map((request) => request.status)).toEqual([500, 200]);
	const numbers = await runAction(
		{
			resource: 'message',
			operation: 'send',
			sender: 'Shop',
			to: '+31612345679',
			message: 'Hi',
			groupId: { __rl: true, mode: 'id', value: '4821' },
		},
		[{}],
		gateway.credentials,
	);
	expect(numbers.items[0].json).toMatchObject({ to: '31612345679' });
	expect(sendRequests().at(-1)?.body).toEqual({ message: 'Hi', to: '31612345679', sender: 'Shop' });
});
