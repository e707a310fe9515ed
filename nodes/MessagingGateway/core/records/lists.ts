/**
 * The gateway's message lists as calls (docs/inbox-and-history.md): the inbox (all numbers, or one
 * of the account's numbers), one number's conversation and the sent history; each value checked.
 */
import { normalizePhoneNumber, type BareNumberRule } from '../numbers/phone';
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
	| { ok: false; field: 'inboxNumber' | 'type' | 'phone'; error: string };

/** Whether an inbox record fits the filters: a `type` or `receiver` it lists that differs from the filter's is left out. */
function fitsInboxFilters(record: unknown, type: string | undefined, digits: string | undefined): boolean {
	if (!isObject(record)) return true;
	if (type !== undefined && typeof record.type === 'string' && record.type.trim().toLowerCase() !== type) return false;
	const receiver = typeof record.receiver === 'string' || typeof record.receiver === 'number' ? String(record.receiver).replace(/\D/g, '') : '';
	return digits === undefined || receiver === '' || receiver === digits;
}

/** A number written any way people write it, as the international digits a path takes. */
function digitsOf(value: unknown, bare: BareNumberRule | undefined): { ok: true; digits: string } | { ok: false; error: string } {
	if (typeof value !== 'string' && typeof value !== 'number') return { ok: false, error: `must be a phone number (got ${JSON.stringify(value)})` };
	return normalizePhoneNumber(String(value), undefined, bare);
}

/** `GET /v1/message/inbox`, or `/v1/message/inbox/{inbox_nr}` for one number; `type` filters sms / whatsapp / call. */
export function inboxCall(filters: { inboxNumber?: unknown; type?: unknown }, bare?: BareNumberRule): ListCall {
	const { inboxNumber, type } = filters;
	if (type !== undefined && type !== '' && !INBOX_TYPES.includes(type as InboxType)) {
		return { ok: false, field: 'type', error: `must be one of ${INBOX_TYPES.join(', ')} (got ${JSON.stringify(type)})` };
	}
	const query: Record<string, string> = type ? { type: type as string } : {};
	const kind = type ? (type as string) : undefined;
	if (inboxNumber === undefined || inboxNumber === '') return { ok: true, path: '/v1/message/inbox', query, listKey: 'messages', keep: (record) => fitsInboxFilters(record, kind, undefined) };
	const number = digitsOf(inboxNumber, bare);
	if (!number.ok) return { ok: false, field: 'inboxNumber', error: number.error };
	const { digits } = number;
	return { ok: true, path: `/v1/message/inbox/${digits}`, query, listKey: 'messages', keep: (record) => fitsInboxFilters(record, kind, digits) };
}

const INBOX_TYPE_WORDS: Record<InboxType, string> = { sms: 'SMS', whatsapp: 'WhatsApp messages', call: 'forwarded calls' };

/** What an inbox call reads, in words: "SMS received on 3197010000001", "messages of any type received on any number of the account". */
export function inboxCallInWords(call: Extract<ListCall, { ok: true }>): string {
	const number = call.path.split('/')[4];
	const what = call.query.type ? INBOX_TYPE_WORDS[call.query.type as InboxType] : 'messages of any type';
	return `${what} received on ${number ?? 'any number of the account'}`;
}

/** `GET /v1/conversation/{phone}`: both directions of the thread with one number. */
export function conversationCall(phone: unknown, bare?: BareNumberRule): ListCall {
	if (phone === undefined || phone === '') return { ok: false, field: 'phone', error: 'is required' };
	const number = digitsOf(phone, bare);
	if (!number.ok) return { ok: false, field: 'phone', error: number.error };
	return { ok: true, path: `/v1/conversation/${number.digits}`, query: {}, listKey: 'conversation' };
}

/** `GET /v1/message/history`: the sent messages with their status. */
export const historyCall = (): ListCall => ({ ok: true, path: '/v1/message/history', query: {}, listKey: 'messages' });
