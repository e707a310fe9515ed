import {
	accountKeyOf,
	compareIds,
	idOf,
	markOf,
	settledOutcome,
	type InboxOrder,
	type PollOutcome,
} from '../../../nodes/MessagingGateway/inboxTrigger/mark';
import { poll, receive, resetIds, type Inbox } from '../../support/inbox-model';

/** The Inbox Trigger's emissions and mark against a model of the gateway's inbox (inbox-model.ts). */
beforeEach(resetIds);

describe('IDs compare as numbers', () => {
	test('"9" before "10", numbers and numeric texts alike, leading zeros ignored', () => {
		expect(compareIds('9', '10')).toBeLessThan(0);
		expect(compareIds('100', '99')).toBeGreaterThan(0);
		expect(idOf({ ID: 10 })).toBe('10');
		expect(idOf({ ID: ' 0010 ' })).toBe('10');
		expect(compareIds('12345678901234567890', '12345678901234567891')).toBeLessThan(0);
	});
	test.each([[{ ID: 'abc' }], [{ ID: -3 }], [{ ID: 1.5 }], [{}], ['text']])('no ID: %j', (record) => {
		expect(idOf(record)).toBeUndefined();
	});
});

describe.each<InboxOrder>(['oldestFirst', 'newestFirst'])('listed %s', (order) => {
	test('activation emits nothing and marks the newest; each later poll emits the new ones once, oldest first', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 7);
		const first = poll(inbox, undefined, 'activation');
		expect(first).toMatchObject({ ids: [], mark: '7' });
		const added: string[] = [];
		const emitted: string[] = [];
		let mark = first.mark;
		for (const count of [5, 0, 11, 1]) {
			added.push(...receive(inbox, count));
			const next = poll(inbox, mark, 'poll');
			emitted.push(...next.ids);
			mark = next.mark;
		}
		expect(emitted).toEqual(added);
	});

	test('IDs across a digit boundary ("9" and "10") in order, not as texts', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 8);
		const { mark } = poll(inbox, undefined, 'activation');
		expect(poll(inbox, mark, 'poll', { pageSize: 2 }).ids).toEqual([]);
		const added = receive(inbox, 5); // 9 … 13
		expect(poll(inbox, mark, 'poll', { pageSize: 2 }).ids).toEqual(added);
	});

	test('equal dates: ordered by ID', () => {
		const inbox: Inbox = { order, records: [] };
		const { mark } = poll(inbox, undefined, 'activation');
		expect(mark).toBe('0');
		const added = receive(inbox, 6, '2026-11-25 08:00:00');
		expect(poll(inbox, mark, 'poll').ids).toEqual(added);
	});

	test('a message arriving between two page requests: nothing emitted twice, nothing lost', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 10);
		let { mark } = poll(inbox, undefined, 'activation');
		const added = receive(inbox, 8);
		let arrived: string[] = [];
		inbox.beforePage = (pageNumber) => {
			if (pageNumber !== 1 && arrived.length === 0) arrived = receive(inbox, 2);
		};
		const during = poll(inbox, mark, 'poll');
		inbox.beforePage = undefined;
		mark = during.mark;
		const after = poll(inbox, mark, 'poll');
		expect([...during.ids, ...after.ids]).toEqual([...added, ...arrived]);
		expect(new Set([...during.ids, ...after.ids]).size).toBe(added.length + arrived.length);
	});

	test('the cap: the oldest new ones now, the rest on the next poll', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 4);
		const { mark } = poll(inbox, undefined, 'activation');
		const added = receive(inbox, 25);
		const capped = poll(inbox, mark, 'poll', { cap: 10 });
		expect(capped.ids).toEqual(added.slice(0, 10));
		expect(capped.leftForNextPoll).toBe(15);
		const rest = poll(inbox, capped.mark, 'poll', { cap: 10 });
		const last = poll(inbox, rest.mark, 'poll', { cap: 10 });
		expect([...rest.ids, ...last.ids]).toEqual(added.slice(10));
		expect(last.leftForNextPoll).toBe(0);
	});

	test('a manual run: the newest message only, the mark unchanged', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 9);
		const manual = poll(inbox, '4', 'manual');
		expect(manual.ids).toEqual(['9']);
		expect(manual.mark).toBe('4');
		expect(poll({ order, records: [] }, undefined, 'manual').ids).toEqual([]);
	});

	test('the budget (the newest maxRecords messages) ends a long walk, marked truncated; the newest are emitted', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 2);
		const { mark } = poll(inbox, undefined, 'activation');
		const added = receive(inbox, 700);
		const walked = poll(inbox, mark, 'poll', { maxRecords: 400, cap: 1000 });
		expect(walked.truncated).toBe(true);
		expect(walked.ids.slice(-400)).toEqual(added.slice(-400));
	});

	test('many pages of new messages: each once, oldest first', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 250);
		const { mark } = poll(inbox, undefined, 'activation');
		const added = receive(inbox, 950);
		expect(poll(inbox, mark, 'poll', { cap: 5000 }).ids).toEqual(added);
	});
});

describe('the saved mark', () => {
	test.each([[null], [1003000], ['abc'], [{ id: '5' }], ['-1'], ['']])('%j is not a mark: start afresh', (lastId) => {
		expect(markOf({ lastId, account: 'a' }, 'a')).toEqual({
			afresh: expect.stringContaining('is not one this trigger writes'),
		});
	});
	test("another account's mark: start afresh; a mark saved before marks named their account is kept", () => {
		expect(markOf({ lastId: '17', account: 'a' }, 'b')).toEqual({
			afresh: expect.stringContaining('another gateway account'),
		});
		expect(markOf({ lastId: '0017' }, 'b')).toEqual({ mark: '17' });
		expect(markOf({}, 'b')).toEqual({});
	});
});

describe('the mark kept when a poll is about to emit (another poll may have moved it)', () => {
	const outcome = (ids: string[], mark: string): PollOutcome => ({
		emit: ids.map((ID) => ({ ID })),
		mark,
		leftForNextPoll: 0,
	});
	test('nothing at or below it is emitted, and the mark never moves backwards', () => {
		expect(settledOutcome(outcome(['8', '9', '10', '11'], '11'), '9')).toEqual(outcome(['10', '11'], '11'));
		expect(settledOutcome(outcome(['8', '9'], '9'), '12')).toEqual(outcome([], '12'));
		expect(settledOutcome(outcome(['8'], '8'), undefined)).toEqual(outcome(['8'], '8'));
	});
});

describe('the account key', () => {
	test('one address however it is spelled: scheme and host case, a default port, trailing slashes', () => {
		const key = accountKeyOf('https://api.smsgatewayapi.com', 'client');
		for (const spelling of [
			'HTTPS://API.SMSGatewayAPI.com',
			'https://api.smsgatewayapi.com:443',
			'https://api.smsgatewayapi.com/',
			' https://api.smsgatewayapi.com:443// ',
		]) {
			expect(accountKeyOf(spelling, 'client')).toBe(key);
		}
		expect(accountKeyOf('http://api.smsgatewayapi.com', 'client')).not.toBe(key);
		expect(accountKeyOf('https://api.smsgatewayapi.com:8443', 'client')).not.toBe(key);
		expect(accountKeyOf('https://api.smsgatewayapi.com', 'other')).not.toBe(key);
	});
});
