/**
 * The opt-out list's one code: the gateway refuses a send to a number on the list, and the addition of
 * a number already on it, with 131 (docs/gateway-api.md#api-errors).
 */
export const OPTED_OUT_CODE = '131';

/** Whether `error` (a gateway error, its code in `context.code`) is the gateway's 131. */
export const isOptedOutRefusal = (error: unknown): boolean =>
	(error as { context?: { code?: unknown } } | undefined)?.context?.code === OPTED_OUT_CODE;
