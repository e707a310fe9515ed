/**
 * The first two steps of a webhook request: verify it (the signature over the raw bytes, or the
 * owner's explicit choice to accept unsigned requests) and read its body (JSON, or a GET's query).
 * A request that fails either step is answered here and starts nothing.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import { decodeQueryEvent } from '../core/events/query';
import { isUsableSecret, verifySignature, type SignatureFailure } from '../core/events/signature';
import { CREDENTIAL_TYPE } from '../constants';
import { respond, warnOwner } from './respond';
import { keptRegistrationOf } from './self-registration';

type RawRequest = ReturnType<IWebhookFunctions['getRequestObject']> & { rawBody?: Buffer; originalUrl?: string };

export interface TriggerOptions {
	autoRegister?: boolean;
	toleranceSeconds?: unknown;
	acceptUnsigned?: boolean;
	finalReportsOnly?: boolean;
	strictValidation?: boolean;
	replyHandling?: unknown;
	optOutKeywords?: boolean;
	helpReply?: unknown;
}

/** The query string exactly as received: GET webhooks sign it instead of a body (docs/gateway-api.md#signatures). */
function rawQueryString(req: RawRequest): string {
	const url = req.originalUrl ?? req.url ?? '';
	const start = url.indexOf('?');
	return start < 0 ? '' : url.slice(start + 1);
}

/** Refuses a request with 401, naming only the failed check; the diagnosis goes to the log. */
function refuseUnauthorized(ctx: IWebhookFunctions, check: SignatureFailure, diagnosis: string): IWebhookResponseData {
	warnOwner(ctx, `refused a webhook request (401, ${check}). ${diagnosis}`, { check });
	return respond(ctx, 401, { error: 'invalid_signature', check });
}

/**
 * `{ signed }` when the request may go on (`signed: false`: accepted unsigned, by the owner's option);
 * otherwise the answer already given.
 */
export async function verifyRequest(
	ctx: IWebhookFunctions,
	options: TriggerOptions,
): Promise<IWebhookResponseData | { signed: boolean }> {
	const req = ctx.getRequestObject() as RawRequest;
	const credentials = await ctx.getCredentials<{ signingSecret?: unknown }>(CREDENTIAL_TYPE);
	// A registration this node made verifies with its own secret; one made by hand, with the credential's.
	const kept = options.autoRegister === true ? keptRegistrationOf(ctx.getWorkflowStaticData('node')) : undefined;
	const secret = kept?.secret ?? credentials.signingSecret;
	if (!isUsableSecret(secret)) {
		if (options.acceptUnsigned === true) return { signed: false };
		return refuseUnauthorized(
			ctx,
			'no_signing_secret',
			"The credential has no signing secret, so the request cannot be verified. Set the webhook's signing secret in the gateway and in the credential, or turn on the trigger's option Accept Unsigned Requests.",
		);
	}
	const signed = req.method === 'GET' ? rawQueryString(req) : req.rawBody;
	if (signed === undefined) {
		return respond(ctx, 500, {
			error: 'raw_body_unavailable',
			message: 'n8n did not keep the raw request body, so the signature cannot be checked',
		});
	}
	const verified = verifySignature(signed, req.headers, secret, { toleranceSeconds: options.toleranceSeconds });
	return verified.ok ? { signed: true } : refuseUnauthorized(ctx, verified.reason, verified.message);
}

/** The request's events as JSON: a GET's query, else the body (parsed by n8n when it says JSON); or the 400 given. */
export function readBody(ctx: IWebhookFunctions): { body: unknown } | { answered: IWebhookResponseData } {
	const req = ctx.getRequestObject() as RawRequest;
	if (req.method === 'GET') return { body: decodeQueryEvent(ctx.getQueryData() as IDataObject) };
	if (/\bjson\b/i.test(String(req.headers['content-type'] ?? '')) || req.rawBody === undefined)
		return { body: ctx.getBodyData() };
	try {
		return { body: jsonParse(req.rawBody.toString('utf8')) };
	} catch (error) {
		return {
			answered: respond(ctx, 400, {
				error: 'malformed_json',
				message: `The body is not valid JSON: ${(error as Error).message.slice(0, 200)}`,
			}),
		};
	}
}
