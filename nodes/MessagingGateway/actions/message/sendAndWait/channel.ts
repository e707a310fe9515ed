/**
 * How Send and Wait for Response asks (its option Channel, docs/send-and-wait.md#whatsapp-buttons): by SMS, or as a
 * WhatsApp message with two buttons sent by Send Buttons' machinery, the SMS question when WhatsApp refuses the number.
 * With the refusal every check of a question shares.
 */
import type { IDataObject, IExecuteFunctions, NodeOperationError } from 'n8n-workflow';

import { partsOf } from '../../../core/error-text';
import { BUTTON_IDS } from '../../../core/questions/answers';
import { operationError } from '../../../nodeErrors';
import { MAX_BUTTON_TITLE_LENGTH, titleProblem } from '../../../core/whatsapp/rules';
import { whatsappSend } from '../../whatsapp/fields';
import { sendSms } from '../send.operation';
import type { SendOperation } from '../send/operation';
import { smartEncodedText } from '../smart-encoding';

/** A question refused before anything was sent, naming the field in `message`. */
export function refuse(ctx: IExecuteFunctions, message: string, description: string): NodeOperationError {
	return operationError(ctx.getNode(), message, {
		itemIndex: 0,
		description: `${description} Nothing was sent.`,
	});
}

export const OPTION_LABELS = {
	approveWords: 'Approve Words',
	disapproveWords: 'Disapprove Words',
	unclearReplyReminder: 'Unclear Reply Reminder',
};

export type WhatsAppButton = { id: string; title: string };

/**
 * With the Channel WhatsApp Buttons, the question's two buttons: the first approve and disapprove words (the
 * hint's), each refused, naming its option, when WhatsApp could not show it. Undefined for an SMS question.
 */
export function whatsappButtons(
	ctx: IExecuteFunctions,
	channel: unknown,
	labels: { approve: string; disapprove: string },
): WhatsAppButton[] | undefined {
	if (channel === undefined || channel === 'sms') return undefined;
	if (channel !== 'whatsappButtons')
		throw refuse(ctx, `Channel: "${String(channel)}" is not one of sms, whatsappButtons`, 'Fix the option.');
	for (const [field, title] of [
		['approveWords', labels.approve],
		['disapproveWords', labels.disapprove],
	] as const) {
		const problem = titleProblem(title, MAX_BUTTON_TITLE_LENGTH);
		if (problem) {
			const { title: what, details } = partsOf(problem);
			throw refuse(
				ctx,
				`${OPTION_LABELS[field]}: ${what}`,
				`The first word is a WhatsApp button's title: ${details ?? ''} Put a shorter word first in the list, or choose Channel SMS.`,
			);
		}
	}
	return [
		{ id: BUTTON_IDS.approve, title: labels.approve },
		{ id: BUTTON_IDS.disapprove, title: labels.disapprove },
	];
}

/**
 * The send a question goes out by: Send SMS's, or with WhatsApp buttons Send Buttons' (WhatsApp's send machinery),
 * whose SMS instead, when WhatsApp refuses the number (137, 140), is the SMS question itself.
 */
export function questionSend(ctx: IExecuteFunctions, buttons: WhatsAppButton[] | undefined): SendOperation {
	if (buttons === undefined) return sendSms;
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	return {
		// Its fields are the question's, which Send and Wait's operation gives it.
		...whatsappSend('sendButtons', [], []),
		smsFallback: 'always',
		fallbackText: (body) => smartEncodedText(ctx.getNode(), options, body.message ?? ''),
	};
}
