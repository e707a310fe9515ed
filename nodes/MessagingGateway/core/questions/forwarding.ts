/**
 * The trigger's part in Send and Wait's questions: which verified events go to a waiting question, and what
 * n8n's answer to the forward means. The question's own node decides whether an event answers it
 * (answers.ts); n8n answers for executions that are not waiting. What n8n's waiting webhook answers
 * (n8n 1.123 and 2.41, `WaitingWebhooks.executeWebhook` in n8n's dist/webhooks/waiting-webhooks.js and
 * `sendErrorResponse` in dist/response-helper.js):
 *
 * | n8n's answer | when | outcome |
 * |---|---|---|
 * | 200, the node's JSON `{ resumed, reason?, reminded? }` | the execution waits for this node | resumed / keptWaiting |
 * | 200, HTML page "No action required" | finished, or waiting at another node | answered |
 * | 409 `{ message: 'The execution "…" is running already.' }` | running: not saved as waiting yet, or resumed and running on | notWaitingYet |
 * | 409 `{ message: '… has finished with error.' }` | over | answered |
 * | 500 `{ message: 'There was a problem executing the workflow' }` | n8n 2.x: another answer is resuming it (ExecutionAlreadyResumingError) | answered |
 * | 401 | signature invalid | refused (forged) |
 * | 404 `{ message: 'The execution "…" does not exist.' }` | deleted, or another n8n's | refused (gone) |
 * | any other 5xx, e.g. 500 of a database n8n could not reach in time (seen under load) | nothing resumed: n8n failed before the question's node answered | unreachable |
 */
import { FINAL_DELIVERY_CODES } from '../codes';
import { isObject } from '../objects';
import { decodeResumeReference, type ResumeTarget } from './resume-link';

/** A Send with Failover step's node id in its chain's sub-workflow: the resume links of its message name it. */
export const stepNodeId = (step: number) => `failover-step-${step}`;
/** Whether a resume link's node is a failover step (the trigger hands such a step its read reports too). */
export const isFailoverStepNode = (nodeId: string) => /^failover-step-\d+$/.test(nodeId);

/**
 * The question an event is about: a reply whose `isreply.orig_reference` names one, a final
 * delivery report whose `message.reference` does (docs/gateway-api.md#webhook-types), or a read report whose
 * reference names a Send with Failover step.
 */
export function resumeTargetOf(event: unknown): ResumeTarget | undefined {
	if (!isObject(event) || !isObject(event.message)) return undefined;
	if (event.webhook_type === 'inbox_message') {
		return isObject(event.isreply) ? decodeResumeReference(event.isreply.orig_reference) : undefined;
	}
	if (event.webhook_type === 'delivery_report') {
		const code = event.message.delivery_code;
		const final =
			(typeof code === 'string' || typeof code === 'number') && FINAL_DELIVERY_CODES.includes(String(code).trim());
		return final ? decodeResumeReference(event.message.reference) : undefined;
	}
	// A read report matters only to a Send with Failover step that waits to be read.
	if (event.webhook_type === 'read_report') {
		const target = decodeResumeReference(event.message.reference);
		return target && isFailoverStepNode(target.nodeId) ? target : undefined;
	}
	return undefined;
}

/** What the waiting question's node answers to a forward (its `webhook()`'s response). */
export interface QuestionAnswer {
	resumed: boolean;
	reason?: string;
	reminded?: boolean;
	/** Why no reminder went out (its bound), or why sending it failed. */
	reminderSkipped?: string;
	reminderError?: string;
}

export type ForwardOutcome =
	/** Final. The question took the event as its answer: the execution goes on. */
	| { kind: 'resumed' }
	/** Final. The question is still waiting: the event is no answer to it. */
	| { kind: 'keptWaiting'; reason: string; reminded: boolean; reminderSkipped?: string; reminderError?: string }
	/** Final. The question is not waiting any more (answered, being answered, wait limit over): the event is part of its conversation. */
	| { kind: 'answered'; reason: string }
	/** Final. n8n refused the link (forged, gone) or the event cannot be handed on. */
	| { kind: 'refused'; reason: string }
	/** Not final: n8n runs the execution and has not saved it as waiting (yet). Worth another try. */
	| { kind: 'notWaitingYet'; reason: string }
	/** Not final: n8n could not be reached, or did not answer in time. */
	| { kind: 'unreachable'; reason: string }
	/** Not final: not handed on in this request (its time or its number of forwards ran out). */
	| { kind: 'deferred'; reason: string };

