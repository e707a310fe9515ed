/**
 * Hands verified replies and delivery reports of waiting questions (Send and Wait for Response) to
 * their executions. The gateway keeps one webhook URL per account, so they arrive here whatever the
 * trigger's Events selection. The target is rebuilt on this instance's own origin from the reference's
 * validated parts (core/questions/resume-link.ts); n8n checks the link's signature. The link never appears in
 * an item, an answer or the log: only the execution and node ids do.
 *
 * The events of one question are handed on in the order they came, one after the other; different
 * questions FORWARDS_AT_ONCE at a time; all within one ForwardBudget (hand-on.ts). What the process
 * already knows (forward-memory.ts) costs no request to n8n.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { mapWithConcurrency } from '../concurrency';
import { encodeForForward, isFinalOutcome, resumeTargetOf, type ForwardOutcome } from '../core/questions/forwarding';
import {
	redactResumeSignaturesDeep,
	RESUME_REFERENCE_PREFIX,
	waitingWebhookUrl,
	type ResumeTarget,
} from '../core/questions/resume-link';
import { ForwardMemory, questionKeyOf, type Settled } from './forward-memory';
import { ForwardBudget, handOn } from './hand-on';

/** Questions handed on at once: a signed array of many events must not open a connection for each at once. */
export const FORWARDS_AT_ONCE = 8;

/** Shared by every trigger of this n8n process. */
const memory = new ForwardMemory();

export type ReplyHandling = 'resumeOnly' | 'resumeAndStart';

export interface Forwarded {
	target: ResumeTarget;
	outcome: ForwardOutcome;
}

/** One question's events, each with the target its own reference names (a reminder's names the question's message too). */
interface Question {
	key: string;
	events: Array<{ event: IDataObject; target: ResumeTarget }>;
}

/** The trigger that settles an event: its workflow and node, to tell a redelivery from another trigger's work. */
const triggerOf = (ctx: IWebhookFunctions): string => `${String(ctx.getWorkflow().id)}/${ctx.getNode().name}`;

function logOutcome(ctx: IWebhookFunctions, event: IDataObject, { target, outcome }: Forwarded): void {
	const node = ctx.getNode();
	const about = `the ${String(event.webhook_type)} ${String(event.webhook_id)} for the question waiting in execution ${target.executionId}`;
	const metadata = {
		workflowId: ctx.getWorkflow().id,
		nodeName: node.name,
		executionId: target.executionId,
		questionNodeId: target.nodeId,
	};
	const prefix = `Messaging Gateway Trigger "${node.name}":`;
	if (outcome.kind === 'resumed') ctx.logger.info(`${prefix} ${about} answered it; the execution goes on`, metadata);
	else if (outcome.kind === 'keptWaiting') {
		const kept = `${prefix} ${about} is no answer (${outcome.reason}); it keeps waiting`;
		if (outcome.reminderError !== undefined)
			ctx.logger.warn(`${kept}; the reminder could not be sent: ${outcome.reminderError}`, metadata);
		else
			ctx.logger.info(
				`${kept}${outcome.reminded ? ', reminder sent' : outcome.reminderSkipped === undefined ? '' : `; no reminder: ${outcome.reminderSkipped}`}`,
				metadata,
			);
	} else if (outcome.kind === 'answered')
		ctx.logger.info(`${prefix} ${about} is part of its conversation: ${outcome.reason}`, metadata);
	else if (outcome.kind === 'refused')
		ctx.logger.warn(`${prefix} n8n did not take ${about}: ${outcome.reason}`, metadata);
	else if (outcome.kind !== 'deferred') {
		ctx.logger.warn(
			`${prefix} could not hand over ${about}: ${outcome.reason}; the gateway is asked to deliver it again`,
			metadata,
		);
	}
}

/** A remembered outcome as this trigger reports it: an event that resumed the question before is now only part of its conversation. */
function recalled(settled: Settled, trigger: string): ForwardOutcome {
	if (settled.outcome.kind !== 'resumed' && settled.outcome.kind !== 'answered') return settled.outcome;
	const reason =
		settled.by === trigger
			? `${settled.outcome.kind === 'resumed' ? 'delivered again: it answered the question already' : settled.outcome.reason}`
			: `answered by another trigger (${settled.by})`;
	return { kind: 'answered', reason };
}

async function outcomeOf(
	ctx: IWebhookFunctions,
	event: IDataObject,
	target: ResumeTarget,
	ownUrl: string | undefined,
	budget: ForwardBudget,
): Promise<ForwardOutcome> {
	const trigger = triggerOf(ctx);
	const known = memory.recall(event, target);
	if (known) return recalled(known, trigger);
	const url = ownUrl === undefined ? undefined : waitingWebhookUrl(ownUrl, target);
	if (url === undefined)
		return { kind: 'refused', reason: "this n8n's own webhook URL is unknown, so there is nowhere safe to forward to" };
	const encoded = encodeForForward(event);
	const outcome = encoded.ok ? await handOn(ctx, url, encoded.body, budget) : encoded.outcome;
	if (isFinalOutcome(outcome)) memory.remember(event, target, { outcome, by: trigger });
	return outcome;
}

