/**
 * The errors of a gateway request that got an answer: an answer other than 2xx (a redirect, 429 or
 * 503, a failure on the gateway's side, a refusal in the gateway's own words), and a read's 2xx that is
 * not its answer. Made by transportErrors.ts's gatewayError, so no credential value ever reaches them.
 */
import type { IN8nHttpFullResponse, JsonObject, NodeApiError } from 'n8n-workflow';

import { describeCode } from './core/codes';
import { MAX_RETRY_AFTER_MS } from './core/sending/retry';
import { CHECK_LOG, gatewayError, mayBeDone, tries, type ErrorText, type FailedCall } from './transportErrors';
import { TITLE_LIMIT } from './nodeErrors';

/** An error answer's body as an object, for NodeApiError: JSON as it came, anything else as text. */
function errorBody(response: IN8nHttpFullResponse): JsonObject {
	return (
		typeof response.body === 'object' && response.body !== null && !Array.isArray(response.body)
			? response.body
			: { body: typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '') }
	) as JsonObject;
}

/** The gateway's own words for a refusal: `{"error":"104","errorMsg":"Invalid credentials"}` (docs/gateway-api.md#api-errors). */
function refusalText(body: JsonObject, status: number): Pick<ErrorText, 'message' | 'description' | 'code'> {
	const code = typeof body.error === 'string' || typeof body.error === 'number' ? String(body.error) : undefined;
	const text = typeof body.errorMsg === 'string' ? body.errorMsg : undefined;
	const explanation = code === undefined ? undefined : describeCode(code);
	const inOwnWords = code !== undefined && text !== undefined ? `${text} (gateway code ${code})` : undefined;
	// The gateway's words as the title when they fit in one; else they open the description.
	const fits = inOwnWords !== undefined && inOwnWords.length <= TITLE_LIMIT && !/[\r\n]/.test(inOwnWords);
	const message = fits
		? inOwnWords
		: code !== undefined
			? `The gateway refused the request (code ${code})`
			: `The gateway answered HTTP ${status}`;
	const said = text !== undefined && !fits ? `It said: ${text}` : undefined;
	return { message, description: [said, explanation, `HTTP ${status}.`].filter(Boolean).join('. '), code };
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
export function failedAnswer(
	call: FailedCall,
	response: IN8nHttpFullResponse,
	delayMs: number | undefined,
	requestUrl: string,
): NodeApiError {
	const status = response.statusCode;
	const body = errorBody(response);
	if (status >= 300 && status < 400) {
		return gatewayError(
			call,
			{ body: `HTTP ${status}` },
			{
				message: `The gateway answered HTTP ${status}, a redirect to ${redirectHost(response.headers?.location, requestUrl)}: not followed`,
				description: `The credential is only sent to the Base URL's host, so nothing was sent there. Set the Base URL to the address the gateway's API answers on (https or http, host name, no path).`,
				httpCode: status,
				outcome: 'notSent',
			},
		);
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
			message: call.idempotent
				? `The gateway answered HTTP ${status} (a failure on its side)${tries(call)}`
				: `The gateway answered HTTP ${status}: ${mayBeDone(call.channel)}`,
			// A send's title names what may have gone out (within 100 characters); the failure's side is told below.
			description: call.idempotent
				? 'Run again later.'
				: `A failure on the gateway's side${code === undefined ? '' : ` (its answer named code ${code}; a failure is no refusal)`}. ${CHECK_LOG} Retrying a send is only safe when the gateway says it did nothing (HTTP 429 or 503).`,
			httpCode: status,
			code,
			outcome: 'unknown',
		});
	}
	return gatewayError(call, body, { ...refusalText(body, status), httpCode: status, outcome: 'notSent' });
}

const shapeOf = (body: unknown) =>
	body === undefined || body === null || body === ''
		? 'an empty body'
		: Array.isArray(body)
			? 'a JSON list'
			: typeof body === 'string'
				? 'text that is not JSON (e.g. a web page)'
				: `the JSON value ${JSON.stringify(body)}`;

/** A read's 2xx that is not its answer: an `error` in it, or no JSON object at all. */
export function failedRead(call: FailedCall, response: IN8nHttpFullResponse): NodeApiError {
	const status = response.statusCode;
	const body = errorBody(response);
	if (body.error !== undefined && typeof response.body === 'object') {
		const refusal = refusalText(body, status);
		return gatewayError(call, body, {
			...refusal,
			description: `${refusal.description} The gateway reported the error in a success answer.`,
			httpCode: status,
			outcome: 'notSent',
		});
	}
	return gatewayError(call, body, {
		message: `The gateway answered HTTP ${status} without the expected JSON object`,
		description: `It answered ${shapeOf(response.body)}. Check that the Base URL points at the gateway's API.`,
		httpCode: status,
		outcome: 'notSent',
	});
}
