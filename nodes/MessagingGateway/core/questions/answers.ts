/**
 * Whether an event forwarded to a waiting question answers it, and the question's output when it does.
 * A reply (`inbox_message` with `isreply`) answers an approval question when its words are clear and a
 * free-text question always; a final delivery report answers a delivery-report question, and answers
 * the other two only when the question never arrived (codes 2, 4, 5). Only events about the question's
 * own message and recipient count (docs/gateway-api.md#webhook-types, docs/gateway-api.md#codes). The output says the
 * channel the answer came by.
 */
import { FINAL_DELIVERY_CODES } from '../codes';
import { isObject } from '../objects';
import { isOptOutReply } from './keywords';
import { judgeReply, normalizeReplyText, type ReplyVerdict } from './replies';
import { decodeResumeReference } from './resume-link';

export type ResponseType = 'approval' | 'freeText' | 'deliveryReport';
export const RESPONSE_TYPES: readonly ResponseType[] = ['approval', 'freeText', 'deliveryReport'];

export interface Question {
	responseType: ResponseType;
	/** Normalised word lists (replies.ts); used by `approval`. */
	approveWords: readonly string[];
	disapproveWords: readonly string[];
	/** Asked with WhatsApp buttons: their titles (the first approve and disapprove words as the hint names them). */
	buttons?: { approve: string; disapprove: string };
	/** The message id and recipient (digits) of the question's SMS, when the waiting execution kept them. */
	messageid?: string;
	to?: string;
}

/** Why an event left the question waiting. */
export type KeptWaiting =
	| 'unclearReply'
	| 'optOutReply'
	| 'otherNumber'
	| 'otherMessage'
	| 'deliveredIsNoAnswer'
	| 'interimReport'
	| 'notAwaited'
	| 'notAnEvent';

export type AnswerDecision = { resume: true; output: Record<string, unknown> } | { resume: false; reason: KeptWaiting };

/** The IDs of a WhatsApp question's two buttons, named by the verdict a tap on each gives. */
export const BUTTON_IDS = { approve: 'approve', disapprove: 'disapprove' } as const;

/**
 * The verdict of a tap on one of the question's buttons: a reply whose whole text is a button's ID or its title
 * (whichever of the two a tap arrives as); undefined for any other text, which is judged as a typed reply.
 */
export function tappedButton(
	reply: string,
	titles: { approve: string; disapprove: string },
): Exclude<ReplyVerdict, 'unclear'> | undefined {
	const text = normalizeReplyText(reply);
	const verdicts = ['approve', 'disapprove'] as const;
	return (
		verdicts.find((verdict) => text === BUTTON_IDS[verdict]) ??
		verdicts.find((verdict) => text === normalizeReplyText(titles[verdict]))
	);
}

/** Final codes saying the message did not reach the phone. */
const UNDELIVERED_CODES = ['2', '4', '5'];

/** The digits of a number written as text or as a number; '' for anything else. */
export const digitsOf = (value: unknown): string =>
	typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\D/g, '') : '';
/** A text, or a number as text; undefined for anything else. */
export const textOf = (value: unknown): string | undefined =>
	typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** A channel a question is asked and answered by. */
export type AnswerChannel = 'sms' | 'whatsapp';

/**
 * The channel a reply (its `type`) or a delivery report (its `message_type`) names: `whatsapp` when it says so, else
 * `sms` (the gateway's payloads say `sms`; a message without a type counts as SMS, docs/gateway-api.md#webhook-types).
 */
export const channelOf = (type: unknown): AnswerChannel =>
	textOf(type)?.trim().toLowerCase() === 'whatsapp' ? 'whatsapp' : 'sms';

/** Whether `number` is the question's recipient: the one kept by the waiting execution, else the one the gateway names. */
function isQuestionRecipient(number: unknown, question: Question, gatewayRecipient: unknown): boolean {
	const from = digitsOf(number);
	const expected = question.to !== undefined ? digitsOf(question.to) : digitsOf(gatewayRecipient);
	return (
		from !== '' && from === expected && (gatewayRecipient === undefined || digitsOf(gatewayRecipient) === expected)
	);
}

function isQuestionMessage(messageid: unknown, question: Question): boolean {
	return question.messageid === undefined || textOf(messageid) === question.messageid;
}

