/**
 * The errors of a gateway request, worded for what the request is: a send (may it have been sent?)
 * or a read (nothing changes at the gateway). No credential value ever reaches them.
 */
import type { IExecuteFunctions, ILoadOptionsFunctions, IN8nHttpFullResponse, IWebhookFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { describeCode } from './core/codes';
import { redactDeep } from './core/secrets/redact';
import { MAX_RETRY_AFTER_MS } from './core/sending/retry';

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
}

/** The outcome a send's error carries, or undefined for any other error. */
export function outcomeOf(error: unknown): RequestOutcome | undefined {
	const outcome = (error as { context?: { outcome?: unknown } } | undefined)?.context?.outcome;
	return outcome === 'unknown' || outcome === 'notSent' ? outcome : undefined;
}

interface ErrorText {
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
function gatewayError(call: FailedCall, response: JsonObject, text: ErrorText): NodeApiError {
	const error = new NodeApiError(call.ctx.getNode(), response, {
		message: text.message,
		description: text.description,
		httpCode: text.httpCode === undefined ? undefined : String(text.httpCode),
		itemIndex: call.itemIndex,
	});
	const fields: GatewayErrorFields = { code: text.code ?? null, httpCode: text.httpCode ?? null };
	if (!call.idempotent) fields.outcome = text.outcome;
	Object.assign(error.context, fields);
	return redactDeep(error, call.secrets);
}

const MAY_BE_SENT = 'Not retried: the SMS may already have been sent';
const CHECK_LOG = "Check the gateway's message log before sending again, or it may be sent twice.";
const tries = (call: FailedCall) => (call.attempt === 1 ? '' : `, ${call.attempt} tries`);

/** No answer: the connection failed before the request went out (`reached` false), or after. */
export function failedConnection(call: FailedCall, error: Error, how: { code?: string; refused: boolean; reached: boolean }): NodeApiError {
	const { code } = how;
	const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(error.message);
	const cause = `(${code ?? error.message})`;
	// The raw code stays out of the message: n8n would replace a message naming it with a generic text.
	if (how.reached) {
		const what = timedOut ? `No answer from the gateway within ${call.timeoutMs} ms` : 'The connection to the gateway broke before it answered';
		return gatewayError(call, { message: error.message }, {
			message: call.idempotent ? `${what}${tries(call)}` : `${what}. ${MAY_BE_SENT}`,
			description: call.idempotent ? `Run again later ${cause}.` : `${CHECK_LOG} ${timedOut ? 'The timeout is an option of the node.' : cause}`,
			code,
			outcome: 'unknown',
		});
	}
	const why = how.refused ? 'connection refused' : timedOut ? `no connection within ${call.timeoutMs} ms` : code === 'ECONNRESET' ? 'the connection was reset before the request went out' : 'no connection';
	return gatewayError(call, { message: error.message }, {
		message: `Could not reach the gateway at ${call.baseUrl}: ${why}${tries(call)}`,
		description: `Check the Base URL in the credential and that this server can reach it ${cause}.${call.idempotent ? '' : ' Nothing was sent.'}`,
		code,
		outcome: 'notSent',
	});
}

/** A Base URL no request can go to; its user info (and so any password) is left out. */
export function invalidBaseUrl(call: FailedCall): NodeApiError {
	return gatewayError(call, { body: 'no request made' }, {
		message: `The Base URL in the credential is not an http(s) address: ${call.baseUrl}`,
		description: 'Use the form https://host. A user name or password in it must be percent-encoded (e.g. %40 for @, %23 for #, %2F for /, %3F for ?).',
		outcome: 'notSent',
	});
}

/** An error answer's body as an object, for NodeApiError: JSON as it came, anything else as text. */
function errorBody(response: IN8nHttpFullResponse): JsonObject {
	return (typeof response.body === 'object' && response.body !== null && !Array.isArray(response.body) ? response.body : { body: typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '') }) as JsonObject;
}