/** One question's events in order; after one that is not settled, the later ones wait for the next delivery too. */
async function handQuestion(
	ctx: IWebhookFunctions,
	question: Question,
	ownUrl: string | undefined,
	budget: ForwardBudget,
	forwarded: Map<object, Forwarded>,
) {
	let blocked: ForwardOutcome | undefined;
	for (const { event, target } of question.events) {
		const outcome = blocked ?? (await outcomeOf(ctx, event, target, ownUrl, budget));
		if (!isFinalOutcome(outcome))
			blocked ??= { kind: 'deferred', reason: 'an earlier event of the same question was not handed on yet' };
		const result = { target, outcome };
		logOutcome(ctx, event, result);
		forwarded.set(event, result);
	}
}

/** The events that name a question, grouped by question in the order they came. */
export function questionsOf(events: readonly IDataObject[]): Question[] {
	const questions = new Map<string, Question>();
	for (const event of events) {
		const target = resumeTargetOf(event);
		if (target === undefined) continue;
		const key = questionKeyOf(target);
		const question = questions.get(key);
		if (question) question.events.push({ event, target });
		else questions.set(key, { key, events: [{ event, target }] });
	}
	return [...questions.values()];
}

/** What became of each forwarded event (keyed by the event object); events that name no question are absent. */
export type ForwardedEvents = ReadonlyMap<object, Forwarded>;

/** Hands every event that names a waiting question on (see the top of this file). */
export async function forwardToWaitingQuestions(
	ctx: IWebhookFunctions,
	events: readonly IDataObject[],
): Promise<ForwardedEvents> {
	const forwarded = new Map<object, Forwarded>();
	// The usual webhook names no question: it costs one look at its reference and nothing more.
	const questions = questionsOf(events);
	if (questions.length === 0) return forwarded;
	let ownUrl: string | undefined;
	try {
		ownUrl = ctx.getNodeWebhookUrl('default');
	} catch {
		ownUrl = undefined;
	}
	const budget = new ForwardBudget();
	await mapWithConcurrency(questions, FORWARDS_AT_ONCE, async (question) => {
		await memory.inTurn(question.key, async () => await handQuestion(ctx, question, ownUrl, budget, forwarded));
	});
	logDeferred(ctx, forwarded);
	return forwarded;
}

/** One line for all events left for the next delivery (a body can name hundreds of questions). */
function logDeferred(ctx: IWebhookFunctions, forwarded: ForwardedEvents): void {
	const deferred = [...forwarded.values()].filter(({ outcome }) => outcome.kind === 'deferred').length;
	if (deferred === 0) return;
	const node = ctx.getNode();
	ctx.logger.info(
		`Messaging Gateway Trigger "${node.name}": ${deferred} event${deferred === 1 ? '' : 's'} for waiting questions not handed on in this request (its time or number of forwards ran out, or an earlier event of the same question waits); the gateway is asked to deliver them again`,
		{
			workflowId: ctx.getWorkflow().id,
			nodeName: node.name,
			deferred,
		},
	);
}

/**
 * The events that start the trigger's own workflow after forwarding: with `resumeOnly`, not those of a
 * question's conversation (that resumed it, or came after it was answered); an auto-reply then does not
 * answer them too. Each forwarded event says what happened under `waitingQuestion`; every resume
 * signature is redacted.
 */
export function eventsToStart(
	events: readonly IDataObject[],
	forwarded: ForwardedEvents,
	handling: ReplyHandling,
): IDataObject[] {
	return events.flatMap((event) => {
		const result = forwarded.get(event);
		// Most events carry no question's reference: they pass as they are, without a copy.
		if (result === undefined) return [mayCarryResumeLink(event) ? redactResumeSignaturesDeep(event) : event];
		const { outcome } = result;
		if ((outcome.kind === 'resumed' || outcome.kind === 'answered') && handling !== 'resumeAndStart') return [];
		const waitingQuestion: IDataObject = { executionId: result.target.executionId, outcome: outcome.kind };
		if (outcome.kind !== 'resumed') waitingQuestion.reason = outcome.reason;
		return [{ ...redactResumeSignaturesDeep(event), waitingQuestion }];
	});
}

/** Whether a reference field of the event may hold a resume link (an interim report, a reply that names none). */
function mayCarryResumeLink(event: IDataObject): boolean {
	const fields = [
		(event.message as IDataObject | undefined)?.reference,
		(event.isreply as IDataObject | undefined)?.orig_reference,
	];
	return fields.some((field) => typeof field === 'string' && field.includes(RESUME_REFERENCE_PREFIX));
}

/** Whether the gateway should deliver the request again: some question's event is not settled. */
export const needsRedelivery = (forwarded: ForwardedEvents): boolean =>
	[...forwarded.values()].some(({ outcome }) => !isFinalOutcome(outcome));
