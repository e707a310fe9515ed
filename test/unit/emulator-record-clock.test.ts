/**
 * The emulator's record clock (emulator/state.ts `recordInstant`): the instant a sent message is accepted and a
 * received one arrives. Two records never share a millisecond, so the conversation list, which orders by it, shows
 * an answer and the reply that followed it in the order they happened (they were a millisecond apart or less, and a
 * tie put the reply first).
 */
import { createState } from '../../emulator/state';

test('a thousand instants taken at once are each later than the one before, and none before the wall clock', () => {
	const state = createState({});
	const before = Date.now();
	const instants = Array.from({ length: 1000 }, () => state.recordInstant());
	expect(instants[0]).toBeGreaterThanOrEqual(before);
	expect(instants.filter((instant, i) => i > 0 && instant <= instants[i - 1])).toEqual([]);
	// Ahead of the wall clock by at most the instants taken within one millisecond.
	expect(instants.at(-1)! - Date.now()).toBeLessThanOrEqual(1000);
});
