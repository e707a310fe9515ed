/**
 * One phone number as a JSON value gives it (a parameter, an expression's result, a field of an item):
 * text, or a whole number; read as international digits (phone.ts), or why it is none.
 */
import { got } from '../values';
import { normalizePhoneNumber, type NumberContext, type NumberResult } from './phone';

/** A phone number from a value: its international digits, or why it is none (not text or a whole number, empty, not a number). */
export function readNumberValue(value: unknown, numbers: NumberContext = {}): NumberResult {
	const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
	if (typeof text !== 'string') return { ok: false, error: `expected a phone number but got ${got(text)}` };
	if (text.trim() === '') return { ok: false, error: 'no number given' };
	return normalizePhoneNumber(text, numbers.defaultCountry, numbers.rule);
}
