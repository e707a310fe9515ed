/**
 * The SMS fallback of buttons and lists (docs/whatsapp.md#sms-fallback): which refusals send a recipient an SMS
 * instead (137 the 24-hour window closed, 140 no WhatsApp account), and the SMS: the text, then the buttons' or
 * the list rows' titles as numbered choices ("Reply 1 for Yes, 2 for No").
 */
import { refusalCodeOf } from '../sending/refusal';
import { fromWireList } from './list-shape';

export const FALLBACK_REASONS = { '137': 'windowClosed', '140': 'noWhatsApp' } as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[keyof typeof FALLBACK_REASONS];

/**
 * The fallback's reason for a gateway error: a refusal (a 4xx) with 137 or 140. Undefined for any other error, a 5xx
 * with either code too: the WhatsApp message may have gone out, so no SMS may follow it.
 */
export function fallbackReasonOf(error: unknown): FallbackReason | undefined {
	const code = refusalCodeOf(error);
	return code !== undefined && code in FALLBACK_REASONS
		? FALLBACK_REASONS[code as keyof typeof FALLBACK_REASONS]
		: undefined;
}

/** The choices of a buttons or list request body, in order: the buttons' titles, or every row's title. */
export function choicesOf(body: Readonly<Record<string, unknown>>): string[] {
	if (Array.isArray(body.buttons)) return body.buttons.map((button: { title: string }) => button.title);
	return (fromWireList(body.list) ?? []).flatMap((section) => section.rows.map((row) => row.title));
}

/** The SMS a recipient gets instead: `message`, then "Reply 1 for Yes, 2 for No". */
export const numberedChoicesText = (message: string, choices: readonly string[]): string =>
	`${message}\nReply ${choices.map((choice, index) => `${index + 1} for ${choice}`).join(', ')}`;
