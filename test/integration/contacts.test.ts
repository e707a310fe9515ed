/**
 * Contact → Create, Group → Rename, Opt-Out → Add to Opt-Out List and the Group list, through
 * n8n-core's WorkflowExecute and LoadOptionsContext against the emulator (real HTTP). Expected
 * bodies follow docs/contacts-and-groups.md (the gateway's field names); signatures are checked with openssl.
 */
import { runAction } from '../support/run';
import { opensslHmacSha256 } from '../support/openssl';
import { gateway, control, apiRequests, byId, createContact } from '../support/contacts-setup';

describe('Contact → Create', () => {
	test('three items: one request with the list of three, one output item each with its ID; three signed add_contact webhooks', async () => {
		const input = [
			{ phone: '+31 6 1234 5601', first: 'Ada' },
			{ phone: '0032 470 12 34 56', first: 'Bo' },
			{ phone: '+44 7700 100123', first: 'Cy' },
		];
		const parameters = createContact({
			additionalFields: { firstname: '={{ $json.first }}', birthday: '1990-12-31', extra1: 'gold' },
		});
		const run = await runAction(parameters, input, gateway.credentials);
		expect(run.error).toBeUndefined();
		const sent = [
			{ phone: '31612345601', groupid: '4821', firstname: 'Ada', birthday: '1990-12-31', extra1: 'gold' },
			{ phone: '32470123456', groupid: '4821', firstname: 'Bo', birthday: '1990-12-31', extra1: 'gold' },
			{ phone: '447700100123', groupid: '4821', firstname: 'Cy', birthday: '1990-12-31', extra1: 'gold' },
		];
		expect(apiRequests()).toEqual([{ method: 'POST', path: '/v1/contact', body: sent }]);
		const contacts = await control<Array<{ ID: string; phone: string }>>('GET', '/emulator/contacts');
		expect(contacts.map((contact) => contact.phone)).toEqual(sent.map((contact) => contact.phone));
		expect(run.items).toEqual(
			sent.map((contact, item) => ({ json: { ID: contacts[item].ID, ...contact }, pairedItem: { item } })),
		);
		const events = gateway.emulator.events.filter((entry) => entry.event.webhook_type === 'add_contact');
		expect(events.map((entry) => entry.event.contact)).toEqual(
			sent.map((contact) =>
				expect.objectContaining({
					action: 'add',
					groupid: '4821',
					groupname: 'Customers',
					receiver: contact.phone,
					firstname: contact.firstname,
					Custom1: 'gold',
					Custom2: null,
				}),
			),
		);
		for (const { body, headers } of events) {
			const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(headers['X-Service-Signature'])!;
			expect(v1).toBe(opensslHmacSha256(gateway.emulator.account.signingSecret, `${t}.${body}`));
		}
	});

	test('one item: the contact as an object, the answer { ID }', async () => {
		const run = await runAction(
			createContact({ groupId: byId('4822'), additionalFields: { unsubscribed: true } }),
			[{ phone: '+31612345602' }],
			gateway.credentials,
		);
		expect(apiRequests()).toEqual([
			{ method: 'POST', path: '/v1/contact', body: { phone: '31612345602', groupid: '4822', unsubscribed: true } },
		]);
		expect(run.items[0].json).toEqual({
			ID: expect.stringMatching(/^\d+$/),
			phone: '31612345602',
			groupid: '4822',
			unsubscribed: true,
		});
	});

	test.each([
		['Phone', { phone: 'call me' }, /^Phone: "call me" (has no digits|contains)/],
		['Phone (national)', { phone: '06 12345678' }, /^Phone: "06 12345678" is a national number/],
		['Group (a name, not an ID)', { group: 'Customers' }, /^Group: "Customers" is not a group ID/],
		['Group (none)', { group: '' }, /^Group: no group given/],
		['Birthday', { birthday: '31-12-1990' }, /^Birthday: "31-12-1990" is not a date written yyyy-MM-dd/],
		['Birthday (no such day)', { birthday: '1990-02-30' }, /^Birthday: "1990-02-30" is not a date/],
		[
			'Extra Field 2 (the expression found nothing)',
			{ extra2: undefined },
			/^Extra Field 2: expected text but got no value/,
		],
		['Unsubscribed', { unsubscribed: 'yes' }, /^Unsubscribed: expected true or false but got a string/],
	])(
		'bad %s in the second item: a clear error naming the field and the item, nothing sent',
		async (_, bad, message) => {
			const good = { phone: '+31612345600', group: '4821', birthday: '1990-12-31', extra2: 'a', unsubscribed: false };
			const parameters = createContact({
				groupId: byId('={{ $json.group }}'),
				additionalFields: {
					birthday: '={{ $json.birthday }}',
					extra2: '={{ $json.extra2 }}',
					unsubscribed: '={{ $json.unsubscribed }}',
				},
			});
			const run = await runAction(parameters, [good, { ...good, ...bad }], gateway.credentials);
			expect(run.error?.message).toMatch(message);
			expect(run.error?.description).toMatch(/Item 1 was refused before anything was sent\.$/);
			expect(gateway.emulator.requests).toHaveLength(0);
		},
	);

	test('a group that does not exist: the gateway refuses (404, code 125 explained), nothing is added', async () => {
		const run = await runAction(
			createContact({ groupId: byId('9999') }),
			[{ phone: '+31612345604' }],
			gateway.credentials,
		);
		expect(run.error?.message).toMatch(/Group 9999 not found/);
		expect(run.error?.httpCode).toBe('404');
		// What to do, then the HTTP status; no generic "contact or group request was invalid" after the advice.
		expect(run.error?.description).toMatch(
			/^The group does not exist: pick it from the Group list, or check its ID\. HTTP 404\.$/,
		);
		expect(await control('GET', '/emulator/contacts')).toEqual([]);
	});

	test('Continue On Fail: a refused item gets its error, the others are still sent together', async () => {
		const run = await runAction(
			createContact(),
			[{ phone: '+31612345605' }, { phone: 'x' }, { phone: '+31612345606' }],
			gateway.credentials,
			{ continueOnFail: true },
		);
		expect(apiRequests()).toEqual([
			{
				method: 'POST',
				path: '/v1/contact',
				body: [
					{ phone: '31612345605', groupid: '4821' },
					{ phone: '31612345606', groupid: '4821' },
				],
			},
		]);
		expect(run.items.map((item) => item.json.error ?? item.json.phone)).toEqual([
			'31612345605',
			expect.stringMatching(/^Phone: /),
			'31612345606',
		]);
	});
});

