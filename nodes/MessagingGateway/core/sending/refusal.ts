/**
 * A refusal the gateway stands behind: an answer of HTTP 4xx (other than 429, which asks to wait) says it did nothing
 * with the request, so its code may be acted on — a recipient on the opt-out list skipped and the others sent again
 * (131), an SMS instead of WhatsApp (137, 140). A 5xx may have sent the message whatever code its body carries: its
 * outcome is unknown (docs/gateway-api.md#api-errors), never a refusal.
 */

/** The code of `error` (a gateway error: `context.code`, `context.httpCode`) when it is a refusal, else undefined. */
export function refusalCodeOf(error: unknown): string | undefined {
	const context = (error as { context?: { code?: unknown; httpCode?: unknown } } | undefined)?.context;
	const status = context?.httpCode;
	const refused = typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
	return refused && typeof context?.code === 'string' ? context.code : undefined;
}
