/** What a value from an expression is, in words for error messages (shared by the request builders). */

import { explained } from './error-text';

/** What a value is, for messages: "no value", "null", "an object", "an array", "a boolean", … */
export function describeValue(value: unknown): string {
	if (value === undefined) return 'no value (undefined)';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (value instanceof Date) return 'a date';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
	return `a ${typeof value}`;
}

/** A value as an error message shows it: a number as itself (`0`, `-1`), a text in quotes, anything else in words. */
export function shownValue(value: unknown): string {
	if (typeof value === 'string') return `"${value}"`;
	if (typeof value === 'number') return String(value);
	return describeValue(value);
}

/**
 * What a value is, with a hint where the value is missing: an expression that found nothing is the
 * usual cause, and the fix is in the expression or in the item it reads.
 */
export function got(value: unknown): string {
	const what = describeValue(value);
	return value === undefined || value === null
		? explained(what, "Check the field's expression, or that the previous node's item has the field it reads.")
		: what;
}

/** Item numbers for a message, in order, runs of three or more as ranges: "0–149, 151, 153–454". */
export function itemNumbers(numbers: number[]): string {
	const sorted = [...numbers].sort((a, b) => a - b);
	const parts: string[] = [];
	for (let start = 0; start < sorted.length; ) {
		let end = start;
		while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end += 1;
		if (end - start >= 2) parts.push(`${sorted[start]}–${sorted[end]}`);
		else parts.push(...sorted.slice(start, end + 1).map(String));
		start = end + 1;
	}
	return parts.join(', ');
}