/** The gateway's own words for a refusal: `{"error":"104","errorMsg":"Invalid credentials"}` (docs/gateway-api.md#api-errors). */
function refusalText(body: JsonObject, status: number): Pick<ErrorText, 'message' | 'description' | 'code'> {
	const code = typeof body.error === 'string' || typeof body.error === 'number' ? String(body.error) : undefined;
	const text = typeof body.errorMsg === 'string' ? body.errorMsg : undefined;
	const explanation = code === undefined ? undefined : describeCode(code);
	const message =
		code !== undefined && text !== undefined
			? `${text} (gateway code ${code})`
			: code !== undefined
				? `The gateway refused the request (code ${code})`
				: `The gateway answered HTTP ${status}`;
	return { message, description: [explanation, `HTTP ${status}.`].filter(Boolean).join('. '), code };
}

/** Where a redirect points: its host only (a query may hold anything). */
function redirectHost(location: unknown, requestUrl: string): string {
	try {
		return `another address (${new URL(String(location), requestUrl).host})`;
	} catch {
		return 'an address it does not name';
	}
}

/** An answer other than 2xx, after the retries it allowed. `delayMs`: the wait the gateway asked for, if any. */
export function failedAnswer(call: FailedCall, response: IN8nHttpFullResponse, delayMs: number | undefined, requestUrl: string): NodeApiError {
	const status = response.statusCode;
	const body = errorBody(response);
	if (status >= 300 && status < 400) {
		return gatewayError(call, { body: `HTTP ${status}` }, {
			message: `The gateway answered HTTP ${status}, a redirect to ${redirectHost(response.headers?.location, requestUrl)}: not followed, the credential is only sent to the Base URL's host`,
			description: `Nothing was sent there. Set the Base URL to the address the gateway's API answers on (https or http, host name, no path).`,
			httpCode: status,
			outcome: 'notSent',
		});
	}
	if (status === 429 || status === 503) {
		const nothing = call.idempotent ? 'The gateway did not handle the request' : 'Nothing was sent';
		return gatewayError(call, body, {
			message: `The gateway answered HTTP ${status} (${status === 429 ? 'too many requests' : 'unavailable'}) ${call.attempt} times`,
			description:
				(delayMs ?? 0) > MAX_RETRY_AFTER_MS
					? `It asked to wait ${Math.round((delayMs ?? 0) / 1000)} s, longer than the node waits. ${nothing}; run again later.`
					: `${nothing}. Lower the concurrency option or send fewer items at once.`,
			httpCode: status,
			outcome: 'notSent',
		});
	}
	const { code } = refusalText(body, status);
	if (status >= 500) {
		return gatewayError(call, body, {
			message: call.idempotent ? `The gateway answered HTTP ${status} (a failure on its side)${tries(call)}` : `The gateway answered HTTP ${status} (a failure on its side). ${MAY_BE_SENT}`,
			description: call.idempotent ? 'Run again later.' : `${CHECK_LOG} Retrying a send is only safe when the gateway says it did nothing (HTTP 429 or 503).`,
			httpCode: status,
			code,
			outcome: 'unknown',
		});
	}
	return gatewayError(call, body, { ...refusalText(body, status), httpCode: status, outcome: 'notSent' });
}

const shapeOf = (body: unknown) =>
	body === undefined || body === null || body === '' ? 'an empty body' : Array.isArray(body) ? 'a JSON list' : typeof body === 'string' ? 'text that is not JSON (e.g. a web page)' : `the JSON value ${JSON.stringify(body)}`;

/** A read's 2xx that is not its answer: an `error` in it, or no JSON object at all. */
export function failedRead(call: FailedCall, response: IN8nHttpFullResponse): NodeApiError {
	const status = response.statusCode;
	const body = errorBody(response);
	if (body.error !== undefined && typeof response.body === 'object') {
		const refusal = refusalText(body, status);
		return gatewayError(call, body, { ...refusal, description: `${refusal.description} The gateway reported the error in a success answer.`, httpCode: status, outcome: 'notSent' });
	}
	return gatewayError(call, body, {
		message: `The gateway answered HTTP ${status} without the expected JSON object`,
		description: `It answered ${shapeOf(response.body)}. Check that the Base URL points at the gateway's API.`,
		httpCode: status,
		outcome: 'notSent',
	});
}
