/**
 * The errors of a gateway request, worded for what the request is: a send (may it have been sent?)
 * or a read (nothing changes at the gateway). No credential value ever reaches them. Here: what they
 * share, and the errors of a request without an answer; the errors of an answer: answerErrors.ts.
 */
import type { IExecuteFunctions, ILoadOptionsFunctions, IWebhookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CHANNEL_MESSAGE, type Channel } from './core/sending/send';
import { redact, redactDeep } from './core/secrets/redact';
import { apiError, keepWholeText, wholeText } from './nodeErrors';

/**
 * What a failed send means, in `error.context.outcome`: `unknown` when the gateway may have processed
 * it (a 5xx other than 503, a timeout or a reset after the request went out), `notSent` when it
 * certainly did not (no connection, a reset before the request went out, a 4xx, 429, 503, a redirect).
 */
export type RequestOutcome = 'unknown' | 'notSent';

/** What an item carries under Continue On Fail, and what NodeApiError keeps in its context. */
export interface GatewayErrorFields {
	code: string | null;
	httpCode: number | null;
	/** Set on the errors of a request that is not idempotent (a send) only. */
	outcome?: RequestOutcome;
}

/** The credential's values that must never appear in an error: key, secret, and the Base URL's user info. */
export type Secrets = readonly string[];

/** The request that failed, as its errors need it. */
export interface FailedCall {
	ctx: Pick<IExecuteFunctions | ILoadOptionsFunctions | IWebhookFunctions, 'getNode'>;
	itemIndex: number;
	secrets: Secrets;
	idempotent: boolean;
	baseUrl: string;
	timeoutMs: number;
	/** The number of the try that failed last, from 1. */
	attempt: number;
	/** A send's channel, named when it may have gone out. */
	channel?: Channel;
}

/** The outcome a send's error carries, or undefined for any other error. */
export function outcomeOf(error: unknown): RequestOutcome | undefined {
	const outcome = (error as { context?: { outcome?: unknown } } | undefined)?.context?.outcome;
	return outcome === 'unknown' || outcome === 'notSent' ? outcome : undefined;
}

export interface ErrorText {
	message: string;
	description: string;
	httpCode?: number;
	code?: string;
	outcome: RequestOutcome;
}

/**
 * Every error of a gateway request is made here. n8n copies the answer into more fields than the
 * message and description (`errorResponse`, `messages`, `context`, …), all of which it saves with the
 * execution and logs: the whole error is redacted once it is complete, whatever field holds an echo.
 */
export function gatewayError(call: FailedCall, response: JsonObject, text: ErrorText): NodeApiError {
	// Redacted before the title is made: a secret in it (a Base URL's password) would make it look long.
	const error = apiError(call.ctx.getNode(), response, {
		message: redact(text.message, call.secrets),
		description: redact(text.description, call.secrets),
		httpCode: text.httpCode === undefined ? undefined : String(text.httpCode),
		itemIndex: call.itemIndex,
	});
	const fields: GatewayErrorFields = { code: text.code ?? null, httpCode: text.httpCode ?? null };
	if (!call.idempotent) fields.outcome = text.outcome;
	Object.assign(error.context, fields);
	return keepWholeText(redactDeep(error, call.secrets), redact(wholeText(error), call.secrets));
}

/**
 * What a request that is not idempotent may have done when its outcome is unknown: a send names its channel's message
 * ("the WhatsApp message may already have been sent"), any other (a contact, an opt-out) the gateway's doing.
 */
export const mayBeDone = (channel: Channel | undefined): string =>
	channel ? `the ${CHANNEL_MESSAGE[channel]} may already have been sent` : 'the gateway may already have done it';
export const CHECK_LOG = "Not retried. Check the gateway's message log before sending again, or it may be sent twice.";
export const tries = (call: FailedCall) => (call.attempt === 1 ? '' : `, ${call.attempt} tries`);

/** No answer: the connection failed before the request went out (`reached` false), or after. */
export function failedConnection(
	call: FailedCall,
	error: Error,
	how: { code?: string; refused: boolean; reached: boolean },
): NodeApiError {
	const { code } = how;
	const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(error.message);
	const cause = `(${code ?? error.message})`;
	// The raw code stays out of the message: n8n would replace a message naming it with a generic text.
	if (how.reached) {
		const what = timedOut
			? `No answer from the gateway within ${call.timeoutMs} ms`
			: 'The connection to the gateway broke before it answered';
		return gatewayError(
			call,
			{ message: error.message },
			{
				message: call.idempotent ? `${what}${tries(call)}` : `${what}: ${mayBeDone(call.channel)}`,
				description: call.idempotent
					? `Run again later ${cause}.`
					: `${CHECK_LOG} ${timedOut ? 'The timeout is an option of the node.' : cause}`,
				code,
				outcome: 'unknown',
			},
		);
	}
	const why = how.refused
		? 'connection refused'
		: timedOut
			? `no connection within ${call.timeoutMs} ms`
			: code === 'ECONNRESET'
				? 'the connection was reset before the request went out'
				: 'no connection';
	return gatewayError(
		call,
		{ message: error.message },
		{
			message: `Could not reach the gateway at ${call.baseUrl}: ${why}${tries(call)}`,
			description: `Check the Base URL in the credential and that this server can reach it ${cause}.${call.idempotent ? '' : ' Nothing was sent.'}`,
			code,
			outcome: 'notSent',
		},
	);
}

/** A Base URL no request can go to; its user info (and so any password) is left out. */
export function invalidBaseUrl(call: FailedCall): NodeApiError {
	return gatewayError(
		call,
		{ body: 'no request made' },
		{
			message: `The Base URL in the credential is not an http(s) address: ${call.baseUrl}`,
			description:
				'Use the form https://host. A user name or password in it must be percent-encoded (e.g. %40 for @, %23 for #, %2F for /, %3F for ?).',
			outcome: 'notSent',
		},
	);
}
