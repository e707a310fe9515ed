/**
 * The emulator's address book over real HTTP (docs/emulator.md#contacts-groups-and-opt-outs): a list
 * of contacts is added whole or not at all, a rename with an unknown ID renames nothing (404, as the
 * gateway documents), the opt-out list is the one a send's 131 reads, and a group send leaves out
 * unsubscribed and opted-out contacts.
 */
import { useEmulator } from '../support/emulator';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();
const { api: call, control } = emulatorClient(() => gateway.emulator);
const contacts = async () =>
	((await call('GET', '/v1/contact')).body.contacts as Array<{ phone: string }>).map((contact) => contact.phone);

beforeEach(() => control('POST', '/emulator/reset'));

test.each([
	[
		'an unknown group',
		[
			{ phone: '31612345601', groupid: '4821' },
			{ phone: '31612345602', groupid: '1' },
		],
		404,
		'125',
	],
	[
		'a number twice in one group',
		[
			{ phone: '31612345601', groupid: '4821' },
			{ phone: '+31612345601', groupid: '4821' },
		],
		400,
		'129',
	],
	['no groupid', [{ phone: '31612345601', groupid: '4821' }, { phone: '31612345602' }], 400, '124'],
	['an empty list', [], 400, '122'],
	['a birthday not yyyy-MM-dd', [{ phone: '31612345601', groupid: '4821', birthday: '31-12-1990' }], 400, '139'],
])('POST /v1/contact with %s: refused, nothing added, no add_contact', async (_, body, status, code) => {
	expect(await call('POST', '/v1/contact', body)).toEqual({
		status,
		body: { error: code, errorMsg: expect.any(String) },
	});
	expect(await contacts()).toEqual([]);
	expect(gateway.emulator.events.filter((entry) => entry.event.webhook_type === 'add_contact')).toHaveLength(0);
});

test('PATCH /v1/groups/ with a list: one unknown ID renames none (404); all known renames all, { IDs } in order', async () => {
	expect(
		(
			await call('PATCH', '/v1/groups/', [
				{ ID: '4821', name: 'A' },
				{ ID: '1', name: 'B' },
			])
		).status,
	).toBe(404);
	expect((await call('GET', '/v1/groups')).body).toEqual([
		{ ID: '4821', name: 'Customers' },
		{ ID: '4822', name: 'Staff' },
	]);
	expect(
		await call('PATCH', '/v1/groups/', [
			{ ID: '4822', name: 'Team' },
			{ ID: '4821', name: 'Clients' },
		]),
	).toEqual({ status: 200, body: { IDs: ['4822', '4821'] } });
	expect((await call('GET', '/v1/groups')).body).toEqual([
		{ ID: '4821', name: 'Clients' },
		{ ID: '4822', name: 'Team' },
	]);
});

test('POST /v1/optouts and POST /emulator/optouts share one list: a second add is refused (131), and so is a send', async () => {
	expect((await call('POST', '/v1/optouts', { number: '+31612345601' })).status).toBe(200);
	await control('POST', '/emulator/optouts', { number: '31612345602' });
	expect((await call('POST', '/v1/optouts', { number: '31612345602' })).body).toMatchObject({ error: '131' });
	expect(
		(await call('POST', '/v1/message/send', { message: 'Hi', to: '31612345601', sender: 'Shop' })).body,
	).toMatchObject({ error: '131' });
});

test("a group send reaches the group's subscribed contacts not on the opt-out list, one message each; an unknown or empty group is refused", async () => {
	await call('POST', '/v1/contact', [
		{ phone: '31612345601', groupid: '4821' },
		{ phone: '31612345602', groupid: '4821', unsubscribed: true },
		{ phone: '31612345603', groupid: '4821' },
		{ phone: '31612345604', groupid: '4822' },
	]);
	await call('POST', '/v1/optouts', { number: '31612345603' });
	const sent = await call('POST', '/v1/message/send', { message: 'Hi', to: '4821', type: 'group', sender: 'Shop' });
	expect(sent).toEqual({ status: 200, body: { messageids: [expect.any(String)] } });
	expect(gateway.emulator.messages.map((message) => [message.to, message.group])).toEqual([['31612345601', '4821']]);
	expect(
		(await call('POST', '/v1/message/send', { message: 'Hi', to: '999', type: 'group', sender: 'Shop' })).status,
	).toBe(404);
	await call('POST', '/v1/optouts', { number: '31612345604' });
	expect(
		(await call('POST', '/v1/message/send', { message: 'Hi', to: '4822', type: 'group', sender: 'Shop' })).body,
	).toMatchObject({ error: '113' });
});
