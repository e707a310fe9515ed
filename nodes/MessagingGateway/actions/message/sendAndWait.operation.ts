/**
 * Send and Wait for Response: one SMS to one number, sent exactly as Send sends it (same checks,
 * sender, numbers, time zone, errors, retries: send/run.ts), then the execution waits for the reply
 * or the delivery report (resume.ts judges what the trigger forwards). The question's link rides in
 * the SMS's reference (core/questions/resume-link.ts); the node's output never carries it.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { deepCopy, WAIT_INDEFINITELY } from 'n8n-workflow';

import { channelOf, RESPONSE_TYPES, type ResponseType } from '../../core/questions/answers';
import { approvalWords, normalizeReplyText } from '../../core/questions/replies';
import { redactDeep } from '../../core/secrets/redact';
import { encodeResumeReference, parseSignedResumeUrl, resumeSignaturesIn } from '../../core/questions/resume-link';
import { isSenderName, MAX_MESSAGE_LENGTH, messageLength, messageLengthProblem } from '../../core/sending/rules';
import type { RawSendInput } from '../../core/sending/send';
import { waitLimit } from '../../core/questions/wait-limit';
import { QUESTION_SMART_ENCODING } from './smart-encoding';
import { LOOP_GUARD_OPTION } from './send/loop-guard-option';
import { sendOptionsField, senderFields, toField } from './send/fields';
import type { SendOperation } from './send/operation';
import { runSend } from './send/run';
import { asNodeError, errorItemJson } from '../../transport';
import { description as sendSmsDescription } from './send.operation';
import { responseTypeField, sendAndWaitOptionsField, setupNotice } from './sendAndWait/fields';
import { defaultHitlMessage, isPlainTool } from './sendAndWait/hitl';
import { OPTION_LABELS, questionSend, refuse, whatsappButtons, type WhatsAppButton } from './sendAndWait/channel';

const show = { resource: ['message'], operation: ['sendAndWait'] };
/** Send's options, of which a question has Default Country, Smart Encoding, Timeout and Loop Guard (batching and concurrency mean nothing for one SMS). */
const sendOptions = sendOptionsField(show, [QUESTION_SMART_ENCODING, LOOP_GUARD_OPTION]);
const sendMessageField = sendSmsDescription.find((property) => property.name === 'message')!;

export const description: INodeProperties[] = [
	setupNotice(show),
	...senderFields(show, 'question'),
	{
		...toField(show),
		placeholder: 'e.g. +31 6 1234 5678',
		description:
			'The one number that is asked, in international format (+31 6 1234 5678); a national number needs the Default Country option. Only a reply from this number is taken as the answer.',
	},
	{
		...sendMessageField,
		placeholder: 'e.g. Approve the refund of €120 for order 1001?',
		description: 'The question. For an approval, "Reply YES or NO" is appended unless the Append Hint option is off.',
		displayOptions: { show },
	},
	responseTypeField(show),
	sendAndWaitOptionsField(sendOptions, 'approval'),
	sendAndWaitOptionsField(sendOptions, 'freeText'),
	sendAndWaitOptionsField(sendOptions, 'deliveryReport'),
];

const MORE_THAN_ONE_ITEM =
	'An execution waits for one answer, so this node asks one question at a time. To ask several people, put a Loop Over Items node (batch size 1) before it, or call a sub-workflow for each recipient (Execute Workflow node, mode "Run once for each item").';

/** The question's text: the message, with the hint unless it is off or already there; refused when the hint makes it too long. */
function questionText(ctx: IExecuteFunctions, message: unknown, hint: string | undefined): unknown {
	if (hint === undefined || typeof message !== 'string' || message.trim() === '') return message;
	if (normalizeReplyText(message).includes(normalizeReplyText(hint))) return message;
	const text = `${message.trimEnd()} ${hint}`;
	// Without the hint the message's own length is judged by Send (it names the message alone).
	if (messageLengthProblem(message) === undefined && messageLengthProblem(text) !== undefined) {
		const added = messageLength(text) - messageLength(message);
		throw refuse(
			ctx,
			`Message: the question with its hint has ${messageLength(text)} characters`,
			`The gateway takes at most ${MAX_MESSAGE_LENGTH}, and the hint "${hint}" adds ${added}. Shorten the question, or turn the Append Hint option off.`,
		);
	}
	return text;
}

