/**
 * The gateway's read-only message lists (docs/emulator.md#inbox-conversation-and-history): the
 * inbox (all numbers or one), the conversation with one number (both directions) and the sent
 * history with each message's status, paged by emulator/paging.ts.
 */
import { DELIVERY_CODES } from '../../nodes/MessagingGateway/core/codes';
import { formatZoned } from '../../nodes/MessagingGateway/core/sending/schedule';
import { apiError } from '../http';
import { INBOX_TYPES, type InboxType } from '../../nodes/MessagingGateway/core/lists/calls';
import type { StoredInbound } from '../inbox';
import { pagedAnswer } from '../paging';
import type { SentMessage } from '../types';
import type { ApiCall } from './api-call';

/** The documented answer's `status` of a sent message: its delivery code's name, e.g. `DELIVERED`. */
const statusOf = (message: SentMessage) => DELIVERY_CODES[message.deliveryCode]?.name ?? 'UNKNOWN';

/** `GET /v1/message/inbox` and `/v1/message/inbox/{inbox_nr}`: items without `receiver` on the second, as documented. */
export function inboxAnswer({ url, params, state }: ApiCall) {
	// An empty `type=` means no filter, as with every optional field.
	const type = url.searchParams.get('type') || null;
	if (type !== null && !INBOX_TYPES.includes(type as InboxType))
		throw apiError('139', `type must be one of: ${INBOX_TYPES.join(', ')}`);
	const inboxNr = params[0] as string | undefined;
	const { messages, order } = state.inbox;
	if (
		inboxNr !== undefined &&
		inboxNr !== state.account.virtualNumber &&
		!messages.some((message) => message.receiver === inboxNr)
	) {
		throw apiError('132', 'Inbox not found');
	}
	const listed = messages.filter(
		(message) => (type === null || message.type === type) && (inboxNr === undefined || message.receiver === inboxNr),
	);
	if (order === 'newestFirst') listed.reverse();
	const items = listed.map(({ ID, message, sender, type, date, receiver }) =>
		inboxNr === undefined ? { ID, message, sender, type, date, receiver } : { ID, message, sender, type, date },
	);
	return pagedAnswer(items, url.searchParams, 'messages');
}

/** The sent messages the lists show: all, or with `listingDelayMs` those accepted at least that long ago (oldest first). */
function listedSends(state: ApiCall['state']): SentMessage[] {
	const { listingDelayMs } = state.settings;
	if (listingDelayMs === 0) return state.messages;
	const until = Date.now() - listingDelayMs;
	const listed = state.messages.findIndex((message) => Date.parse(message.created) > until);
	return listed === -1 ? state.messages : state.messages.slice(0, listed);
}

/** `05 jun 2025, 08:44:46`: the conversation list's `datetime`, in the account's zone. */
function conversationDate(at: number, timeZone: string): string {
	const [date, time] = formatZoned(new Date(at), timeZone).local.split(' ');
	const [year, month, day] = date.split('-');
	const name = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'][Number(month) - 1];
	return `${day} ${name} ${year}, ${time}`;
}

/** `GET /v1/conversation/{phone}`: what `phone` sent to the account and what was sent to it, oldest first. */
export function conversationAnswer({ url, params, state }: ApiCall) {
	const phone = (params[0] ?? '').replace(/[\s+()-]/g, '');
	if (!/^\d{6,15}$/.test(phone)) throw apiError('103', 'Invalid phone number');
	const { timezone } = state.account;
	const item = (at: number, fields: Record<string, unknown>) => ({
		...fields,
		file: null,
		datetime: conversationDate(at, timezone),
		unixDatetime: Math.floor(at / 1000),
	});
	const inbound = state.inbox.messages
		.filter((message: StoredInbound) => message.sender === phone)
		.map((message) => ({
			at: message.at,
			entry: item(message.at, {
				messageId: null,
				direction: 'inbound',
				sender: message.sender,
				receiver: message.receiver,
				message: message.message,
				deliveryStatus: null,
			}),
		}));
	const outbound = listedSends(state)
		.filter((message) => message.to === phone && !message.test)
		.map((message) => {
			const at = Date.parse(message.created);
			const fields = {
				messageId: message.messageid,
				direction: 'outbound',
				sender: message.sender,
				receiver: message.to,
				message: message.content,
				deliveryStatus: statusOf(message),
			};
			return { at, entry: item(at, fields) };
		});
	const thread = [...inbound, ...outbound].sort((a, b) => a.at - b.at).map(({ entry }) => entry);
	return pagedAnswer(thread, url.searchParams, 'conversation');
}

/** `GET /v1/message/history`: one entry per sent message (test sends left out), oldest first, with its status. */
export function historyAnswer({ url, state }: ApiCall) {
	const { timezone } = state.account;
	const listed = listedSends(state).length;
	const entries = state.messages
		.slice(0, listed)
		.map((message, index) => ({ message, ID: String(19_000_000 + index + 1) }))
		.filter(({ message }) => !message.test)
		.map(({ message, ID }) => ({
			ID,
			message: message.content,
			to: message.to,
			sender: message.sender,
			date: formatZoned(new Date(message.created), timezone).local,
			amount: String(message.segments ?? 1),
			type: message.messageType === 'voice' ? 'voice' : 'single',
			status: statusOf(message),
		}));
	return pagedAnswer(entries, url.searchParams, 'messages');
}
