/** A JSON object: not null, not an array. Shared by the core's readers and the emulator. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
