/** The one place that talks HTTP to the gateway. */
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { CREDENTIAL_TYPE, DEFAULT_TIMEOUT_MS, NO_REDIRECTS } from './constants';
import { baseUrlOf, secretsOf, type Credentials } from './credentialSecrets';
import { isObject } from './core/objects';
import { redactDeep } from './core/secrets/redact';
import { resumeSignaturesIn } from './core/questions/resume-link';
import { retryDecision, type AttemptOutcome, type RetryDecision } from './core/sending/retry';
import type { Channel } from './core/sending/send';
import { failedAnswer, failedRead } from './answerErrors';
import { failedConnection, invalidBaseUrl, type FailedCall, type Secrets } from './transportErrors';
import { operationError, wholeText } from './nodeErrors';

export type { GatewayErrorFields, RequestOutcome, Secrets } from './transportErrors';
export { outcomeOf } from './transportErrors';

/**
 * A running node, the editor loading a list (list search), a waiting question sending its reminder, the Inbox
 * Trigger's poll, or the webhook trigger registering itself (activation).
 */
export type GatewayContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IWebhookFunctions
	| IPollFunctions
	| IHookFunctions;

export interface GatewayRequest {
	method: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	itemIndex: number;
	timeoutMs?: number;
	/**
	 * True for a request that changes nothing at the gateway (balance, sender IDs, account, format):
	 * it is also retried after a 5xx, a timeout or a reset, and its 2xx answer must be a JSON object
	 * without an `error`. False or absent: a send, never retried once the gateway may have processed
	 * it; its errors carry `context.outcome`, its 2xx answer is returned for the caller to check.
	 */
	idempotent?: boolean;
	/** A send's channel: its errors name the message that may have gone out (SMS, voice message, WhatsApp message). */
	channel?: Channel;
	/**
	 * The request may outlive a webhook's answer (the trigger's opt-out, still under way when the gateway is
	 * answered). n8n applies the credential's headers with the webhook's expression engine, which it releases
	 * with the answer: so such a request carries the credential's headers itself, read when it starts.
	 */
	detached?: boolean;
	/** Values of this request that no error may show besides the credential's (a webhook registration's secret in its path). */
	secrets?: Secrets;
	/**
	 * The 2xx answer is read by the node and never shown: returned as it came, not redacted (a new webhook's secret,
	 * which may be the credential's signing secret).
	 */
	readOnly?: boolean;
}

/** Codes of n8n's HTTP client (axios, Node's net and dns) raised before any byte reached the gateway. */
const NOT_CONNECTED = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'ENETUNREACH',
	'EHOSTUNREACH',
	'ERR_INVALID_URL',
	'ERR_BAD_OPTION_VALUE',
]);

const errorCode = (error: unknown): string | undefined => {
	const candidate = error as { code?: unknown; cause?: { code?: unknown } };
	const code = candidate.code ?? candidate.cause?.code;
	return typeof code === 'string' ? code : undefined;
};

/**
 * Whether the whole request went out to the gateway. n8n's client is axios, whose errors keep Node's
 * ClientRequest (`cause.request`): its `writableFinished` turns true once the request's last byte was
 * handed to the connection, and stays false when the connection failed first. Undefined when the
 * error does not tell.
 */
function requestWritten(error: unknown): boolean | undefined {
	const cause = (error as { cause?: unknown }).cause ?? error;
	const finished = (cause as { request?: { writableFinished?: unknown } } | undefined)?.request?.writableFinished;
	return typeof finished === 'boolean' ? finished : undefined;
}

/** What a failed try means for the retry: nothing reached the gateway, or the answer was lost. */
function attemptOutcome(error: unknown): AttemptOutcome | undefined {
	const code = errorCode(error);
	if (code === 'ECONNREFUSED' || (!NOT_CONNECTED.has(code ?? '') && requestWritten(error) === false))
		return { refused: true };
	return NOT_CONNECTED.has(code ?? '') ? undefined : { lost: true };
}

const headerText = (value: unknown) =>
	Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);

function isHttpUrl(url: string): boolean {
	try {
		return ['http:', 'https:'].includes(new URL(url).protocol);
	} catch {
		return false;
	}
}

