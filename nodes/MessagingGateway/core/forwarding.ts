/**
 * The trigger's part in a conversation: which verified events go to a waiting question, and what
 * n8n's answer to the forward means. The question's own node decides whether an event answers it
 * (answers.ts); n8n answers for executions that are no longer waiting. A refusal is final (the
 * gateway gets 2xx, so it does not deliver the event again); only an n8n that cannot be reached
 * is worth the gateway's redelivery.
 */
import { isObject } from './objects';
import { decodeResumeReference, type ResumeTarget } from './resume-link';

/** Delivery reports after which no other report follows (docs/gateway-api.md#codes). */
const FINAL_DELIVERY_CODES = ['1', '2', '4', '5', '9'];

/**
 * The question an event is about: a reply whose `isreply.orig_reference` names one, or a final
 * delivery report whose `message.reference` does (docs/gateway-api.md#webhook-types).
 */
export function resumeTargetOf(event: unknown): ResumeTarget | undefined {
	if (!isObject(event) || !isObject(event.message)) return undefined;
	if (event.webhook_type === 'inbox_message') {
		return isObject(event.isreply) ? decodeResumeReference(event.isreply.orig_reference) : undefined;
	}
	if (event.webhook_type === 'delivery_report') {
		const code = event.message.delivery_code;
		const final = (typeof code === 'string' || typeof code === 'number') && FINAL_DELIVERY_CODES.includes(String(code).trim());
		return final ? decodeResumeReference(event.message.reference) : undefined;
	}
	return undefined;
}

/** What the waiting question's node answers to a forward (its `webhook()`'s response). */
export interface QuestionAnswer {
	resumed: boolean;
	reason?: string;
	reminded?: boolean;
}

export type ForwardOutcome =
	/** The question took the event as its answer: the execution goes on. */
	| { kind: 'resumed' }
	/** The question is still waiting: the event is no answer to it. */
	| { kind: 'keptWaiting'; reason: string; reminded: boolean }
	/** n8n refused: answered already, gone, unknown, forged, or resuming at this moment. Not worth a redelivery. */
	| { kind: 'refused'; reason: string }
	/** n8n could not be reached or its proxy failed: the gateway should deliver the event again. */
	| { kind: 'unreachable'; reason: string };

export interface ForwardResponse {
	statusCode: number;
	body: unknown;
}

const REFUSALS: Readonly<Record<number, string>> = {
	401: 'n8n refused the resume link (signature invalid): the reference was altered or forged',
	404: 'n8n knows no such execution (deleted, or the reference is from another n8n instance)',
	409: 'the execution is running or finished with an error',
};

/** The status codes of a proxy or load balancer in front of n8n that failed to reach it. */
const UNREACHABLE_STATUS = [502, 503, 504];

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

/** What n8n's answer to a forward means. */
export function classifyForwardResponse(response: ForwardResponse): ForwardOutcome {
	const { statusCode } = response;
	if (statusCode >= 200 && statusCode < 300) {
		const answer = questionAnswerOf(response.body);
		if (answer?.resumed === true) return { kind: 'resumed' };
		if (answer) return { kind: 'keptWaiting', reason: answer.reason ?? 'no reason given', reminded: answer.reminded === true };
		// n8n's page for a question that is not waiting any more ("No action required").
		return { kind: 'refused', reason: 'the question was answered already or stopped waiting' };
	}
	if (REFUSALS[statusCode]) return { kind: 'refused', reason: REFUSALS[statusCode] };
	if (statusCode === 500 && /already being resumed|running already/i.test(bodyText(response.body))) {
		return { kind: 'refused', reason: 'another answer is resuming the execution at this moment' };
	}
	if (UNREACHABLE_STATUS.includes(statusCode)) return { kind: 'unreachable', reason: `n8n's waiting webhook answered ${statusCode}` };
	return { kind: 'refused', reason: `n8n's waiting webhook answered ${statusCode}` };
}

/** Errors of a request that never got an answer: the gateway should try again later. */
export function unreachableOutcome(error: unknown): ForwardOutcome {
	const code = isObject(error) && typeof error.code === 'string' ? error.code : undefined;
	return { kind: 'unreachable', reason: `n8n's waiting webhook could not be reached${code ? ` (${code})` : ''}` };
}
