/**
 * unansweredOf: the incoming messages after the last outgoing one, oldest first, and whether one came in after a
 * second. Records have the fields the gateway documents for its conversation list (docs/inbox-and-history.md).
 */
import { unansweredOf } from '../../../../nodes/MessagingGateway/core/lists/unanswered';

const T = 1_749_113_086;
const inbound = (message: string, unixDatetime: number | string) => ({
	messageId: null,
	direction: 'inbound',
	sender: '31612345678',
	receiver: '3197010000001',
	message,
	unixDatetime,
});
const outbound = (message: string, unixDatetime: number) => ({
	messageId: `id${unixDatetime}`,
	direction: 'outbound',
	sender: 'Shop',
	receiver: '31612345678',
	message,
	unixDatetime,
});
const thread = [
	inbound('Hi', T),
	outbound('Hello, how can I help?', T + 5),
	inbound('I ordered', T + 20),
	inbound('a blue lamp', T + 21),
	inbound('where is it?', T + 23),
];

test('the incoming messages after our last answer, oldest first, their texts one per line', () => {
	const result = unansweredOf(thread, T + 23);
	expect(result).toEqual({
		ok: true,
		messages: thread.slice(2),
		text: 'I ordered\na blue lamp\nwhere is it?',
		count: 3,
		isLatest: true,
	});
});

test('a list newest first gives the same answer', () => {
	expect(unansweredOf([...thread].reverse(), T + 23)).toEqual(unansweredOf(thread, T + 23));
});

test('isLatest: false when a message came in after Received At; true without Received At', () => {
	expect(unansweredOf(thread, T + 20)).toMatchObject({ ok: true, count: 3, isLatest: false });
	expect(unansweredOf(thread, T + 22.9)).toMatchObject({ isLatest: false });
	// A fraction of a second is cut: the list counts whole seconds.
	expect(unansweredOf(thread, T + 23.7)).toMatchObject({ isLatest: true });
	expect(unansweredOf(thread)).toMatchObject({ isLatest: true });
});

test('two messages in the same second: both are the latest', () => {
	const burst = [...thread, inbound('and the bill', T + 23)];
	expect(unansweredOf(burst, T + 23)).toMatchObject({ count: 4, isLatest: true, text: expect.stringMatching(/bill$/) });
});

test('within one second the list order counts, read oldest first', () => {
	const sameSecond = [inbound('question', T), outbound('answer', T)];
	expect(unansweredOf(sameSecond)).toMatchObject({ count: 0, messages: [] });
	expect(unansweredOf([outbound('answer', T), inbound('question', T)])).toMatchObject({ count: 1 }); // Newest first (the first record is newer than the last): read backwards, so the question came before the answer.
	expect(unansweredOf([inbound('and then?', T + 1), outbound('answer', T), inbound('question', T)])).toMatchObject({
		text: 'and then?',
	});
});

test('after our answer nothing is unanswered; a thread we never answered is unanswered whole', () => {
	expect(unansweredOf([...thread, outbound('It comes today', T + 30)], T + 23)).toMatchObject({
		ok: true,
		messages: [],
		text: '',
		count: 0,
		isLatest: true,
	});
	expect(unansweredOf([inbound('a', T), inbound('b', T + 1)])).toMatchObject({ count: 2, text: 'a\nb' });
	expect(unansweredOf([])).toEqual({ ok: true, messages: [], text: '', count: 0, isLatest: true });
});

test('a time written as digits is read; a record without a direction or a time is refused, by its place', () => {
	expect(unansweredOf([inbound('a', String(T)), inbound('b', T + 1)], T)).toMatchObject({ isLatest: false });
	expect(unansweredOf([inbound('a', T), { ...inbound('b', T), direction: 'in' }])).toEqual({
		ok: false,
		error: 'record 1 of the conversation has no direction "inbound" or "outbound" ("in")',
	});
	expect(unansweredOf([inbound('a', '05 jun 2025')])).toEqual({
		ok: false,
		error: 'record 0 of the conversation has no unixDatetime in seconds ("05 jun 2025")',
	});
	expect(unansweredOf(['x'])).toEqual({ ok: false, error: 'record 0 of the conversation is not an object' });
});
