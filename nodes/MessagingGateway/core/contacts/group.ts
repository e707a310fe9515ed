/**
 * Groups of contacts (docs/contacts-and-groups.md): a group's id, and the groups list read in either
 * shape the gateway may answer (`GET /v1/groups`: a bare array of `{ ID, name }`, or an envelope with
 * a `groups` list; only one third-party client shows it, so the shape is not certain).
 */
import { isObject } from '../objects';
import { got } from '../values';
import { explained } from '../error-text';

/** A group's id as the gateway hands it out: a whole number, written as digits (e.g. "4821"). */
const GROUP_ID_PATTERN = /^\d{1,18}$/;

export type GroupIdReading = { ok: true; id: string } | { ok: false; error: string };

/** A group id from a parameter: digits, or a whole number; anything else says what it was. */
export function readGroupId(value: unknown): GroupIdReading {
	if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return { ok: true, id: String(value) };
	if (typeof value !== 'string') return { ok: false, error: `expected a group ID but got ${got(value)}` };
	const id = value.trim();
	if (id === '') return { ok: false, error: 'no group given: pick one from the list or enter its ID' };
	if (!GROUP_ID_PATTERN.test(id))
		return {
			ok: false,
			error: explained(
				`"${value}" is not a group ID`,
				"A group's ID is a number, e.g. 4821: pick the group from the list to use its ID.",
			),
		};
	return { ok: true, id };
}

export interface GroupEntry {
	ID: string;
	name: string;
}

/** The records of a groups answer: a bare array or `{ groups: [...] }`; entries without an ID are left out. */
export function groupsOf(answer: unknown): GroupEntry[] {
	const list = Array.isArray(answer) ? answer : isObject(answer) && Array.isArray(answer.groups) ? answer.groups : [];
	return list
		.filter(
			(entry): entry is Record<string, unknown> =>
				isObject(entry) && (typeof entry.ID === 'string' || typeof entry.ID === 'number'),
		)
		.map((entry) => ({ ID: String(entry.ID), name: typeof entry.name === 'string' ? entry.name : '' }));
}
