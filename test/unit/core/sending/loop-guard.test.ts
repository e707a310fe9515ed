/**
 * Loop Guard's rule: the option's values, and our messages counted within the window. Records have the fields the
 * gateway documents for its conversation list (`direction`, `unixDatetime` in whole seconds).
 */
import { loopGuardOf, sentWithin, unlistedSends } from '../../../../nodes/MessagingGateway/core/sending/loop-guard';

const NOW = new Date('2026-11-28T10:00:00.400Z');
const nowSeconds = Date.UTC(2026, 10, 28, 10, 0, 0) / 1000;
const record = (direction: string, secondsAgo: number) => ({
	messageId: direction === 'outbound' ? `id${secondsAgo}` : null,
	direction,
	message: 'hi',
	unixDatetime: nowSeconds - secondsAgo,
});

test('counts only outgoing records no older than the window (10 minutes = 600 s, the boundary second included)', () => {
	const records = [
		record('outbound', 601),
		record('outbound', 600),
		record('inbound', 300),
		record('outbound', 299),
		record('outbound', 0),
		record('inbound', 0),
	];
	expect(sentWithin(records, NOW, 10)).toEqual({ ok: true, count: 3 });
	expect(sentWithin(records, NOW, 1)).toEqual({ ok: true, count: 1 });
	expect(sentWithin([], NOW, 10)).toEqual({ ok: true, count: 0 });
});

test('a record without a direction or a time is refused, naming it', () => {
	expect(sentWithin([record('outbound', 1), { direction: 'outbound' }], NOW, 10)).toEqual({
		ok: false,
		error: 'record 1 of the conversation has no unixDatetime in seconds (undefined)',
	});
});

test('the option: defaults 5 in 10 minutes, Skip; digits from an expression; values out of range refused', () => {
	expect(loopGuardOf({})).toEqual({ maxMessages: 5, withinMinutes: 10, mode: 'skip' });
	expect(loopGuardOf({ maxMessages: '3', withinMinutes: 60, mode: 'error' })).toEqual({
		maxMessages: 3,
		withinMinutes: 60,
		mode: 'error',
	});
	expect(loopGuardOf({ maxMessages: 1.5 })).toEqual({
		error: 'Max Messages must be a whole number from 1 to 1000; got 1.5',
	});
	expect(loopGuardOf({ withinMinutes: 0 })).toEqual({ error: 'Minutes must be a whole number from 1 to 43200; got 0' });
	expect(loopGuardOf({ mode: 'defer' })).toEqual({ error: 'Mode must be skip or error; got "defer"' });
});

describe('our own sends the conversation does not list yet', () => {
	const ours = (id: string, secondsAgo: number) => ({ id, at: (nowSeconds - secondsAgo) * 1000 + 200 });

	test('a send is listed by its messageId; the others count besides the records within the window', () => {
		const sends = [ours('id5', 5), ours('new1', 1), ours('old', 700)];
		const unlisted = unlistedSends([record('outbound', 5), record('inbound', 2)], sends);
		expect(unlisted).toEqual([ours('new1', 1), ours('old', 700)]);
		expect(sentWithin([record('outbound', 5)], NOW, 10, unlisted)).toEqual({ ok: true, count: 2 });
	});

	test('an outgoing record without messageId is taken for one send of its second or up to a minute later, once', () => {
		const unnamed = (secondsAgo: number) => ({ ...record('outbound', secondsAgo), messageId: null });
		const sends = [ours('a', 10), ours('b', 9), ours('c', 1)];
		expect(unlistedSends([unnamed(9)], sends)).toEqual([ours('b', 9), ours('c', 1)]);
		expect(unlistedSends([unnamed(200)], sends)).toEqual(sends);
	});
});
