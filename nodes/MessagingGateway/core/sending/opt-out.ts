/**
 * The opt-out list's one code: the gateway refuses a send to a number on the list, and the addition of
 * a number already on it, with 131 (docs/gateway-api.md#api-errors).
 */
import { refusalCodeOf } from './refusal';

export const OPTED_OUT_CODE = '131';

/** Whether `error` (a gateway error) is the gateway's refusal with 131: a 5xx naming 131 is an unknown outcome. */
export const isOptedOutRefusal = (error: unknown): boolean => refusalCodeOf(error) === OPTED_OUT_CODE;
