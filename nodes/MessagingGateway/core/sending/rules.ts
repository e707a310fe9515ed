/**
 * The gateway's limits on a send request (docs/gateway-api.md#send-sms, docs/gateway-api.md#limits), defined
 * once: the node's pre-flight check and the emulator's answers both read them from here.
 */

import { explained } from '../error-text';

/** A sender name: at most 11 characters from this set (error 110 otherwise, 111 when longer). */
export const SENDER_NAME_PATTERN = /^[A-Za-z0-9 .-]+$/;
export const MAX_SENDER_NAME_LENGTH = 11;
/** A sender number: digits with an optional leading "+", at most 14 digits. */
export const SENDER_NUMBER_PATTERN = /^\+?\d+$/;
export const MAX_SENDER_DIGITS = 14;

/** Longest text accepted (error 118), in characters; the newer documented limit. */
export const MAX_MESSAGE_LENGTH = 612;
export const MAX_REFERENCE_LENGTH = 255;

/** Characters as the gateway counts them: Unicode code points. */
export const messageLength = (text: string) => [...text].length;

/** Why `text` is longer than a send takes (error 118), in words, or undefined; `what` names it ("the message", "the reminder"). */
export function messageLengthProblem(text: string, what = 'the message'): string | undefined {
	const length = messageLength(text);
	return length > MAX_MESSAGE_LENGTH
		? explained(`${what} has ${length} characters`, `The gateway takes at most ${MAX_MESSAGE_LENGTH}.`)
		: undefined;
}

/** What is wrong with a sender, as a kind: the emulator maps it to a gateway code, the node to a text. */
export type SenderProblemKind = 'empty' | 'numberTooLong' | 'invalidCharacter' | 'nameTooLong';

/** The rule a sender breaks, or undefined when the gateway takes it (docs/gateway-api.md#send-sms). */
export function senderRule(sender: string): SenderProblemKind | undefined {
	if (sender.trim() === '') return 'empty';
	if (SENDER_NUMBER_PATTERN.test(sender))
		return sender.replace('+', '').length > MAX_SENDER_DIGITS ? 'numberTooLong' : undefined;
	if (!SENDER_NAME_PATTERN.test(sender)) return 'invalidCharacter';
	return sender.length > MAX_SENDER_NAME_LENGTH ? 'nameTooLong' : undefined;
}

/** Whether the gateway takes `sender` as a name (nobody can reply to it): by the same rule as every send, spaces included. */
export const isSenderName = (sender: string) => senderRule(sender) === undefined && !SENDER_NUMBER_PATTERN.test(sender);

/**
 * The recipients (digits, international) of the North American Numbering Plan (+1: the US, Canada, the
 * Caribbean) when `sender` is a name: carriers there deliver no SMS from a sender name (docs/sending-lawfully.md#us-and-canadian-numbers).
 * The gateway takes the request; the SMS never arrives.
 */
export function nanpRecipientsOfName(sender: string | undefined, recipients: readonly string[]): string[] {
	return sender !== undefined && isSenderName(sender) ? recipients.filter((digits) => digits.startsWith('1')) : [];
}

/** Why `sender` is refused, in words, or undefined when the gateway takes it. */
export function senderProblem(sender: string): string | undefined {
	switch (senderRule(sender)) {
		case undefined:
			return undefined;
		case 'empty':
			return 'the sender is empty';
		case 'numberTooLong':
			return `the sender number has ${sender.replace('+', '').length} digits; at most ${MAX_SENDER_DIGITS} are allowed`;
		case 'invalidCharacter': {
			const bad = [...sender].find((character) => !SENDER_NAME_PATTERN.test(character));
			return explained(
				`the sender name "${sender}" contains "${bad}"`,
				'A name may only use letters A–Z, digits, spaces, dots and dashes.',
			);
		}
		case 'nameTooLong':
			return explained(
				`the sender name "${sender}" has ${sender.length} characters; at most ${MAX_SENDER_NAME_LENGTH} are allowed`,
				`Shorten it, or use a number of up to ${MAX_SENDER_DIGITS} digits.`,
			);
	}
}

/**
 * Characters that show nothing: white space, format characters (zero-width space and joiners, word
 * joiner, byte order mark, soft hyphen), the combining grapheme joiner, Hangul fillers, the braille
 * blank and variation selectors. A message of only these would arrive as an empty SMS.
 */
const INVISIBLE = /^(?:[\p{White_Space}\p{Cf}\u115F\u3164\uFFA0\u2800]|\u1160|\u034F|\p{Variation_Selector})*$/u;

/** Whether a message has no visible character (it would arrive as an empty SMS). */
export function showsNothing(text: string): boolean {
	return INVISIBLE.test(text);
}