describe('Contact → Create when the gateway refuses one contact of a list', () => {
	test('one already in the group, one twice in the input: the list goes again one by one; those are alreadyInGroup with the ID the gateway names, the others get their IDs', async () => {
		const first = await runAction(createContact(), [{ phone: '+31612345610' }], gateway.credentials);
		gateway.emulator.requests.length = 0;
		const input = ['+31612345611', '+31612345610', '+31612345612', '+31612345611'].map((phone) => ({ phone }));
		const run = await runAction(createContact(), input, gateway.credentials);
		expect(run.error).toBeUndefined();
		const bodies = apiRequests().map((request) => request.body);
		expect(bodies).toEqual([
			input.map(({ phone }) => ({ phone: phone.slice(1), groupid: '4821' })),
			...input.map(({ phone }) => ({ phone: phone.slice(1), groupid: '4821' })),
		]);
		expect(run.items.map((item) => [item.json.phone, item.json.ID, item.json.alreadyInGroup ?? null])).toEqual([
			['31612345611', expect.stringMatching(/^\d+$/), null],
			['31612345610', first.items[0].json.ID, true],
			['31612345612', expect.stringMatching(/^\d+$/), null],
			['31612345611', run.items[0].json.ID, true],
		]);
		const contacts = await control<Array<{ phone: string }>>('GET', '/emulator/contacts');
		expect(contacts.map((contact) => contact.phone).sort()).toEqual(['31612345610', '31612345611', '31612345612']);
	});
});

describe('Contact → Create when one contact of a list names a group that does not exist (125)', () => {
	const input = ['4821', '9999', '4822', '4821'].map((group, i) => ({ phone: `+3161234562${i}`, group }));
	const perItemGroup = createContact({ groupId: byId('={{ $json.group }}') });

	test('Continue On Fail: the list goes again one by one; the error lands on item 1 alone, the 3 others are added', async () => {
		const run = await runAction(perItemGroup, input, gateway.credentials, { continueOnFail: true });
		expect(run.items.map((item) => [item.json.ID === undefined ? null : 'ID', item.json.code ?? null])).toEqual([
			['ID', null],
			[null, '125'],
			['ID', null],
			['ID', null],
		]);
		const contacts = await control<Array<{ phone: string }>>('GET', '/emulator/contacts');
		expect(contacts.map((contact) => contact.phone).sort()).toEqual(['31612345620', '31612345622', '31612345623']);
	});

	test('without it: the error names item 1, the item that caused it', async () => {
		const run = await runAction(perItemGroup, input, gateway.credentials);
		expect(run.error?.message).toMatch(/Group 9999 not found/);
		expect((run.error as { context?: { itemIndex?: number } } | undefined)?.context?.itemIndex).toBe(1);
	});
});
