import {
	contactsCall,
	conversationCall,
	groupsCall,
	historyCall,
	inboxCall,
	inboxCallInWords,
	type ListCall,
} from '../../../../nodes/MessagingGateway/core/lists/calls';
import { readNumberValue } from '../../../../nodes/MessagingGateway/core/numbers/number-value';

/**
 * Every list of the gateway as a call. Expected paths, list keys and filters come from the gateway's
 * documented lists (spec/api-surface.md 1.1 inbox, 1.2 one inbox number, 1.4 conversation, 2.1 history,
 * 3.2 contacts with the optional `groupid`, 4.1 groups); numbers as international digits.
 */
const ready = (call: ListCall) => {
	if (!call.ok) throw new Error(`refused: ${call.field} ${call.error}`);
	return call;
};
const inbox = (type: string, receiver: string) => ({
	ID: '1',
	message: 'Hi',
	sender: '31612345678',
	type,
	date: '2024-01-01 12:00:00',
	receiver,
});

describe('inbox: GET /v1/message/inbox[/{inbox_nr}], records under "messages", type sms / whatsapp / call', () => {
	test('every number, every type', () => {
		const call = ready(inboxCall({}));
		expect(call).toMatchObject({ path: '/v1/message/inbox', query: {}, listKey: 'messages' });
		expect(call.keep?.(inbox('whatsapp', '3197010000001'))).toBe(true);
	});
	test('one number (written with + and spaces) and one type: the number as digits in the path, the type as a filter', () => {
		const call = ready(inboxCall({ inboxNumber: '+31 970 1000 0001', type: 'sms' }));
		expect(call).toMatchObject({
			path: '/v1/message/inbox/3197010000001',
			query: { type: 'sms' },
			listKey: 'messages',
		});
	});
	test('keep: a record of another type or another receiver than the filters is left out (a gateway may ignore them)', () => {
		const call = ready(inboxCall({ inboxNumber: '+3197010000001', type: 'call' }));
		expect(call.keep?.(inbox('call', '3197010000001'))).toBe(true);
		expect(call.keep?.(inbox('sms', '3197010000001'))).toBe(false);
		expect(call.keep?.(inbox('call', '3197010000002'))).toBe(false);
	});
	test.each([['fax'], ['SMS'], [3]])('a type that is none of sms, whatsapp, call (%j) is refused as Type', (type) => {
		expect(inboxCall({ type })).toEqual({
			ok: false,
			field: 'type',
			error: expect.stringMatching(/^must be one of sms, whatsapp, call/),
		});
	});
	test.each([['0612345678'], [{ nr: 1 }], ['   ']])(
		'an inbox number that is no international number (%j) is refused as Inbox Number',
		(inboxNumber) => {
			expect(inboxCall({ inboxNumber })).toEqual({ ok: false, field: 'inboxNumber', error: expect.any(String) });
		},
	);
	test('in words, for the trigger\'s "nothing found"', () => {
		expect(inboxCallInWords(ready(inboxCall({ inboxNumber: '3197010000001', type: 'whatsapp' })))).toBe(
			'WhatsApp messages received on 3197010000001',
		);
		expect(inboxCallInWords(ready(inboxCall({})))).toBe('messages of any type received on any number of the account');
	});
});

describe('conversation: GET /v1/conversation/{phone}, records under "conversation"', () => {
	test('the number as digits in the path, no filter', () => {
		expect(ready(conversationCall('+31 6 1234 5678'))).toEqual({
			ok: true,
			path: '/v1/conversation/31612345678',
			query: {},
			listKey: 'conversation',
		});
		expect(ready(conversationCall(31612345678))).toMatchObject({ path: '/v1/conversation/31612345678' });
	});
	test.each([[undefined], ['']])('no number (%j) is refused: it is required', (phone) => {
		expect(conversationCall(phone)).toEqual({ ok: false, field: 'phone', error: 'is required' });
	});
	test('a number that is none is refused as Phone Number', () => {
		expect(conversationCall(true)).toEqual({
			ok: false,
			field: 'phone',
			error: expect.stringMatching(/^expected a phone number but got a boolean/),
		});
	});
});

test('history: GET /v1/message/history, records under "messages", no filter', () => {
	expect(historyCall()).toEqual({ ok: true, path: '/v1/message/history', query: {}, listKey: 'messages' });
});

describe('contacts: GET /v1/contact, records under "contacts", optionally one group (groupid)', () => {
	test('no group: every contact', () => {
		expect(contactsCall()).toEqual({ ok: true, path: '/v1/contact', query: {}, listKey: 'contacts' });
	});
	test('one group, by its ID as digits or a whole number', () => {
		expect(contactsCall('4822')).toEqual({
			ok: true,
			path: '/v1/contact',
			query: { groupid: '4822' },
			listKey: 'contacts',
		});
		expect(contactsCall(4822)).toMatchObject({ query: { groupid: '4822' } });
	});
	test.each([['Staff'], [''], [null]])('a group that is no group ID (%j) is refused as the group', (group) => {
		expect(contactsCall(group)).toEqual({ ok: false, field: 'groupId', error: expect.any(String) });
	});
});

test('groups: GET /v1/groups, records under "groups" (or a bare array), no filter', () => {
	expect(groupsCall()).toEqual({ ok: true, path: '/v1/groups', query: {}, listKey: 'groups' });
});

describe('readNumberValue: one phone number from a JSON value', () => {
	test.each([
		['+31 6 1234 5678', '31612345678'],
		['0031612345678', '31612345678'],
		[31612345678, '31612345678'],
	])('%j is %s', (value, digits) => expect(readNumberValue(value)).toEqual({ ok: true, digits }));
	test.each([
		[undefined, /^expected a phone number but got no value/],
		[null, /^expected a phone number but got null/],
		[{}, /^expected a phone number but got an object$/],
		[3.5, /^expected a phone number but got a number$/],
		['  ', /^no number given$/],
		['0612345678', /^"0612345678" is a national number/],
	])('%j is refused', (value, error) =>
		expect(readNumberValue(value)).toEqual({ ok: false, error: expect.stringMatching(error) }),
	);
});
