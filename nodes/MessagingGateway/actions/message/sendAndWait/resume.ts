/**
 * The waiting question's side of a resume: the trigger forwards a reply or delivery report to this
 * node's waiting webhook (n8n has checked the link's signature), and `webhook()` decides whether it
 * is the answer. An answer becomes the node's output and the execution goes on; anything else leaves
 * it waiting (n8n runs nothing when `workflowData` is absent). The trigger reads the JSON answer
 * (`resumed`, `reason`, `reminded`) to log and acknowledge the event. An unclear reply gets at most
 * Max Reminders per Question reminders (reminders.ts says how far that count reaches).
 */
import type { IDataObject, INode, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import {
	judgeAnswer,
	KEPT_WAITING_REASONS,
	RESPONSE_TYPES,
	type Question,
	type ResponseType,
} from '../../../core/questions/answers';
import { isObject } from '../../../core/objects';
import { approvalWords } from '../../../core/questions/replies';
import {
	decodeResumeReference,
	encodeResumeReference,
	redactResumeSignatures,
} from '../../../core/questions/resume-link';
import { outcomeOf } from '../../../transportErrors';
import { smartEncodedText } from '../smart-encoding';
import { claimReminder, maxRemindersOf } from './reminders';

/** An SMS to send back: the Unclear Reply Reminder. */
export interface ReminderSms {
	sender: string;
	to: string;
	message: string;
	/** The question's own reference, so that a reply to the reminder answers the question too. */
	reference: string;
}

export type SendReminder = (ctx: IWebhookFunctions, sms: ReminderSms) => Promise<void>;

/** What the waiting execution kept of its question: its input item once the SMS went out (see execute). */
function keptQuestion(ctx: IWebhookFunctions): { messageid?: string; to?: string } {
	let kept: unknown;
	try {
		kept = ctx.evaluateExpression('{{ $json }}', 0);
	} catch {
		return {};
	}
	if (!isObject(kept) || kept.timedOut !== true) return {};
	return {
		messageid: typeof kept.messageid === 'string' ? kept.messageid : undefined,
		to: typeof kept.to === 'string' ? kept.to : undefined,
	};
}

/** A text option (a word list, the reminder) as the question was sent with it: a number as its digits (anything else was refused then). */
const optionText = (value: unknown): string | undefined =>
	typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined;

function questionOf(ctx: IWebhookFunctions): Question {
	const type = ctx.getNodeParameter('responseType', 'approval') as ResponseType;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	// The lists were checked when the question was sent; the defaults stand in if they were changed since.
	const checked = approvalWords(optionText(options.approveWords), optionText(options.disapproveWords));
	const words = checked.ok
		? checked
		: (approvalWords(undefined, undefined) as Extract<ReturnType<typeof approvalWords>, { ok: true }>);
	return {
		responseType: RESPONSE_TYPES.includes(type) ? type : 'approval',
		approveWords: words.approve,
		disapproveWords: words.disapprove,
		...(options.channel === 'whatsappButtons' ? { buttons: words.labels } : {}),
		...keptQuestion(ctx),
	};
}

/**
 * The reminder for an unclear reply: to the number that replied, from the number it replied to, with
 * the question's link, message id and the reminder's round in its reference, so that a reply to the
 * reminder answers the question and tells how many reminders went out; smart-encoded as the question
 * was. Undefined when none may go out.
 */
function reminderFor(
	node: INode,
	event: IDataObject,
	options: IDataObject,
	question: Question,
): { sms: ReminderSms; release: () => void } | { skipped: string } | undefined {
	const text = optionText(options.unclearReplyReminder);
	const message = isObject(event.message) ? event.message : {};
	const isreply = isObject(event.isreply) ? event.isreply : {};
	const target = decodeResumeReference(isreply.orig_reference);
	const sender = [isreply.orig_sender, message.receiver].find(
		(value) => typeof value === 'string' && value.trim() !== '',
	) as string | undefined;
	const questionMessageId =
		target?.questionMessageId ??
		question.messageid ??
		(typeof isreply.orig_messageid === 'string' ? isreply.orig_messageid : undefined);
	if (text === undefined || text.trim() === '' || typeof message.sender !== 'string' || !sender || !target)
		return undefined;
	// A reply to a reminder names the reminder's round; a reply to the question names none.
	const roundsKnown = target.questionMessageId === undefined ? 0 : (target.reminderRound ?? 1);
	const key = JSON.stringify([target.executionId, target.nodeId, questionMessageId ?? '']);
	const claim = claimReminder(key, event.webhook_id, roundsKnown, maxRemindersOf(options.maxReminders));
	if (!claim.ok) return { skipped: claim.reason };
	const reference = encodeResumeReference({ ...target, questionMessageId, reminderRound: claim.round });
	if (!reference.ok) {
		claim.release();
		return undefined;
	}
	return {
		sms: {
			sender,
			to: message.sender.replace(/\D/g, ''),
			message: smartEncodedText(node, options, text),
			reference: reference.value,
		},
		release: claim.release,
	};
}

export async function answerForwardedEvent(
	ctx: IWebhookFunctions,
	sendReminder: SendReminder,
): Promise<IWebhookResponseData> {
	const event = ctx.getBodyData();
	const question = questionOf(ctx);
	const decision = judgeAnswer(event, question);
	if (decision.resume) {
		const item: INodeExecutionData = { json: decision.output as IDataObject, pairedItem: { item: 0 } };
		return { webhookResponse: { resumed: true }, workflowData: [[item]] };
	}
	const answer: IDataObject = { resumed: false, reason: KEPT_WAITING_REASONS[decision.reason] };
	// An opt-out reply (STOP) is never answered: its sender asked for no more messages.
	const reminder =
		decision.reason === 'unclearReply'
			? reminderFor(ctx.getNode(), event, ctx.getNodeParameter('options', {}) as IDataObject, question)
			: undefined;
	if (reminder && 'skipped' in reminder) {
		answer.reminded = false;
		answer.reminderSkipped = reminder.skipped;
	} else if (reminder) {
		try {
			await sendReminder(ctx, reminder.sms);
			answer.reminded = true;
		} catch (error) {
			// The question still waits; the trigger logs that the reminder could not be sent.
			if (outcomeOf(error) === 'notSent') reminder.release();
			answer.reminded = false;
			// The title and what it explains below (a gateway's own words may be there).
			const { message, description } = error as Error & { description?: string | null };
			const text = description ? `${message}. ${description}` : message;
			answer.reminderError = redactResumeSignatures(String(text)).slice(0, 300);
		}
	}
	return { webhookResponse: answer };
}
