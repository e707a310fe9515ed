/**
 * Hands verified replies and delivery reports of waiting questions (Send and Wait for Response) to
 * their executions. The gateway keeps one webhook URL per account, so they arrive here whatever the
 * trigger's Events selection. The target is rebuilt on this instance's own origin from the reference's
 * validated parts (core/resume-link.ts); n8n checks the link's signature. The link never appears in
 * an item, an answer or the log: only the execution and node ids do.
 */
import type { IDataObject, IN8nHttpFullResponse, IWebhookFunctions } from 'n8n-workflow';

import { mapWithConcurrency } from '../concurrency';
import { classifyForwardResponse, resumeTargetOf, unreachableOutcome, type ForwardOutcome } from '../core/forwarding';
import { redactResumeSignaturesDeep, RESUME_REFERENCE_PREFIX, waitingWebhookUrl, type ResumeTarget } from '../core/resume-link';

/** How long n8n may take to take an answer; it answers once the run is registered, in well under a second. */
const FORWARD_TIMEOUT_MS = 30_000;
/** Forwards in flight at once: a signed array of many events must not open a connection for each at once. */
const FORWARDS_AT_ONCE = 8;

export type ReplyHandling = 'resumeOnly' | 'resumeAndStart';

export interface Forwarded {
	target: ResumeTarget;
	outcome: ForwardOutcome;
}

async function forwardOne(ctx: IWebhookFunctions, event: IDataObject, target: ResumeTarget, ownUrl: string | undefined): Promise<ForwardOutcome> {
	const url = ownUrl === undefined ? undefined : waitingWebhookUrl(ownUrl, target);
	if (url === undefined) return { kind: 'refused', reason: "this n8n's own webhook URL is unknown, so there is nowhere safe to forward to" };
	try {
		const response = (await ctx.helpers.httpRequest({
			method: 'POST',
			url,
			body: event,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: FORWARD_TIMEOUT_MS,
		})) as IN8nHttpFullResponse;
		return classifyForwardResponse({ statusCode: response.statusCode, body: response.body });
	} catch (error) {
		return unreachableOutcome(error);
	}
}

function logOutcome(ctx: IWebhookFunctions, event: IDataObject, { target, outcome }: Forwarded): void {
	const node = ctx.getNode();
	const about = `the ${String(event.webhook_type)} ${String(event.webhook_id)} for the question waiting in execution ${target.executionId}`;
	const metadata = { workflowId: ctx.getWorkflow().id, nodeName: node.name, executionId: target.executionId, questionNodeId: target.nodeId };
	const prefix = `Messaging Gateway Trigger "${node.name}":`;
	if (outcome.kind === 'resumed') ctx.logger.info(`${prefix} ${about} answered it; the execution goes on`, metadata);
	else if (outcome.kind === 'keptWaiting') {
		ctx.logger.info(`${prefix} ${about} is no answer (${outcome.reason}); it keeps waiting${outcome.reminded ? ', reminder sent' : ''}`, metadata);
	} else if (outcome.kind === 'refused') ctx.logger.warn(`${prefix} n8n did not take ${about}: ${outcome.reason}`, metadata);
	else ctx.logger.warn(`${prefix} could not hand over ${about}: ${outcome.reason}; the gateway is asked to deliver it again`, metadata);
}

/** What became of each forwarded event (keyed by the event object); events that name no question are absent. */
export type ForwardedEvents = ReadonlyMap<object, Forwarded>;

/** Forwards every event that names a waiting question, FORWARDS_AT_ONCE at a time. */
export async function forwardToWaitingQuestions(ctx: IWebhookFunctions, events: readonly IDataObject[]): Promise<ForwardedEvents> {
	const forwarded = new Map<object, Forwarded>();
	// The usual webhook names no question: it costs one look at its reference and nothing more.
	const questions = events.flatMap((event) => {
		const target = resumeTargetOf(event);
		return target === undefined ? [] : [{ event, target }];
	});
	if (questions.length === 0) return forwarded;
	let ownUrl: string | undefined;
	try {
		ownUrl = ctx.getNodeWebhookUrl('default');
	} catch {
		ownUrl = undefined;
	}
	await mapWithConcurrency(questions, FORWARDS_AT_ONCE, async ({ event, target }) => {
		const result = { target, outcome: await forwardOne(ctx, event, target, ownUrl) };
		logOutcome(ctx, event, result);
		forwarded.set(event, result);
	});
	return forwarded;
}

/**
 * The events that start the trigger's own workflow after forwarding: with `resumeOnly`, not those that
 * resumed a question (an auto-reply then does not answer it too). Each forwarded event says what
 * happened under `waitingQuestion`; every resume signature is redacted.
 */
export function eventsToStart(events: readonly IDataObject[], forwarded: ForwardedEvents, handling: ReplyHandling): IDataObject[] {
	return events.flatMap((event) => {
		const result = forwarded.get(event);
		// Most events carry no question's reference: they pass as they are, without a copy.
		if (result === undefined) return [mayCarryResumeLink(event) ? redactResumeSignaturesDeep(event) : event];
		if (result.outcome.kind === 'resumed' && handling !== 'resumeAndStart') return [];
		const { outcome } = result;
		const waitingQuestion: IDataObject = { executionId: result.target.executionId, outcome: outcome.kind };
		if (outcome.kind !== 'resumed') waitingQuestion.reason = outcome.reason;
		return [{ ...redactResumeSignaturesDeep(event), waitingQuestion }];
	});
}

/** Whether a reference field of the event may hold a resume link (an interim report, a reply that names none). */
function mayCarryResumeLink(event: IDataObject): boolean {
	const fields = [(event.message as IDataObject | undefined)?.reference, (event.isreply as IDataObject | undefined)?.orig_reference];
	return fields.some((field) => typeof field === 'string' && field.includes(RESUME_REFERENCE_PREFIX));
}

/** Whether the gateway should deliver the request again: some question could not be reached. */
export const needsRedelivery = (forwarded: ForwardedEvents): boolean =>
	[...forwarded.values()].some((result) => result.outcome.kind === 'unreachable');
