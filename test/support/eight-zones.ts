/** Numbers in eight time zones in turn (quiet-hours tests and bench): New York, Chicago, Denver, Los Angeles, Phoenix, Honolulu, London, Paris. */
const NUMBER_OF = [
	(index: number) => `1212${2_000_000 + index}`,
	(index: number) => `1312${2_000_000 + index}`,
	(index: number) => `1303${2_000_000 + index}`,
	(index: number) => `1213${2_000_000 + index}`,
	(index: number) => `1602${2_000_000 + index}`,
	(index: number) => `1808${2_000_000 + index}`,
	(index: number) => `447700${100_000 + index}`,
	(index: number) => `33612${String(index).padStart(6, '0')}`,
];

/** `count` items of one recipient each, a different number every time, the zones in turn. */
export const eightZoneItems = (count: number) =>
	Array.from({ length: count }, (_, index) => ({ to: NUMBER_OF[index % NUMBER_OF.length](index) }));
