/** Bounded concurrency for the nodes' own work: Send's requests and the trigger's forwards to waiting questions. */

/**
 * Runs `task` over `items` with at most `limit` running at once; results keep the input order.
 * After a task fails, no new task starts and the first failure is thrown once the running ones end.
 */
export async function mapWithConcurrency<T, R>(
	items: readonly T[],
	limit: number,
	task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
	if (!Number.isInteger(limit) || limit < 1)
		throw new RangeError(`concurrency must be a whole number of at least 1, not ${limit}`);
	const results = new Array<R>(items.length);
	let next = 0;
	let failure: { error: unknown } | undefined;
	const worker = async () => {
		while (failure === undefined && next < items.length) {
			const index = next++;
			try {
				results[index] = await task(items[index], index);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	const workers = Math.min(limit, items.length);
	await Promise.all(Array.from({ length: workers }, worker));
	if (failure) throw failure.error;
	return results;
}
