/**
 * Who wrote in: a phone number, a short code or an alphanumeric sender ("Vodafone", "INFO"), read from the
 * sender as the gateway gives it (docs/sms-assistants.md#machine-senders). Only a number can read an answer;
 * short codes and names are machines (a carrier, a bank, a shop's service), and the gateway refuses a name
 * as a recipient. The rule, in this order:
 * - any letter, or no digit at all → `alphanumeric`;
 * - at most 6 decimal digits of any script (spaces, `+`, `-`, `(`, `)` and `.` not counted) → `shortCode`;
 * - else → `number`.
 */

export const SENDER_KINDS = ['number', 'shortCode', 'alphanumeric'] as const;
export type SenderKind = (typeof SENDER_KINDS)[number];

/** Short codes have 3 to 6 digits in every country that has them; 7 digits or more is a (possibly local) number. */
export const MAX_SHORT_CODE_DIGITS = 6;

/** The kind of a sender given as text or a whole number; undefined for an empty or missing sender. */
export function senderKindOf(sender: unknown): SenderKind | undefined {
	const text = typeof sender === 'number' && Number.isSafeInteger(sender) ? String(sender) : sender;
	if (typeof text !== 'string' || text.trim() === '') return undefined;
	if (/\p{L}/u.test(text)) return 'alphanumeric';
	// Decimal digits of any script (٠–٩, ०–९, ０–９) count as 0–9 do: a phone may write the sender in its own digits.
	const digits = text.match(/\p{Nd}/gu)?.length ?? 0;
	if (digits === 0) return 'alphanumeric';
	return digits <= MAX_SHORT_CODE_DIGITS ? 'shortCode' : 'number';
}

/** `record` with `senderKind` of `sender` added (left out when the sender is empty or missing). */
export function withSenderKind<T extends object>(record: T, sender: unknown): T & { senderKind?: SenderKind } {
	const senderKind = senderKindOf(sender);
	return senderKind === undefined ? record : { ...record, senderKind };
}