async function prepare(
	ctx: GatewayContext,
	request: GatewayRequest,
): Promise<{ call: FailedCall; options: IHttpRequestOptions; send: () => Promise<unknown> }> {
	const credentials = await ctx.getCredentials<Credentials>(CREDENTIAL_TYPE, request.itemIndex);
	const baseUrl = baseUrlOf(credentials);
	// A question's reference carries its resume link's signature: a secret of this request as much as the credential's.
	const secrets: Secrets = [...secretsOf(credentials), ...resumeSignaturesIn(request.body), ...(request.secrets ?? [])];
	const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// The credential's headers go to the Base URL's host only: a redirect is answered as an error (docs/gateway-api.md#requests).
		...NO_REDIRECTS,
		timeout: timeoutMs,
	};
	if (request.body) options.body = request.body;
	const call: FailedCall = {
		ctx,
		itemIndex: request.itemIndex,
		secrets,
		idempotent: request.idempotent === true,
		baseUrl,
		timeoutMs,
		attempt: 1,
		channel: request.channel,
	};
	if (!isHttpUrl(baseUrl)) throw invalidBaseUrl(call);
	// The headers the credential's `authenticate` sets (credentials/MessagingGatewayApi.credentials.ts).
	const headers = { 'X-Client-Id': credentials.apiKey ?? '', 'X-Client-Secret': credentials.apiSecret ?? '' };
	const send = request.detached
		? async () => await ctx.helpers.httpRequest({ ...options, headers: { ...options.headers, ...headers } })
		: async () => await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, options);
	return { call, options, send };
}

/**
 * A 2xx answer: a send's body as it came (the caller checks it; redacted, as a node may output what it says besides
 * the message ids, and something that is not the gateway may echo the request's headers), a read's only when it is
 * the JSON object asked for.
 */
function answerOf(call: FailedCall, response: IN8nHttpFullResponse): IDataObject {
	const { body } = response;
	if (!call.idempotent)
		return redactDeep(
			(typeof body === 'object' && body !== null ? body : { response: body }) as IDataObject,
			call.secrets,
		);
	if (isObject(body) && body.error === undefined) return body as IDataObject;
	throw failedRead(call, response);
}

/** A list call's 2xx answer: a bare JSON array as it came, or the JSON object a read expects. */
function listAnswerOf(call: FailedCall, response: IN8nHttpFullResponse): IDataObject | IDataObject[] {
	return Array.isArray(response.body) ? (response.body as IDataObject[]) : answerOf(call, response);
}

async function waited(decision: RetryDecision): Promise<boolean> {
	if (decision.retry) await sleep(decision.delayMs);
	return decision.retry;
}

/** Sends one request with the credential's headers; retries only what is safe to retry for this request. */
export async function gatewayRequest(this: GatewayContext, request: GatewayRequest): Promise<IDataObject> {
	const { call, response } = await exchange(this, request);
	return request.readOnly ? (response.body as IDataObject) : answerOf(call, response);
}

/** A read of one page of a list (`request.idempotent` is implied): the bare array or the object the gateway answered. */
export async function gatewayList(this: GatewayContext, request: GatewayRequest): Promise<IDataObject | IDataObject[]> {
	const { call, response } = await exchange(this, { ...request, idempotent: true });
	return listAnswerOf(call, response);
}

/** The request's 2xx response, after the retries its kind allows; any other outcome is thrown, explained. */
async function exchange(
	ctx: GatewayContext,
	request: GatewayRequest,
): Promise<{ call: FailedCall; response: IN8nHttpFullResponse }> {
	const { call, options, send } = await prepare(ctx, request);
	const policy = { idempotent: call.idempotent };
	for (; ; call.attempt++) {
		let response: IN8nHttpFullResponse;
		try {
			response = (await send()) as IN8nHttpFullResponse;
		} catch (error) {
			const outcome = attemptOutcome(error);
			if (outcome && (await waited(retryDecision(outcome, call.attempt, policy)))) continue;
			const code = errorCode(error);
			throw failedConnection(call, error as Error, {
				code,
				refused: code === 'ECONNREFUSED',
				reached: outcome !== undefined && 'lost' in outcome,
			});
		}
		const status = response.statusCode;
		if (status >= 200 && status < 300) return { call, response };
		const decision =
			status >= 300 && status < 400
				? { retry: false as const }
				: retryDecision({ status, retryAfter: headerText(response.headers?.['retry-after']) }, call.attempt, policy);
		if (await waited(decision)) continue;
		throw failedAnswer(call, response, decision.delayMs, `${options.url}`);
	}
}

/** The `{ error, code, httpCode }` an item carries when the node continues on fail. */
export function errorItemJson(error: Error & { context?: IDataObject; httpCode?: string | null }): IDataObject {
	const context = error.context ?? {};
	return {
		error: wholeText(error),
		code: (context.code as string | null | undefined) ?? null,
		httpCode: (context.httpCode as number | null | undefined) ?? (error.httpCode ? Number(error.httpCode) : null),
	};
}

/** Errors of this package are already n8n errors; anything else (a bug) is wrapped to name the item. */
export function asNodeError(
	ctx: Pick<IExecuteFunctions, 'getNode'>,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return operationError(ctx.getNode(), error as Error, { itemIndex });
}
