import fc from 'fast-check';

import { mapWithConcurrency } from '../../nodes/MessagingGateway/concurrency';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapWithConcurrency', () => {
	test('results keep the input order and never more than `limit` run at once, whatever the task durations', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 20 }),
				fc.integer({ min: 1, max: 6 }),
				async (durations, limit) => {
					let running = 0;
					let most = 0;
					const results = await mapWithConcurrency(durations, limit, async (ms, index) => {
						running++;
						most = Math.max(most, running);
						await tick(ms);
						running--;
						return index * 10;
					});
					expect(results).toEqual(durations.map((_, index) => index * 10));
					expect(most).toBeLessThanOrEqual(limit);
					if (durations.length > 0) expect(most).toBe(Math.min(limit, durations.length));
				},
			),
			{ numRuns: 40 },
		);
	});

	test('after a failure no new task starts, and the first failure is thrown', async () => {
		const started: number[] = [];
		const run = mapWithConcurrency([0, 1, 2, 3, 4, 5, 6, 7], 2, async (item) => {
			started.push(item);
			if (item === 1) {
				await tick(1);
				throw new Error('first');
			}
			if (item === 2) {
				await tick(5);
				throw new Error('second');
			}
			await tick(20);
			return item;
		});
		await expect(run).rejects.toThrow('first');
		// 0 and 1 start; 1 fails while 0 still runs, and nothing starts after the failure.
		expect(started).toEqual([0, 1]);
	});

	test('a limit that is not a whole number of at least 1 is refused', async () => {
		await expect(mapWithConcurrency([1], 0, async (item) => item)).rejects.toThrow(RangeError);
		await expect(mapWithConcurrency([1], 1.5, async (item) => item)).rejects.toThrow(RangeError);
	});

	test('no items: no task runs', async () => {
		const task = jest.fn(async (item: number) => item);
		expect(await mapWithConcurrency([], 3, task)).toEqual([]);
		expect(task).not.toHaveBeenCalled();
	});
});
