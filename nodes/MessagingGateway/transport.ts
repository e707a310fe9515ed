/** The one place that talks HTTP to the gateway. */
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { CREDENTIAL_TYPE, DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS } from './constants';
import { describeCode } from './core/codes';
import { redact, redactDeep, userInfoSecrets } from './core/redact';
import { MAX_ATTEMPTS, MAX_RETRY_AFTER_MS, retryDecision } from './core/retry';

/** A running node, or the editor loading a list (list search). */
export type GatewayContext = IExecuteFunctions | ILoadOptionsFunctions;

export interface GatewayRequest {
	method: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	itemIndex: number;
	timeoutMs?: number;
	/** Why a 2xx answer does not confirm the request (e.g. no message id), or undefined when it does. */
	confirm?: (body: IDataObject) => string | undefined;
}

/** What an item carries under Continue On Fail, and what NodeApiError keeps in its context. */
export interface GatewayErrorFields {
	code: string | null;
	httpCode: number | null;
}

/** The credential's values that must never appear in an error: key, secret, and the Base URL's user info. */
export type Secrets = readonly string[];

function gatewayError(
	ctx: GatewayContext,
	response: JsonObject,
	options: { message: string; description?: string; httpCode?: number; code?: string; itemIndex: number; secrets: Secrets },
): NodeApiError {
	const { secrets } = options;
	const error = new NodeApiError(ctx.getNode(), redactDeep(response, secrets), {
		message: redact(options.message, secrets),
		description: options.description === undefined ? undefined : redact(options.description, secrets),
		httpCode: options.httpCode === undefined ? undefined : String(options.httpCode),
		itemIndex: options.itemIndex,
	});
	const fields: GatewayErrorFields = { code: options.code ?? null, httpCode: options.httpCode ?? null };
	Object.assign(error.context, fields);
	return error;
}

const headerText = (value: unknown) => (Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value));

/** An error answer's body as an object, for NodeApiError: JSON as it came, anything else as text. */
function errorBody(response: IN8nHttpFullResponse): JsonObject {
	return (typeof response.body === 'object' && response.body !== null ? response.body : { body: String(response.body ?? '') }) as JsonObject;
}

/** Turns an error answer of the gateway into a NodeApiError that names the code and explains it. */
function errorFromResponse(ctx: GatewayContext, response: IN8nHttpFullResponse, itemIndex: number, secrets: Secrets): NodeApiError {
	const status = response.statusCode;
	const body = errorBody(response);
	const code = typeof body.error === 'string' || typeof body.error === 'number' ? String(body.error) : undefined;
	if (status >= 500) {
		return gatewayError(ctx, body, {
			message: `The gateway answered HTTP ${status} (a failure on its side). Not retried: the SMS may already have been sent`,
			description:
				"Check the gateway's message log before sending again, or you may send the SMS twice. Retrying a send is only safe when the gateway says it did nothing (HTTP 429 or 503).",
			httpCode: status,
			code,
			itemIndex,
			secrets,
		});
	}
	const text = typeof body.errorMsg === 'string' ? body.errorMsg : undefined;
	const explanation = code === undefined ? undefined : describeCode(code);
	const message =
		code !== undefined && text !== undefined
			? `${text} (gateway code ${code})`
			: code !== undefined
				? `The gateway refused the request (code ${code})`
				: `The gateway answered HTTP ${status}`;
	return gatewayError(ctx, body, {
		message,
		description: [explanation, `HTTP ${status}.`].filter(Boolean).join('. '),
		httpCode: status,
		code,
		itemIndex,
		secrets,
	});
}

const errorCode = (error: unknown): string | undefined => {
	const candidate = error as { code?: unknown; cause?: { code?: unknown } };
	const code = candidate.code ?? candidate.cause?.code;
	return typeof code === 'string' ? code : undefined;
};

/** Sends one request with the credential's headers; retries only what is safe to retry. */
export async function gatewayRequest(this: GatewayContext, request: GatewayRequest): Promise<IDataObject> {
	const credentials = await this.getCredentials<{ baseUrl?: string; apiKey?: string; apiSecret?: string }>(CREDENTIAL_TYPE, request.itemIndex);
	const baseUrl = (credentials.baseUrl || DEFAULT_BASE_URL).replace(/\/+$/, '');
	const secrets: Secrets = [credentials.apiKey ?? '', credentials.apiSecret ?? '', ...userInfoSecrets(baseUrl)];
	const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout,
	};
	if (request.body) options.body = request.body;

	for (let attempt = 1; ; attempt++) {
		let response: IN8nHttpFullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options)) as IN8nHttpFullResponse;
		} catch (error) {
			const code = errorCode(error);
			if (code === 'ECONNREFUSED') {
				const decision = retryDecision({ refused: true }, attempt);
				if (decision.retry) {
					await sleep(decision.delayMs);
					continue;
				}
			}
			const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test((error as Error).message);
			throw gatewayError(this, { message: (error as Error).message }, {
				// The raw code stays out of the message: n8n would replace a message naming it with a generic text.
				message: timedOut
					? `No answer from the gateway within ${timeout} ms. Not retried: the SMS may already have been sent`
					: `Could not reach the gateway at ${baseUrl}: ${code === 'ECONNREFUSED' ? `connection refused, ${MAX_ATTEMPTS} tries` : 'no connection'}`,
				description: timedOut
					? "Check the gateway's message log before sending again. The timeout is an option of the node."
					: `Check the Base URL in the credential and that this server can reach it (${code ?? (error as Error).message}).`,
				code,
				itemIndex: request.itemIndex,
				secrets,
			});
		}
		const status = response.statusCode;
		if (status >= 200 && status < 300) {
			const body = (typeof response.body === 'object' && response.body !== null ? response.body : { response: response.body }) as IDataObject;
			const problem = request.confirm?.(body);
			if (problem === undefined) return body;
			throw gatewayError(this, body as JsonObject, {
				message: `The gateway did not confirm the send: ${problem}`,
				description: `It answered HTTP ${status} without the expected message ids, so this item is not counted as sent. Check that the Base URL points at the gateway's API.`,
				httpCode: status,
				itemIndex: request.itemIndex,
				secrets,
			});
		}
		if (status === 429 || status === 503) {
			const decision = retryDecision({ status, retryAfter: headerText(response.headers?.['retry-after']) }, attempt);
			if (decision.retry) {
				await sleep(decision.delayMs);
				continue;
			}
			const delay = decision.delayMs ?? 0;
			throw gatewayError(this, errorBody(response), {
				message: `The gateway answered HTTP ${status} (${status === 429 ? 'too many requests' : 'unavailable'}) ${attempt} times`,
				description:
					delay > MAX_RETRY_AFTER_MS
						? `It asked to wait ${Math.round(delay / 1000)} s, longer than the node waits. Nothing was sent; run again later.`
						: 'Nothing was sent. Lower the concurrency option or send fewer items at once.',
				httpCode: status,
				itemIndex: request.itemIndex,
				secrets,
			});
		}
		throw errorFromResponse(this, response, request.itemIndex, secrets);
	}
}

/** The `{ error, code, httpCode }` an item carries when the node continues on fail. */
export function errorItemJson(error: Error & { context?: IDataObject; httpCode?: string | null }): IDataObject {
	const context = error.context ?? {};
	return {
		error: error.message,
		code: (context.code as string | null | undefined) ?? null,
		httpCode: (context.httpCode as number | null | undefined) ?? (error.httpCode ? Number(error.httpCode) : null),
	};
}

/** Errors of this package are already n8n errors; anything else (a bug) is wrapped to name the item. */
export function asNodeError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}
