/**
 * Every text inside a value, for a test that searches a whole object: property names and values of
 * every own property, non-enumerable ones included (an error's `stack`, `cause`, …), nested objects,
 * arrays and causes, Buffers as UTF-8. Unlike JSON.stringify it calls no `toJSON` (n8n's errors
 * have one that leaves fields out) and skips nothing an object holds.
 */
export function everyText(value: unknown): string {
	const texts: string[] = [];
	const seen = new WeakSet<object>();
	const visit = (entry: unknown) => {
		if (typeof entry === 'string') texts.push(entry);
		else if (typeof entry === 'number' || typeof entry === 'bigint' || typeof entry === 'boolean')
			texts.push(String(entry));
		else if (entry instanceof Uint8Array) texts.push(Buffer.from(entry).toString('utf8'));
		else if (typeof entry === 'object' && entry !== null && !seen.has(entry)) {
			seen.add(entry);
			for (const key of Object.getOwnPropertyNames(entry)) {
				texts.push(key);
				visit((entry as Record<string, unknown>)[key]);
			}
		}
	};
	visit(value);
	return texts.join('\n');
}