const FINAL_KINDS: ReadonlySet<ForwardOutcome['kind']> = new Set(['resumed', 'keptWaiting', 'answered', 'refused']);

/** Whether the outcome settles the event: otherwise the gateway is asked to deliver it again. */
export const isFinalOutcome = (outcome: ForwardOutcome): boolean => FINAL_KINDS.has(outcome.kind);

export interface ForwardResponse {
	statusCode: number;
	body: unknown;
}

function bodyText(body: unknown): string {
	if (typeof body === 'string') return body;
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	return isObject(body) ? JSON.stringify(body) : '';
}

/** The question's answer, when the body is one (a JSON object, maybe still as text). */
function questionAnswerOf(body: unknown): QuestionAnswer | undefined {
	let value = body;
	if (typeof body === 'string' || Buffer.isBuffer(body)) {
		try {
			value = JSON.parse(bodyText(body));
		} catch {
			return undefined;
		}
	}
	return isObject(value) && typeof value.resumed === 'boolean' ? (value as unknown as QuestionAnswer) : undefined;
}

function keptWaiting(answer: QuestionAnswer): ForwardOutcome {
	const outcome: ForwardOutcome = {
		kind: 'keptWaiting',
		reason: answer.reason ?? 'no reason given',
		reminded: answer.reminded === true,
	};
	if (typeof answer.reminderSkipped === 'string') outcome.reminderSkipped = answer.reminderSkipped;
	if (typeof answer.reminderError === 'string') outcome.reminderError = answer.reminderError;
	return outcome;
}

function classifyConflict(text: string): ForwardOutcome {
	if (/finished with error|finished already/i.test(text))
		return { kind: 'answered', reason: "the question's execution is over (it finished with an error)" };
	return {
		kind: 'notWaitingYet',
		reason: 'n8n runs the execution and has not saved it as waiting yet (or an answer resumed it and it runs on)',
	};
}

/** What n8n's answer to a forward means (the table above). */
export function classifyForwardResponse(response: ForwardResponse): ForwardOutcome {
	const { statusCode } = response;
	if (statusCode >= 200 && statusCode < 300) {
		const answer = questionAnswerOf(response.body);
		if (answer?.resumed === true) return { kind: 'resumed' };
		if (answer) return keptWaiting(answer);
		return { kind: 'answered', reason: 'the question is not waiting any more (answered, or its wait limit ran out)' };
	}
	if (statusCode === 401)
		return {
			kind: 'refused',
			reason: 'n8n refused the resume link (signature invalid): the reference was altered or forged',
		};
	if (statusCode === 404)
		return {
			kind: 'refused',
			reason: 'n8n knows no such execution (deleted, or the reference is from another n8n instance)',
		};
	if (statusCode === 409) return classifyConflict(bodyText(response.body));
	if (statusCode === 500 && /already being resumed|problem executing the workflow/i.test(bodyText(response.body))) {
		return { kind: 'answered', reason: 'another answer is resuming the question at this moment' };
	}
	// n8n answers the question's own JSON once its node has judged the event; any other 5xx came before that (a proxy
	// that could not reach n8n: 502, 503, 504; n8n's database): nothing was resumed, and a later delivery finds the
	// question as it is.
	if (statusCode >= 500) return { kind: 'unreachable', reason: `n8n's waiting webhook answered ${statusCode}` };
	return { kind: 'refused', reason: `n8n's waiting webhook answered ${statusCode}` };
}

/** Errors of a request that never got an answer: the gateway should try again later. */
export function unreachableOutcome(error: unknown): ForwardOutcome {
	const code = isObject(error) && typeof error.code === 'string' ? error.code : undefined;
	return { kind: 'unreachable', reason: `n8n's waiting webhook could not be reached${code ? ` (${code})` : ''}` };
}

/**
 * The event as the forward's body, or why it cannot be one (e.g. nested too deep for JSON): that
 * fails the same way on every delivery, so it is final, never a reason for a redelivery.
 */
export function encodeForForward(event: unknown): { ok: true; body: string } | { ok: false; outcome: ForwardOutcome } {
	try {
		return { ok: true, body: JSON.stringify(event) };
	} catch (error) {
		const name = error instanceof Error ? error.name : typeof error;
		return {
			ok: false,
			outcome: { kind: 'refused', reason: `the event cannot be encoded as JSON to hand it on (${name})` },
		};
	}
}
