/**
 * Every list of the gateway as a call (docs/inbox-and-history.md, docs/contacts-and-groups.md): the inbox
 * (all numbers, or one of the account's numbers), one number's conversation, the sent history, the
 * contacts (of one group) and the groups; each value checked. Paths and list keys are written here only.
 */
import { readGroupId } from '../contacts/group';
import { readNumberValue } from '../numbers/number-value';
import type { NumberContext } from '../numbers/phone';
import { isObject } from '../objects';

/** The kinds of received message the inbox lists and filters on. */
export const INBOX_TYPES = ['sms', 'whatsapp', 'call'] as const;
export type InboxType = (typeof INBOX_TYPES)[number];

/**
 * A list call: its path, filters and the key its records come under, and which records the filters keep (a
 * gateway may ignore a filter: the records it should not have listed are left out); or the field refused and why.
 */
export type ListCall =
	| { ok: true; path: string; query: Record<string, string>; listKey: string; keep?: (record: unknown) => boolean }
	| { ok: false; field: 'inboxNumber' | 'type' | 'phone' | 'groupId'; error: string };

/** A list call whose values were all accepted. */
export type ReadyCall = Extract<ListCall, { ok: true }>;

/** Whether an inbox record fits the filters: a `type` or `receiver` it lists that differs from the filter's is left out. */
function fitsInboxFilters(record: unknown, type: string | undefined, digits: string | undefined): boolean {
	if (!isObject(record)) return true;
	if (type !== undefined && typeof record.type === 'string' && record.type.trim().toLowerCase() !== type) return false;
	const receiver =
		typeof record.receiver === 'string' || typeof record.receiver === 'number'
			? String(record.receiver).replace(/\D/g, '')
			: '';
	return digits === undefined || receiver === '' || receiver === digits;
}

/** `GET /v1/message/inbox`, or `/v1/message/inbox/{inbox_nr}` for one number; `type` filters sms / whatsapp / call. */
export function inboxCall(filters: { inboxNumber?: unknown; type?: unknown }, numbers?: NumberContext): ListCall {
	const { inboxNumber, type } = filters;
	if (type !== undefined && type !== '' && !INBOX_TYPES.includes(type as InboxType)) {
		return {
			ok: false,
			field: 'type',
			error: `must be one of ${INBOX_TYPES.join(', ')} (got ${JSON.stringify(type)})`,
		};
	}
	const query: Record<string, string> = type ? { type: type as string } : {};
	const kind = type ? (type as string) : undefined;
	if (inboxNumber === undefined || inboxNumber === '')
		return {
			ok: true,
			path: '/v1/message/inbox',
			query,
			listKey: 'messages',
			keep: (record) => fitsInboxFilters(record, kind, undefined),
		};
	const number = readNumberValue(inboxNumber, numbers);
	if (!number.ok) return { ok: false, field: 'inboxNumber', error: number.error };
	const { digits } = number;
	return {
		ok: true,
		path: `/v1/message/inbox/${digits}`,
		query,
		listKey: 'messages',
		keep: (record) => fitsInboxFilters(record, kind, digits),
	};
}

const INBOX_TYPE_WORDS: Record<InboxType, string> = {
	sms: 'SMS',
	whatsapp: 'WhatsApp messages',
	call: 'forwarded calls',
};

/** What an inbox call reads, in words: "SMS received on 3197010000001", "messages of any type received on any number of the account". */
export function inboxCallInWords(call: ReadyCall): string {
	const number = call.path.split('/')[4];
	const what = call.query.type ? INBOX_TYPE_WORDS[call.query.type as InboxType] : 'messages of any type';
	return `${what} received on ${number ?? 'any number of the account'}`;
}

/** `GET /v1/conversation/{phone}`: both directions of the thread with one number. */
export function conversationCall(phone: unknown, numbers?: NumberContext): ListCall {
	if (phone === undefined || phone === '') return { ok: false, field: 'phone', error: 'is required' };
	const number = readNumberValue(phone, numbers);
	if (!number.ok) return { ok: false, field: 'phone', error: number.error };
	return { ok: true, path: `/v1/conversation/${number.digits}`, query: {}, listKey: 'conversation' };
}

/** `GET /v1/message/history`: the sent messages with their status. */
export const historyCall = (): ReadyCall => ({ ok: true, path: '/v1/message/history', query: {}, listKey: 'messages' });

/** `GET /v1/contact`, or only one group's contacts (`groupid`) when a group is given; a group that is no group ID is refused. */
export function contactsCall(groupId?: unknown): ListCall {
	if (groupId === undefined) return { ok: true, path: '/v1/contact', query: {}, listKey: 'contacts' };
	const group = readGroupId(groupId);
	if (!group.ok) return { ok: false, field: 'groupId', error: group.error };
	return { ok: true, path: '/v1/contact', query: { groupid: group.id }, listKey: 'contacts' };
}

/** `GET /v1/groups`: the account's groups (a bare array or a `groups` envelope, core/contacts/group.ts). */
export const groupsCall = (): ReadyCall => ({ ok: true, path: '/v1/groups', query: {}, listKey: 'groups' });
