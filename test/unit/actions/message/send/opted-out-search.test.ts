/**
 * The search for opted-out numbers after a 131 (actions/message/send/opted-out.ts) against a gateway that
 * refuses a request holding any opted-out number and sends nothing of it (docs/sending-lawfully.md): for
 * any count and any positions of opted-out numbers, every other recipient is sent exactly once, every
 * opted-out number is found once and never sent, and the requests stay within one per recipient plus a few
 * (issue: 99 opted out of 100 in at most 110 requests, the first refused one included).
 */
import fc from 'fast-check';

import { sendAroundOptedOut } from '../../../../../nodes/MessagingGateway/actions/message/send/opted-out';

/** Runs the search over recipients 0 … n-1 of which `opted` are opted out; the first, refused request is counted too. */
async function search(n: number, opted: ReadonlySet<number>) {
	const sent: number[] = [];
	const found: number[] = [];
	let requests = 1;
	const gateway = async (entries: number[]) => {
		requests++;
		expect(entries.length).toBeGreaterThan(0);
		if (entries.some((entry) => opted.has(entry))) return false;
		sent.push(...entries);
		return true;
	};
	await sendAroundOptedOut(
		Array.from({ length: n }, (_, index) => index),
		gateway,
		(entry) => found.push(entry),
	);
	return { sent, found, requests };
}

/** n recipients and a non-empty set of opted-out positions among them (the first request was refused). */
const cases = fc
	.integer({ min: 1, max: 100 })
	.chain((n) =>
		fc.tuple(fc.constant(n), fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: n })),
	);

test('any count and positions: nobody twice, nobody missed, at most one request per recipient plus a few', async () => {
	await fc.assert(
		fc.asyncProperty(cases, async ([n, positions]) => {
			const opted = new Set(positions);
			const { sent, found, requests } = await search(n, opted);
			const others = Array.from({ length: n }, (_, index) => index).filter((index) => !opted.has(index));
			expect([...sent].sort((a, b) => a - b)).toEqual(others);
			expect([...found].sort((a, b) => a - b)).toEqual([...opted].sort((a, b) => a - b));
			expect(requests).toBeLessThanOrEqual(n + 10);
		}),
		{ numRuns: 200 },
	);
});

test.each([99, 100, 90, 50])('%i of 100 opted out, at any positions: at most 110 requests', async (k) => {
	await fc.assert(
		fc.asyncProperty(
			fc.uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: k, maxLength: k }),
			async (positions) => {
				const { sent, found, requests } = await search(100, new Set(positions));
				expect(sent).toHaveLength(100 - k);
				expect(found).toHaveLength(k);
				expect(requests).toBeLessThanOrEqual(110);
			},
		),
		{ numRuns: 50 },
	);
});

test('the first k or the last k of 100 opted out (the orders a halving search meets worst): at most 110 requests', async () => {
	for (let k = 1; k <= 100; k++) {
		for (const opted of [
			new Set(Array.from({ length: k }, (_, index) => index)),
			new Set(Array.from({ length: k }, (_, index) => 99 - index)),
		]) {
			const { sent, found, requests } = await search(100, opted);
			expect(sent.length + found.length).toBe(100);
			expect(requests).toBeLessThanOrEqual(110);
		}
	}
});
