/**
 * WhatsApp's SMS Fallback (docs/whatsapp.md#sms-fallback): after a run's WhatsApp requests, every recipient refused
 * with 137 (window closed) or 140 (no WhatsApp) gets an SMS instead, through Send SMS's own run (its Retry On Fail
 * memory: an SMS accepted in an earlier try is not sent again). A recipient reached on WhatsApp never gets the SMS,
 * and one refused on WhatsApp was sent nothing there: never both channels.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { SEND_SMS_ENDPOINT } from '../../../core/sending/send';
import { countSegments } from '../../../core/sending/segments';
import { choicesOf, numberedChoicesText } from '../../../core/whatsapp/fallback';
import type { SendSettings } from './batch-send';
import { sendPlanned, type RecipientResult } from './execute';
import type { Planned } from './requests';

/** The SMS text instead of an item's buttons or list: the text, then the choices numbered. */
export function fallbackSmsText(body: Planned['body']): string {
	return numberedChoicesText(body.message ?? '', choicesOf(body));
}

/** One SMS plan per item and reason, for the item's recipients refused for that reason; `textOf` makes its text. */
function smsPlans(
	byItem: ReadonlyMap<number, Array<RecipientResult<Planned>>>,
	textOf: (body: Planned['body']) => string,
): Planned[] {
	const plans: Planned[] = [];
	for (const results of byItem.values()) {
		for (const reason of ['windowClosed', 'noWhatsApp'] as const) {
			const refused = results.filter((result) => result.kind === 'fallback' && result.reason === reason);
			if (refused.length === 0) continue;
			const { plan } = refused[0];
			const { sender, date, reference, test, subid } = plan.body;
			const message = textOf(plan.body);
			const recipients = refused.map((result) => result.to);
			const body = {
				message,
				to: recipients.length === 1 ? recipients[0] : recipients,
				sender,
				date,
				reference,
				test,
				subid,
			};
			for (const key of Object.keys(body) as Array<keyof typeof body>) if (body[key] === undefined) delete body[key];
			plans.push({ ...plan, body, recipients, length: countSegments(message), merged: {}, fallbackReason: reason });
		}
	}
	return plans;
}

/** The run's results with every `fallback` recipient's result replaced by its SMS's (accepted, or failed); `textOf` makes the SMS's text. */
export async function sendFallbackSms(
	ctx: IExecuteFunctions,
	byItem: Map<number, Array<RecipientResult<Planned>>>,
	settings: SendSettings,
	itemCount: number,
	textOf: (body: Planned['body']) => string,
): Promise<Map<number, Array<RecipientResult<Planned>>>> {
	const plans = smsPlans(byItem, textOf);
	if (plans.length === 0) return byItem;
	const sms = await sendPlanned(
		ctx,
		{ endpoint: SEND_SMS_ENDPOINT, channel: 'sms' },
		plans,
		{ ...settings, fallBack: false },
		itemCount,
	);
	const merged = new Map<number, Array<RecipientResult<Planned>>>();
	for (const [index, results] of byItem) {
		const sent = sms.byItem.get(index) ?? [];
		merged.set(
			index,
			results.map((result) =>
				result.kind === 'fallback' ? (sent.find((other) => other.to === result.to) ?? result) : result,
			),
		);
	}
	return merged;
}