function judgeReplyEvent(
	event: Record<string, unknown>,
	message: Record<string, unknown>,
	question: Question,
): AnswerDecision {
	const isreply = isObject(event.isreply) ? event.isreply : {};
	if (question.responseType === 'deliveryReport') return { resume: false, reason: 'notAwaited' };
	// A reply to a reminder answers the question the reminder's reference names.
	const asked = decodeResumeReference(isreply.orig_reference)?.questionMessageId ?? textOf(isreply.orig_messageid);
	if (!isQuestionMessage(asked, question)) return { resume: false, reason: 'otherMessage' };
	if (!isQuestionRecipient(message.sender, question, isreply.orig_receiver))
		return { resume: false, reason: 'otherNumber' };
	const reply = textOf(message.content) ?? '';
	const answer: Record<string, unknown> = {};
	if (question.responseType === 'approval') {
		const verdict =
			(question.buttons && tappedButton(reply, question.buttons)) ??
			judgeReply(reply, question.approveWords, question.disapproveWords);
		if (verdict === 'unclear') return { resume: false, reason: isOptOutReply(reply) ? 'optOutReply' : 'unclearReply' };
		answer.approved = verdict === 'approve';
	}
	const repliedAt = textOf(message.date_utc_iso8601) ?? textOf(message.date_iso8601) ?? textOf(event.created_utc);
	Object.assign(answer, {
		reply,
		from: textOf(message.sender),
		repliedAt,
		messageid: question.messageid ?? asked,
		to: question.to ?? digitsOf(isreply.orig_receiver),
		channel: channelOf(message.type),
		webhook_id: event.webhook_id,
	});
	return { resume: true, output: answer };
}

function judgeDeliveryReport(
	event: Record<string, unknown>,
	message: Record<string, unknown>,
	question: Question,
): AnswerDecision {
	if (!isQuestionMessage(message.messageid, question)) return { resume: false, reason: 'otherMessage' };
	if (!isQuestionRecipient(message.receiver, question, undefined)) return { resume: false, reason: 'otherNumber' };
	const code = textOf(message.delivery_code)?.trim() ?? '';
	if (!FINAL_DELIVERY_CODES.includes(code)) return { resume: false, reason: 'interimReport' };
	const delivered = code === '1';
	if (question.responseType !== 'deliveryReport' && !UNDELIVERED_CODES.includes(code))
		return { resume: false, reason: 'deliveredIsNoAnswer' };
	const output: Record<string, unknown> = { delivered, delivery_code: code, delivery_status: message.delivery_status };
	if (
		message.delivery_code_detail !== undefined &&
		message.delivery_code_detail !== null &&
		message.delivery_code_detail !== ''
	) {
		output.delivery_code_detail = message.delivery_code_detail;
	}
	Object.assign(output, {
		messageid: textOf(message.messageid),
		to: question.to ?? digitsOf(message.receiver),
		channel: channelOf(message.message_type),
		webhook_id: event.webhook_id,
	});
	return { resume: true, output };
}

/** Judges one event forwarded to the waiting question. */
export function judgeAnswer(event: unknown, question: Question): AnswerDecision {
	if (!isObject(event) || !isObject(event.message)) return { resume: false, reason: 'notAnEvent' };
	if (event.webhook_type === 'inbox_message') return judgeReplyEvent(event, event.message, question);
	if (event.webhook_type === 'delivery_report') return judgeDeliveryReport(event, event.message, question);
	return { resume: false, reason: 'notAwaited' };
}

/** What each reason means, for the answer to the trigger and n8n's log. */
export const KEPT_WAITING_REASONS: Readonly<Record<KeptWaiting, string>> = {
	unclearReply: 'the reply is neither an approve nor a disapprove word',
	optOutReply: 'the reply is an opt-out word (such as STOP); no reminder is sent to it',
	otherNumber: 'it comes from another number than the one the question was sent to',
	otherMessage: 'it is about another message than the question (an earlier question of the same node?)',
	deliveredIsNoAnswer: 'a delivery report that the question arrived is no answer',
	interimReport: 'the delivery report is not final (submitted or buffered)',
	notAwaited: 'the question does not wait for this kind of event',
	notAnEvent: 'the body is not a reply or a delivery report',
};
