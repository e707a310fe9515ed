/** Bounded concurrency for the nodes' own work: Send's requests, the trigger's forwards to waiting questions, Loop Guard's one send at a time per number. */

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

/** The tail of each key's queue: kept only while something holds or waits for the key. */
const queues = new Map<string, Promise<void>>();

/**
 * Waits until nothing else in this process holds `key`, then holds it: the returned function lets the next
 * waiter go. Several keys are taken in sorted order, so two holders of overlapping keys never wait on each other.
 */
export async function holdKeys(keys: readonly string[]): Promise<() => void> {
	const releases: Array<() => void> = [];
	for (const key of [...new Set(keys)].sort()) {
		const previous = queues.get(key) ?? Promise.resolve();
		let release!: () => void;
		const held = new Promise<void>((resolve) => (release = resolve));
		const tail = previous.then(() => held);
		queues.set(key, tail);
		await previous;
		releases.push(() => {
			release();
			if (queues.get(key) === tail) queues.delete(key);
		});
	}
	return () => {
		for (const release of releases) release();
	};
}
