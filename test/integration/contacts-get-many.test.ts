/**
 * Contact → Get Many and Group → Get Many through n8n-core's WorkflowExecute against the emulator:
 * Return All walks every page (here 3), Limit reads with the fewest requests the gateway's 2,000-record
 * pages allow, every record comes out unchanged, bad input is refused before any request.
 */
import { startEmulator, type Emulator } from '../../emulator/server';
import { useEmulator } from '../support/emulator';
import { emulatorCredentials } from '../support/n8n-core';
import { runAction } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();
const CONTACTS = 4500;
const phoneOf = (n: number) => `3161${String(n).padStart(7, '0')}`;
const listRequests = (emulator: Emulator, path: string) =>
	emulator.requests
		.filter((request) => request.path === path)
		.map((request) => Object.fromEntries(new URLSearchParams(request.query)));
const { api, control } = emulatorClient(() => gateway.emulator);
const contactsPage = (fields: Record<string, unknown>) => ({ resource: 'contact', operation: 'getAll', ...fields });

beforeAll(async () => {
	const contacts = Array.from({ length: CONTACTS }, (_, n) => ({
		phone: phoneOf(n),
		groupid: n % 3 === 0 ? '4822' : '4821',
		firstname: `C${n}`,
	}));
	expect((await api('POST', '/v1/contact', contacts)).status).toBe(200);
});
beforeEach(() => control('DELETE', '/emulator/requests'));

describe('Contact → Get Many', () => {
	test(`Return All: ${CONTACTS} contacts over 3 pages of 2,000, each as the gateway lists it`, async () => {
		const run = await runAction(contactsPage({ returnAll: true }), [{}], gateway.credentials);
		expect(run.error).toBeUndefined();
		expect(listRequests(gateway.emulator, '/v1/contact')).toEqual([
			{ limit: '2000', page: '1' },
			{ limit: '2000', page: '2' },
			{ limit: '2000', page: '3' },
		]);
		expect(run.items).toHaveLength(CONTACTS);
		expect(run.items.map((item) => item.json.phone)).toEqual(Array.from({ length: CONTACTS }, (_, n) => phoneOf(n)));
		expect(run.items[7]).toEqual({
			json: {
				ID: expect.stringMatching(/^\d+$/),
				phone: phoneOf(7),
				groupid: '4821',
				firstname: 'C7',
				lastname: '',
				birthday: null,
				extra1: null,
				extra2: null,
				extra3: null,
				extra4: null,
				extra5: null,
				extra6: null,
				extra7: null,
				extra8: null,
				unsubscribed: false,
			},
			pairedItem: { item: 0 },
		});
	});

	test.each([
		[30, [{ limit: '30', page: '1' }]],
		[2000, [{ limit: '2000', page: '1' }]],
		[
			2001,
			[
				{ limit: '2000', page: '1' },
				{ limit: '2000', page: '2' },
			],
		],
	])('Limit %d: the fewest requests, exactly that many contacts', async (limit, requests) => {
		const run = await runAction(contactsPage({ returnAll: false, limit }), [{}], gateway.credentials);
		expect(listRequests(gateway.emulator, '/v1/contact')).toEqual(requests);
		expect(run.items).toHaveLength(limit);
	});

	test("Filters → Group: groupid in the query, only that group's contacts", async () => {
		const run = await runAction(
			contactsPage({ returnAll: true, filters: { groupId: { __rl: true, mode: 'list', value: '4822' } } }),
			[{}],
			gateway.credentials,
		);
		expect(listRequests(gateway.emulator, '/v1/contact')).toEqual([{ groupid: '4822', limit: '2000', page: '1' }]);
		expect(run.items).toHaveLength(CONTACTS / 3);
		expect(run.items.every((item) => item.json.groupid === '4822')).toBe(true);
	});

	test.each([
		[
			'Group',
			{ returnAll: true, filters: { groupId: { __rl: true, mode: 'id', value: '={{ $json.group }}' } } },
			/^Group: "Staff" is not a group ID/,
		],
		['Limit', { returnAll: false, limit: '={{ $json.limit }}' }, /^Limit: must be a whole number of at least 1/],
	])('a bad %s in the second item: refused naming the field, no request', async (_, fields, message) => {
		const run = await runAction(
			contactsPage(fields),
			[
				{ group: '4822', limit: 5 },
				{ group: 'Staff', limit: 0 },
			],
			gateway.credentials,
		);
		expect(run.error?.message).toMatch(message);
		expect(gateway.emulator.requests).toHaveLength(0);
	});
});

describe('Group → Get Many', () => {
	let many: Emulator;
	const GROUPS = 4100;
	beforeAll(async () => {
		many = await startEmulator({
			groups: Array.from({ length: GROUPS }, (_, n) => ({ ID: String(10000 + n), name: `Group ${n}` })),
		});
	});
	afterAll(() => many.close());

	test(`Return All over ${GROUPS} groups (a bare array per page): 3 pages, every group once, in order`, async () => {
		const run = await runAction(
			{ resource: 'group', operation: 'getAll', returnAll: true },
			[{}],
			emulatorCredentials(many),
		);
		expect(run.error).toBeUndefined();
		expect(listRequests(many, '/v1/groups').map((query) => query.page)).toEqual(['1', '2', '3']);
		expect(run.items.map((item) => item.json)).toEqual(
			Array.from({ length: GROUPS }, (_, n) => ({ ID: String(10000 + n), name: `Group ${n}` })),
		);
	});

	test('Limit 2: one request for 2 groups', async () => {
		const run = await runAction({ resource: 'group', operation: 'getAll', limit: 2 }, [{}], gateway.credentials);
		expect(listRequests(gateway.emulator, '/v1/groups')).toEqual([{ limit: '2', page: '1' }]);
		expect(run.items.map((item) => item.json)).toEqual([
			{ ID: '4821', name: 'Customers' },
			{ ID: '4822', name: 'Staff' },
		]);
	});
});