/** Send's input for the question: a sender that can be answered, the hint, the link as reference. */
function questionInput(
	ctx: IExecuteFunctions,
	input: RawSendInput,
	responseType: ResponseType,
	hint: string | undefined,
	reference: string,
): RawSendInput {
	// A sender the gateway would refuse gets Send's refusal; one it takes as a name cannot be answered.
	if (responseType !== 'deliveryReport' && typeof input.sender === 'string' && isSenderName(input.sender)) {
		throw refuse(
			ctx,
			`Sender: "${input.sender}" is a name, and nobody can reply to a name`,
			'For an approval or a free-text answer the sender must be a number that receives SMS (a virtual number of the account). Or choose Response Type Delivery Report.',
		);
	}
	return { ...input, message: questionText(ctx, input.message, hint), reference };
}

/** One number asked: counted as Send counts recipients (one number written twice is one, a list entry "A, B" is two). */
function oneRecipient(ctx: IExecuteFunctions, recipients: readonly string[]): void {
	if (recipients.length > 1)
		throw refuse(ctx, `To: Send and Wait for Response asks one number, not ${recipients.length}`, MORE_THAN_ONE_ITEM);
}

/** A text option as text: a number as its digits; an expression's object, list or boolean is refused. */
function optionText(
	ctx: IExecuteFunctions,
	options: IDataObject,
	name: keyof typeof OPTION_LABELS,
): string | undefined {
	const value = options[name];
	if (value === undefined || value === null || typeof value === 'string') return value ?? undefined;
	if (typeof value === 'number') return String(value);
	const what = name === 'unclearReplyReminder' ? 'text' : 'text (words separated by commas)';
	throw refuse(
		ctx,
		`${OPTION_LABELS[name]}: expected ${what} but got ${Array.isArray(value) ? 'a list' : typeof value}`,
		'Fix the option.',
	);
}

