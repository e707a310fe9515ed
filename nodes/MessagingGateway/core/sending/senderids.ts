/**
 * Reads the list of sender IDs out of a `GET /v1/senderids` answer. The answer's shape is not
 * documented (docs/gateway-api.md): a list of names, or of objects naming the sender, at the top
 * or under one key, are all taken.
 */
import { isObject } from '../objects';
import { SENDER_NUMBER_PATTERN } from './rules';

export interface SenderId {
	sender: string;
	/** Any other text the gateway gives about it (e.g. an approval status). */
	detail?: string;
}

const NAME_KEYS = ['senderid', 'sender_id', 'sender', 'name', 'value', 'id'] as const;
const DETAIL_KEYS = ['status', 'type', 'description'] as const;

function entryOf(entry: unknown): SenderId | undefined {
	if (typeof entry === 'string' || typeof entry === 'number')
		return String(entry) === '' ? undefined : { sender: String(entry) };
	if (!isObject(entry)) return undefined;
	const name = NAME_KEYS.map((key) => entry[key]).find((value) => typeof value === 'string' && value !== '');
	if (typeof name !== 'string') return undefined;
	const detail = DETAIL_KEYS.map((key) => entry[key]).find((value) => typeof value === 'string' && value !== '');
	return typeof detail === 'string' ? { sender: name, detail } : { sender: name };
}

export function parseSenderIds(response: unknown): SenderId[] {
	const list = Array.isArray(response)
		? response
		: isObject(response)
			? Object.values(response).find(Array.isArray)
			: undefined;
	return (list ?? []).map(entryOf).filter((entry): entry is SenderId => entry !== undefined);
}

/** The senders whose name contains `filter` (case-insensitive), in the gateway's order. */
export function filterSenderIds(senders: readonly SenderId[], filter?: string): SenderId[] {
	const needle = (filter ?? '').trim().toLowerCase();
	return needle === '' ? [...senders] : senders.filter((entry) => entry.sender.toLowerCase().includes(needle));
}

/** Whether a reply can reach this sender: a number of the account (nobody can reply to a name). */
export const canReceiveReplies = (entry: SenderId) => SENDER_NUMBER_PATTERN.test(entry.sender);
