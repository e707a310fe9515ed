/** Builds the body of `POST /v1/message/send` from what the user entered, refusing bad input first. */
import { parseRecipients } from './phone';
import { formatScheduleDate } from './schedule';
import { countSegments, type SegmentCount } from './segments';

export const MAX_SENDER_NAME_LENGTH = 11;
export const MAX_SENDER_DIGITS = 14;
export const MAX_REFERENCE_LENGTH = 255;

export interface SendInput {
	sender: string;
	/** One number, several separated by commas, or a list. */
	to: string | readonly string[];
	message: string;
	/** Schedule: wall-clock time in the account's time zone, or an instant with an offset. */
	date?: string;
	reference?: string;
	test?: boolean;
	subId?: string;
}

export interface SendRequestBody {
	message: string;
	to: string | string[];
	sender: string;
	date?: string;
	reference?: string;
	test?: boolean;
	subid?: string;
}

export type BuildSendResult =
	| { ok: true; body: SendRequestBody; recipients: string[]; length: SegmentCount }
	| { ok: false; field: keyof SendInput; error: string };

export function validateSender(sender: string): string | undefined {
	if (sender.trim() === '') return 'the sender is empty';
	if (/^\+?\d+$/.test(sender)) {
		const digits = sender.replace('+', '').length;
		if (digits > MAX_SENDER_DIGITS) {
			return `the sender number has ${digits} digits; at most ${MAX_SENDER_DIGITS} are allowed`;
		}
		return undefined;
	}
	if ([...sender].length > MAX_SENDER_NAME_LENGTH) {
		return `the sender name "${sender}" has ${[...sender].length} characters; at most ${MAX_SENDER_NAME_LENGTH} are allowed (or use a number of up to ${MAX_SENDER_DIGITS} digits)`;
	}
	return undefined;
}

export function buildSendRequest(input: SendInput, context: { timeZone: string; now: Date }): BuildSendResult {
	const senderError = validateSender(input.sender);
	if (senderError) return { ok: false, field: 'sender', error: senderError };

	const recipients = parseRecipients(input.to);
	if (!recipients.ok) return { ok: false, field: 'to', error: recipients.error };

	if (input.message.trim() === '') return { ok: false, field: 'message', error: 'the message is empty' };

	const body: SendRequestBody = {
		message: input.message,
		to: recipients.numbers.length === 1 ? recipients.numbers[0] : recipients.numbers,
		sender: input.sender,
	};
	if (input.date !== undefined && input.date !== '') {
		const schedule = formatScheduleDate(input.date, context.timeZone, context.now);
		if (!schedule.ok) return { ok: false, field: 'date', error: schedule.error };
		body.date = schedule.date;
	}
	if (input.reference !== undefined && input.reference !== '') {
		if (input.reference.length > MAX_REFERENCE_LENGTH) {
			return {
				ok: false,
				field: 'reference',
				error: `the reference has ${input.reference.length} characters; at most ${MAX_REFERENCE_LENGTH} are allowed`,
			};
		}
		body.reference = input.reference;
	}
	if (input.test !== undefined) body.test = input.test;
	if (input.subId !== undefined && input.subId !== '') body.subid = input.subId;

	return { ok: true, body, recipients: recipients.numbers, length: countSegments(input.message) };
}
