/**
 * The last step of a webhook request: judge its events, start the workflow with the selected ones
 * and answer the gateway. Problems the caller may see (entries that are not events) are named in the
 * answer; what only the workflow's owner should see goes to n8n's log.
 */
import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { withSenderKind } from '../core/numbers/sender-kind';
import { isObject } from '../core/objects';
import { resumeTargetOf } from '../core/questions/forwarding';
import { MAX_LISTED_PROBLEMS, type ParseEventsResult } from '../core/events/parse-events';
import { keepAnsweredReplies, withAnsweredRepliesOfSender } from './answered-replies';
import { eventsToStart, forwardToWaitingQuestions, needsRedelivery, type ReplyHandling } from './forward';
import { actOnKeywords, type KeywordSettings } from './keywords';
import { receiveEvents, type Received } from './receive';
import type { TriggerOptions } from './request';
import { respond, warnOwner } from './respond';

/** The problems part of an answer: at most MAX_LISTED_PROBLEMS named, all counted. */
function problemsOf(parsed: ParseEventsResult): IDataObject {
	return {
		errors: parsed.errors,
		errorCount: parsed.errorCount,
		...(parsed.stoppedEarly ? { validationStopped: true } : {}),
	};
}

/** An incoming message's item gains `senderKind`: number, short code or alphanumeric (core/numbers/sender-kind.ts). */
const withKindOfSender = (event: IDataObject): IDataObject =>
	event.webhook_type === 'inbox_message' && isObject(event.message)
		? withSenderKind(event, event.message.sender)
		: event;

function logProblems(ctx: IWebhookFunctions, parsed: ParseEventsResult, strict: boolean): void {
	if (parsed.errorCount > 0) {
		const entries = `${parsed.rejected} entr${parsed.rejected === 1 ? 'y' : 'ies'} that ${parsed.rejected === 1 ? 'is' : 'are'}`;
		const what = strict ? 'an exact gateway event (Strict Validation is on)' : 'a gateway event';
		const more = parsed.errorCount > parsed.errors.length ? ` … (${parsed.errorCount} problems)` : '';
		warnOwner(
			ctx,
			`${parsed.events.length ? 'accepted' : 'refused'} a webhook request with ${entries} not ${what}: ${parsed.errors.join('; ')}${more}`,
			{
				errorCount: parsed.errorCount,
			},
		);
	}
	if (parsed.events.length > 0 && parsed.deviationCount > 0) {
		const which = parsed.events.length === 1 ? 'an event' : 'events';
		const more = parsed.deviations.length >= MAX_LISTED_PROBLEMS ? ' …' : '';
		warnOwner(
			ctx,
			`passed on ${which} that differ from the documented fields, as sent: ${parsed.deviations.join('; ')}${more}`,
			{
				deviationCount: parsed.deviationCount,
			},
		);
	}
}

/**
 * While the editor listens for a test event, an event of a type the trigger does not listen for
 * would leave the panel waiting without a word: say in the log and in the answer which type came
 * and which are selected.
 */
function unselectedNote(ctx: IWebhookFunctions, received: Received, selected: readonly string[]): IDataObject {
	if (ctx.getMode() !== 'manual' || received.starting.length > 0 || received.unselected.length === 0) return {};
	const arrived = received.unselected.join(', ');
	const message = `Nothing started: the event${received.unselected.length === 1 ? ' is of type' : 's are of types'} ${arrived}, and this trigger listens for ${selected.join(', ') || 'no type'} (its Events parameter)`;
	warnOwner(ctx, `${message}.`, { arrived: received.unselected, selected });
	return { message, arrived: received.unselected, selected };
}

export interface AnswerOptions {
	strict: boolean;
	finalReportsOnly: boolean;
	replyHandling: ReplyHandling;
	/** Whether the request's signature was checked: only then are events handed to waiting questions. */
	signed: boolean;
	/** Opt-Out Keywords and the Help Reply (keywords.ts). */
	keywords: Omit<KeywordSettings, 'signed'>;
}

/**
 * The options of one request as the trigger's node version reads them: version 1 judged every event
 * strictly, version 2 only what routing needs (unless Strict Validation says otherwise); Opt-Out
 * Keywords is on from version 3 unless set (versions 1 and 2 did nothing with keywords).
 */
export function answerOptionsOf(options: TriggerOptions, typeVersion: number, signed: boolean): AnswerOptions {
	return {
		strict: typeof options.strictValidation === 'boolean' ? options.strictValidation : typeVersion < 2,
		finalReportsOnly: options.finalReportsOnly === true,
		replyHandling: options.replyHandling === 'resumeAndStart' ? 'resumeAndStart' : 'resumeOnly',
		signed,
		keywords: {
			act: typeof options.optOutKeywords === 'boolean' ? options.optOutKeywords : typeVersion >= 3,
			helpReply: typeof options.helpReply === 'string' ? options.helpReply : '',
		},
	};
}

export async function answerEvents(
	ctx: IWebhookFunctions,
	body: unknown,
	selected: string[],
	options: AnswerOptions,
): Promise<IWebhookResponseData> {
	const received = receiveEvents(body, {
		strict: options.strict,
		selected,
		finalReportsOnly: options.finalReportsOnly,
	});
	const { parsed, starting } = received;
	logProblems(ctx, parsed, options.strict);
	if (parsed.events.length === 0) {
		return respond(ctx, 400, {
			error: 'not_an_event',
			message: `The body is not a gateway webhook event: ${parsed.errors.slice(0, 3).join('; ')}`,
			...problemsOf(parsed),
		});
	}
	// Replies and reports of waiting questions go to their executions first, whatever the selection.
	const events = parsed.events.map(({ event }) => event as IDataObject);
	// An unsigned request (Accept Unsigned Requests) could be anyone's: it answers no question (docs/send-and-wait.md).
	const forwarded = options.signed ? await forwardToWaitingQuestions(ctx, events) : new Map();
	keepAnsweredReplies(ctx, forwarded);
	if (!options.signed && events.some((event) => resumeTargetOf(event) !== undefined)) {
		warnOwner(
			ctx,
			'did not hand an unsigned request to a waiting question (Send and Wait for Response): set the signing secret in the credential',
		);
	}
	if (needsRedelivery(forwarded)) {
		// Not waiting yet, n8n unreachable, or this request's forwards ran out: what was settled is remembered, the rest comes again.
		return respond(ctx, 503, {
			error: 'waiting_execution_unreachable',
			message: 'A reply or report of a waiting question could not be handed to n8n yet; deliver it again later',
		});
	}
	await actOnKeywords(ctx, events, { ...options.keywords, signed: options.signed });
	const withAnswered = withAnsweredRepliesOfSender(ctx);
	const items: INodeExecutionData[] = eventsToStart(starting as IDataObject[], forwarded, options.replyHandling).map(
		(json) => ({ json: withAnswered(withKindOfSender(json)) }),
	);
	const webhookResponse: IDataObject = { received: parsed.events.length + parsed.rejected, accepted: items.length };
	if (forwarded.size > 0)
		webhookResponse.resumed = [...forwarded.values()].filter(({ outcome }) => outcome.kind === 'resumed').length;
	// Events in the same array that are not events are named, so the sender can see what was dropped.
	if (parsed.rejected > 0) Object.assign(webhookResponse, { rejected: parsed.rejected, ...problemsOf(parsed) });
	Object.assign(webhookResponse, unselectedNote(ctx, received, selected));
	if (items.length === 0) return { webhookResponse };
	return { webhookResponse, workflowData: [items] };
}
