/**
 * The emulator's own checks of send requests (SMS and voice): each reads one field and throws the
 * API error its failure answers (docs/gateway-api.md#api-errors). The rules (limits, sender and
 * number rules) are core's; the checking is written apart from the node's pre-flight on purpose,
 * so tests compare two implementations.
 */
import { MAX_RECIPIENTS_PER_REQUEST } from '../../nodes/MessagingGateway/core/sending/batch';
import { internationalNumberProblem } from '../../nodes/MessagingGateway/core/numbers/international';
import {
	MAX_REFERENCE_LENGTH,
	senderRule,
	type SenderProblemKind,
} from '../../nodes/MessagingGateway/core/sending/rules';
import { parseWallClock } from '../../nodes/MessagingGateway/core/sending/schedule';
import { apiError } from '../http';

/**
 * An optional field left empty: real clients send every optional key, `""` or `null` when unused
 * (the vendor's n8n node sends `"date": ""`, `"reference": ""`), and the gateway reads that as absent.
 */
export const isAbsent = (value: unknown) => value === undefined || value === null || value === '';

/** `message`: a text with more than blanks (102). */
export function readMessage(message: unknown): string {
	if (typeof message !== 'string' || message.trim() === '') throw apiError('102', 'No message');
	return message;
}

const SENDER_FAILURES: Record<SenderProblemKind, [code: string, errorMsg: string]> = {
	empty: ['109', 'No sender'],
	invalidCharacter: ['110', 'Sender contains invalid characters'],
	nameTooLong: ['111', 'Sender too long'],
	numberTooLong: ['111', 'Sender too long'],
};

/** `sender`: a name or a number by core's sender rule (109 missing, 110 characters, 111 too long). */
export function readSender(sender: unknown): string {
	const kind = typeof sender === 'string' ? senderRule(sender) : 'empty';
	if (kind) throw apiError(...SENDER_FAILURES[kind]);
	return sender as string;
}

/**
 * `to`: one number or a list; international, digits only, a leading + allowed. 103 not a number, 106
 * not an E.164 number. The gateway documents no limit of recipients per request
 * (docs/gateway-api.md#limits): the emulator assumes MAX_RECIPIENTS_PER_REQUEST and answers more with 113 ("Order problem").
 */
export function readRecipients(to: unknown): string[] {
	const list = typeof to === 'string' ? [to] : Array.isArray(to) ? to : undefined;
	if (!list || list.length === 0) throw apiError('103', 'Invalid phone number');
	if (list.length > MAX_RECIPIENTS_PER_REQUEST)
		throw apiError('113', `Too many recipients: at most ${MAX_RECIPIENTS_PER_REQUEST} per request`);
	return list.map((entry) => {
		const number = typeof entry === 'string' ? entry.replace(/^\+/, '') : '';
		if (!/^\d+$/.test(number)) throw apiError('103', 'Invalid phone number');
		if (internationalNumberProblem(number)) throw apiError('106', 'Invalid phone number');
		return number;
	});
}

/** Grace for a date that became the past while the request travelled. */
const PAST_GRACE_MS = 60_000;

/** `date`: absent (now), or exactly `yyyy-MM-dd HH:mm`, wall-clock time in the account's zone, not in the past (121). */
export function readScheduleDate(date: unknown, timeZone: string, now = Date.now()): Date | undefined {
	if (isAbsent(date)) return undefined;
	const parsed =
		typeof date === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(date)
			? parseWallClock(date, timeZone)
			: undefined;
	if (!parsed?.ok || parsed.instant.getTime() < now - PAST_GRACE_MS)
		throw apiError('121', 'Date invalid or in the past');
	return parsed.instant;
}

/** `reference`: absent, or a text of at most MAX_REFERENCE_LENGTH characters (112). */
export function readReference(reference: unknown): string {
	if (isAbsent(reference)) return '';
	if (typeof reference !== 'string' || reference.length > MAX_REFERENCE_LENGTH) {
		throw apiError('112', `Reference invalid: a text of at most ${MAX_REFERENCE_LENGTH} characters`);
	}
	return reference;
}
