/** Answers reserved by Get Unanswered with Loop Guard (loop-guard-sends.ts): counted for the other executions, taken by the reserving execution's send, lapsed after two minutes. */
import {
	answersReservedByOthers,
	noteSend,
	reserveAnswer,
} from '../../../../../nodes/MessagingGateway/actions/message/send/loop-guard-sends';

const MINUTE = 60_000;

test("an execution's reservation counts for the others, not for itself", () => {
	reserveAnswer('31610009001', 'a', 0);
	reserveAnswer('31610009001', 'b', 0);
	expect(answersReservedByOthers('31610009001', 'a', 1)).toBe(1);
	expect(answersReservedByOthers('31610009001', 'c', 1)).toBe(2);
	expect(answersReservedByOthers('31610009002', 'c', 1)).toBe(0);
});

test("the reserving execution's send takes its place; another execution's send does not", () => {
	reserveAnswer('31610009003', 'a', 0);
	noteSend('31610009003', 'm-1', 'b', 1);
	expect(answersReservedByOthers('31610009003', 'c', 2)).toBe(1);
	noteSend('31610009003', 'm-2', 'a', 3);
	expect(answersReservedByOthers('31610009003', 'c', 4)).toBe(0);
});

test('a reservation no send took lapses after two minutes', () => {
	reserveAnswer('31610009004', 'a', 0);
	expect(answersReservedByOthers('31610009004', 'b', 2 * MINUTE - 1)).toBe(1);
	expect(answersReservedByOthers('31610009004', 'b', 2 * MINUTE)).toBe(0);
});
