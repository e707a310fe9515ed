/** Group → Rename, Opt-Out → Add to Opt-Out List and the Group list, against the emulator (Contact → Create: contacts.test.ts). */
import { runAction, searchList } from '../support/run';
import { gateway, control, apiRequests, byList, byId, createContact } from '../support/contacts-setup';

describe('Group → Rename', () => {
	test('PATCH /v1/groups/ with { ID, name } per item; the gateway answer is the item', async () => {
		const run = await runAction(
			{ resource: 'group', operation: 'rename', groupId: byList('4822'), name: 'Team' },
			[{}],
			gateway.credentials,
		);
		expect(run.error).toBeUndefined();
		expect(apiRequests()).toEqual([{ method: 'PATCH', path: '/v1/groups/', body: { ID: '4822', name: 'Team' } }]);
		expect(run.items).toEqual([{ json: { ID: '4822' }, pairedItem: { item: 0 } }]);
		expect(await control('GET', '/emulator/groups')).toEqual([
			{ ID: '4821', name: 'Customers' },
			{ ID: '4822', name: 'Team' },
		]);
	});

	test('an unknown group: 404, nothing renamed; an empty name: refused before anything is sent', async () => {
		const unknown = await runAction(
			{ resource: 'group', operation: 'rename', groupId: byId('77'), name: 'Team' },
			[{}],
			gateway.credentials,
		);
		expect(unknown.error?.httpCode).toBe('404');
		const empty = await runAction(
			{ resource: 'group', operation: 'rename', groupId: byId('4821'), name: ' ' },
			[{}],
			gateway.credentials,
		);
		expect(empty.error?.message).toBe('Name: the name is empty');
		expect(apiRequests()).toHaveLength(1);
		expect(await control('GET', '/emulator/groups')).toEqual([
			{ ID: '4821', name: 'Customers' },
			{ ID: '4822', name: 'Staff' },
		]);
	});
});

describe('Opt-Out → Add to Opt-Out List', () => {
	test('POST /v1/optouts { number }: a signed add_optout, and the send to that number is refused with 131', async () => {
		const run = await runAction(
			{ resource: 'optOut', operation: 'create', number: '+31 6 1234 5607' },
			[{}],
			gateway.credentials,
		);
		expect(run.error).toBeUndefined();
		expect(apiRequests()).toEqual([{ method: 'POST', path: '/v1/optouts', body: { number: '31612345607' } }]);
		const [event] = gateway.emulator.events.filter((entry) => entry.event.webhook_type === 'add_optout');
		expect(event.event.optout).toMatchObject({ action: 'add', number: '31612345607', id: run.items[0].json.ID });
		expect(await control('GET', '/emulator/optouts')).toEqual(['31612345607']);
		const sms = { resource: 'message', operation: 'send', sender: 'Shop', to: '+31612345607', message: 'Hi' };
		// Node version 4 outputs the refused recipient as skipped (docs/sending-lawfully.md); version 3 fails with the 131.
		expect((await runAction(sms, [{}], gateway.credentials)).items.map((item) => item.json)).toEqual([
			{ to: '31612345607', skipped: 'optedOut' },
		]);
		const send = await runAction(sms, [{}], gateway.credentials, { typeVersion: 3 });
		expect(send.error?.message).toMatch(/on the opt-out list.*\(gateway code 131\)/);
	});

	test('one output shape, { number, alreadyOnList, ID? }: a first add has the ID, a second is alreadyOnList without one', async () => {
		const first = await runAction(
			{ resource: 'optOut', operation: 'create', number: '+31 6 1234 5608' },
			[{}],
			gateway.credentials,
		);
		const [added] = gateway.emulator.events.filter((entry) => entry.event.webhook_type === 'add_optout');
		expect(first.items.map((item) => item.json)).toEqual([
			{ number: '31612345608', alreadyOnList: false, ID: (added.event.optout as { id: string }).id },
		]);
		// Spec: code 131 for a number on the opt-out list; the node outputs it as what was asked for.
		const again = await runAction(
			{ resource: 'optOut', operation: 'create', number: '0031612345608' },
			[{}],
			gateway.credentials,
		);
		expect(again.error).toBeUndefined();
		expect(again.items.map((item) => item.json)).toEqual([{ number: '31612345608', alreadyOnList: true }]);
	});

	test('a number that is none: refused before anything is sent', async () => {
		const run = await runAction({ resource: 'optOut', operation: 'create', number: '612' }, [{}], gateway.credentials);
		expect(run.error?.message).toMatch(/^Number: "612" is not a valid international number/);
		expect(gateway.emulator.requests).toHaveLength(0);
	});
});

test("the Group list: the account's groups by name, filtered by what is typed", async () => {
	await control('POST', '/emulator/groups', { name: 'VIP customers' });
	const all = await searchList('searchGroups', createContact(), gateway.credentials, { path: 'parameters.groupId' });
	expect(all.results).toEqual([
		{ name: 'Customers', value: '4821', description: 'ID 4821' },
		{ name: 'Staff', value: '4822', description: 'ID 4822' },
		{ name: 'VIP customers', value: expect.stringMatching(/^\d+$/), description: expect.stringMatching(/^ID \d+$/) },
	]);
	const filtered = await searchList('searchGroups', createContact(), gateway.credentials, {
		path: 'parameters.groupId',
		filter: 'custom',
	});
	expect(filtered.results.map((entry) => entry.name)).toEqual(['Customers', 'VIP customers']);
});