/** The checks that need no send: one item, valid words and reminder, a valid limit, a link n8n gave that fits a reference. */
function prepareQuestion(ctx: IExecuteFunctions) {
	// As a plain tool of an AI agent the node cannot wait: the agent needs its answer now. The HITL
	// variant (sendAndWait/hitl.ts) is made to wait: the agent resumes when the approver answers.
	if (isPlainTool(ctx.getNode().type)) {
		throw refuse(
			ctx,
			'Send and Wait for Response cannot run as a plain tool of an AI agent',
			"To have a person approve an agent's tool calls by SMS, connect the tool to the Messaging Gateway HITL tool (Human review) and that to the agent. Otherwise use Send and Wait in the workflow itself.",
		);
	}
	const items = ctx.getInputData();
	if (items.length > 1)
		throw refuse(
			ctx,
			`Send and Wait for Response got ${items.length} items; it asks one question per execution`,
			MORE_THAN_ONE_ITEM,
		);
	const responseType = ctx.getNodeParameter('responseType', 0, 'approval') as ResponseType;
	// An expression's other value would send a question that no answer could resume.
	if (!RESPONSE_TYPES.includes(responseType))
		throw refuse(
			ctx,
			`Response Type: "${String(responseType)}" is not one of ${RESPONSE_TYPES.join(', ')}`,
			'Fix the field.',
		);
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	let hint: string | undefined;
	let buttons: WhatsAppButton[] | undefined;
	if (responseType === 'approval') {
		const words = approvalWords(optionText(ctx, options, 'approveWords'), optionText(ctx, options, 'disapproveWords'));
		if (!words.ok) throw refuse(ctx, `${OPTION_LABELS[words.field]}: ${words.error}`, 'Fix the option.');
		if (options.appendHint !== false) hint = words.hint;
		buttons = whatsappButtons(ctx, options.channel, words.labels);
		// Checked now, while the user watches, rather than found unusable when the first unclear reply comes.
		const reminder = optionText(ctx, options, 'unclearReplyReminder');
		const tooLong = reminder === undefined ? undefined : messageLengthProblem(reminder, 'the reminder');
		if (tooLong)
			throw refuse(
				ctx,
				`${OPTION_LABELS.unclearReplyReminder}: ${tooLong}`,
				'It is sent as an SMS of its own: shorten it.',
			);
	}
	const limit = waitLimit(
		(options.limitWaitTime as IDataObject | undefined)?.values as IDataObject | undefined,
		ctx.getTimezone(),
		new Date(),
	);
	if (!limit.ok) throw refuse(ctx, `Limit Wait Time: ${limit.error}`, 'Fix the option.');
	const link = parseSignedResumeUrl(ctx.getSignedResumeUrl());
	const reference = link.ok ? encodeResumeReference(link.value) : link;
	if (!reference.ok)
		throw refuse(
			ctx,
			`This n8n cannot carry the answer back: ${reference.error}`,
			'The SMS reference carries the link to this waiting execution.',
		);
	return { responseType, hint, buttons, until: limit.until, reference: reference.value };
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	let question: ReturnType<typeof prepareQuestion>;
	try {
		question = prepareQuestion(this);
	} catch (error) {
		const refused = asNodeError(this, error, 0);
		if (!this.continueOnFail()) throw refused;
		// Continue On Fail: nothing was asked; every input item says why, as a refused send's item does (n8n would
		// pass the input on unchanged, as if the question had been asked).
		return this.getInputData().map((_, item) => ({ json: errorItemJson(refused), pairedItem: { item } }));
	}
	// Send's SMS, with this operation's fields (for the labels of refused fields) and its question.
	const operation: SendOperation = {
		...questionSend(this, question.buttons),
		description,
		oneItemPerInputInVersion1: false,
		// A question goes to one number, never a group.
		sendsToGroups: false,
		// In every node version: a question whose send may have gone out is not asked again by Retry On Fail.
		onUnknownOutcome: 'doNotResend',
		// One number asked: on the opt-out list, the question cannot be asked, which is the node's error.
		optedOutIsError: true,
		prepare: (ctx, itemIndex, input) => {
			// As the HITL tool, n8n's default message becomes a short question naming the gated call.
			const message =
				defaultHitlMessage(ctx.getNode().type, ctx.getNode().parameters.message, ctx.getInputData()[itemIndex].json) ??
				input.message;
			const asked = questionInput(ctx, { ...input, message }, question.responseType, question.hint, question.reference);
			return question.buttons ? { ...asked, buttons: question.buttons } : asked;
		},
		check: (ctx, _itemIndex, recipients) => oneRecipient(ctx, recipients),
	};
	// The transport keeps the signature out of every gateway error; an error made after the answer (an
	// answer without a message id) or by n8n passes here too, before n8n shows, saves or logs it.
	const signatures = resumeSignaturesIn(question.reference);
	let sent: INodeExecutionData[];
	try {
		sent = await runSend(this, operation);
	} catch (error) {
		throw redactDeep(error, signatures);
	}
	const { messageid, to, sender, segments, encoding, replacedCharacters, channel, fallbackReason, error, skipped } =
		sent[0].json;
	// Continue On Fail: the error item goes on, nothing waits; nor when Loop Guard skipped the question.
	if (error !== undefined || skipped !== undefined)
		return [{ json: redactDeep(sent[0].json, signatures), pairedItem: { item: 0 } }];
	// While waiting, the node's input is the output of a timeout (n8n passes it on unchanged when the
	// limit runs out, saying the channel the question went by), and it tells the resume which message and number the
	// question went to.
	const timeout: INodeExecutionData = {
		json: { timedOut: true, messageid, to, channel: channelOf(channel) },
		pairedItem: { item: 0 },
	};
	const waiting = this.getExecuteData();
	waiting.data.main[0] = [timeout];
	// When the answer resumes the execution, n8n marks the waiting node `disabled` so that it passes its
	// output on instead of running again. An AI agent's gated calls of one turn share one node object on
	// the stack: without a copy of its own, the next call's run would be skipped as disabled and pass its
	// input on unasked, an `approved: true` in it included (docs/ai-agents.md#what-approves-and-what-never-does).
	waiting.node = deepCopy(waiting.node);
	// n8n 1.x checks the resume link's signature only when asked to; n8n 2.x always does and has no such call.
	(this as IExecuteFunctions & { setSignatureValidationRequired?: () => void }).setSignatureValidationRequired?.();
	await this.putExecutionToWait(question.until ?? WAIT_INDEFINITELY);
	const smart = replacedCharacters === undefined ? {} : { replacedCharacters };
	// A WhatsApp question says its channel, and when it went out as an SMS, why.
	const asked = question.buttons ? { channel, ...(fallbackReason ? { fallbackReason } : {}) } : {};
	return [
		{
			json: { waitingFor: question.responseType, messageid, to, sender, segments, encoding, ...smart, ...asked },
			pairedItem: { item: 0 },
		},
	];
}
