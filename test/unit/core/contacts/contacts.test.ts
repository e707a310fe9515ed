import { buildContact, CONTACT_EXTRA_FIELDS } from '../../../../nodes/MessagingGateway/core/contacts/contact';
import { groupsOf, readGroupId } from '../../../../nodes/MessagingGateway/core/contacts/group';

/**
 * The body of POST /v1/contact and the groups list. Expected values from the gateway's contract
 * (spec/api-surface.md 3.1: `phone` and `groupid` required, `firstname`, `lastname`, `birthday` as
 * yyyy-MM-dd, `extra1` … `extra8`, `unsubscribed`; 4.1: GET /v1/groups answers a bare array of
 * `{ ID, name }`, or perhaps an envelope with `groups`).
 */
describe('buildContact: POST /v1/contact', () => {
	test('the required fields: the phone as international digits, the group ID as digits', () => {
		expect(buildContact({ phone: '+31 6 1234 5678', groupId: 4821 })).toEqual({
			ok: true,
			body: { phone: '31612345678', groupid: '4821' },
		});
	});
	test('every optional field the gateway names, as set', () => {
		const extras = Object.fromEntries(CONTACT_EXTRA_FIELDS.map((field, i) => [field, `value ${i + 1}`]));
		const built = buildContact({
			phone: '0031612345678',
			groupId: '4821',
			firstname: 'Anna',
			lastname: 'de Vries',
			birthday: '1990-12-31',
			unsubscribed: false,
			...extras,
		});
		expect(built).toEqual({
			ok: true,
			body: {
				phone: '31612345678',
				groupid: '4821',
				firstname: 'Anna',
				lastname: 'de Vries',
				birthday: '1990-12-31',
				unsubscribed: false,
				...extras,
			},
		});
		expect(CONTACT_EXTRA_FIELDS).toEqual([
			'extra1',
			'extra2',
			'extra3',
			'extra4',
			'extra5',
			'extra6',
			'extra7',
			'extra8',
		]);
	});
	test('a birthday from the date picker (a date-time) is its day; an empty optional field is left out', () => {
		expect(
			buildContact({ phone: '31612345678', groupId: '1', birthday: '1990-01-02T00:00:00', firstname: '' }),
		).toEqual({ ok: true, body: { phone: '31612345678', groupid: '1', birthday: '1990-01-02' } });
	});
	test.each([
		['phone', { phone: '', groupId: '1' }, /^no number given$/],
		['phone', { phone: '0612345678', groupId: '1' }, /is a national number/],
		['groupId', { phone: '31612345678', groupId: 'Staff' }, /is not a group ID/],
		['groupId', { phone: '31612345678', groupId: '' }, /^no group given/],
		['birthday', { phone: '31612345678', groupId: '1', birthday: '1990-02-30' }, /is not a date written yyyy-MM-dd/],
		['birthday', { phone: '31612345678', groupId: '1', birthday: '31-12-1990' }, /is not a date written yyyy-MM-dd/],
		['firstname', { phone: '31612345678', groupId: '1', firstname: { a: 1 } }, /^expected text but got an object/],
		['unsubscribed', { phone: '31612345678', groupId: '1', unsubscribed: 'yes' }, /^expected true or false/],
	])('a wrong %s is refused, naming it', (field, input, error) => {
		expect(buildContact(input)).toEqual({ ok: false, field, error: expect.stringMatching(error) });
	});
});

describe('groups', () => {
	test('readGroupId: digits or a whole number', () => {
		expect(readGroupId('4821')).toEqual({ ok: true, id: '4821' });
		expect(readGroupId(' 4821 ')).toEqual({ ok: true, id: '4821' });
		expect(readGroupId(4821)).toEqual({ ok: true, id: '4821' });
		for (const value of ['Staff', '48.21', -1, undefined]) expect(readGroupId(value)).toMatchObject({ ok: false });
	});
	test('groupsOf: a bare array or a groups envelope; entries without an ID left out; IDs as text', () => {
		const listed = [{ ID: 4821, name: 'Customers' }, { ID: '4822', name: 'Staff' }, { name: 'no ID' }];
		const expected = [
			{ ID: '4821', name: 'Customers' },
			{ ID: '4822', name: 'Staff' },
		];
		expect(groupsOf(listed)).toEqual(expected);
		expect(groupsOf({ total: 3, groups: listed })).toEqual(expected);
		expect(groupsOf({ error: 'x' })).toEqual([]);
	});
});
