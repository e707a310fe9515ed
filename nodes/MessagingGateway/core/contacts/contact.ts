/**
 * The body of `POST /v1/contact` (docs/contacts-and-groups.md): one contact from the values the
 * node's parameters resolved to, every field checked before anything is sent. The field names are
 * the gateway's (`phone`, `groupid`, `firstname`, `lastname`, `birthday`, `extra1` … `extra8`,
 * `unsubscribed`).
 */
import { readNumberValue } from '../numbers/number-value';
import type { NumberContext } from '../numbers/phone';
import { got } from '../values';
import { readGroupId } from './group';

export const CONTACT_EXTRA_FIELDS = [
	'extra1',
	'extra2',
	'extra3',
	'extra4',
	'extra5',
	'extra6',
	'extra7',
	'extra8',
] as const;
const TEXT_FIELDS = ['firstname', 'lastname', ...CONTACT_EXTRA_FIELDS] as const;

/** What the parameters resolved to; an optional key that is present was set by the user. */
export interface ContactInput {
	phone: unknown;
	groupId: unknown;
	firstname?: unknown;
	lastname?: unknown;
	birthday?: unknown;
	unsubscribed?: unknown;
	[extra: string]: unknown;
}

export type ContactBody = { phone: string; groupid: string; birthday?: string; unsubscribed?: boolean } & {
	[field: string]: string | boolean | undefined;
};

export type BuildContactResult = { ok: true; body: ContactBody } | { ok: false; field: string; error: string };

const refused = (field: string, error: string): BuildContactResult => ({ ok: false, field, error });

/** `yyyy-MM-dd` and a real calendar day; a date-time (the editor's date picker) gives its date part. */
function birthdayOf(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const day = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
	if (!day) return undefined;
	const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
	return date.toISOString().slice(0, 10) === day.slice(1, 4).join('-') ? day.slice(1, 4).join('-') : undefined;
}

/** The optional fields that are set, checked: text fields as text, the birthday as a day, Unsubscribed as a boolean. */
function optionalFields(
	input: ContactInput,
): { ok: true; fields: Record<string, string | boolean> } | { ok: false; field: string; error: string } {
	const fields: Record<string, string | boolean> = {};
	for (const field of TEXT_FIELDS) {
		// A key that is present was set by the user: undefined or null there is an expression that found nothing.
		if (!(field in input) || input[field] === '') continue;
		const value = input[field];
		if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value)))
			return { ok: false, field, error: `expected text but got ${got(value)}` };
		fields[field] = String(value);
	}
	if ('birthday' in input && input.birthday !== '') {
		const birthday = birthdayOf(input.birthday);
		if (!birthday)
			return {
				ok: false,
				field: 'birthday',
				error: `"${String(input.birthday)}" is not a date written yyyy-MM-dd (e.g. 1990-12-31)`,
			};
		fields.birthday = birthday;
	}
	if ('unsubscribed' in input) {
		if (typeof input.unsubscribed !== 'boolean')
			return { ok: false, field: 'unsubscribed', error: `expected true or false but got ${got(input.unsubscribed)}` };
		fields.unsubscribed = input.unsubscribed;
	}
	return { ok: true, fields };
}

export function buildContact(input: ContactInput, numbers?: NumberContext): BuildContactResult {
	const phone = readNumberValue(input.phone, numbers);
	if (!phone.ok) return refused('phone', phone.error);
	const group = readGroupId(input.groupId);
	if (!group.ok) return refused('groupId', group.error);
	const optional = optionalFields(input);
	if (!optional.ok) return optional;
	return { ok: true, body: { phone: phone.digits, groupid: group.id, ...optional.fields } };
}
