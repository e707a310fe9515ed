/**
 * Code tables only the emulator needs: what it writes into the events it emits. The codes
 * themselves are the gateway's (core/codes.ts, docs/gateway-api.md#codes).
 */
import { DELIVERY_CODES } from '../nodes/MessagingGateway/core/codes';

/** The `delivery_status` text a delivery report carries with `code`: its name in lower case (docs/gateway-api.md#webhook-types). */
export function deliveryStatusText(code: string): string | undefined {
	return DELIVERY_CODES[code]?.name.toLowerCase();
}

/** The status code (core STATUS_CODES) an api_error webhook carries for a request refused with an HTTP API error code; UNKNOWN otherwise. */
export const API_ERROR_STATUS_CODES: Readonly<Record<string, number>> = {
	'102': 4001,
	'103': 2006,
	'106': 2006,
	'108': 2000,
	'109': 2005,
	'110': 2005,
	'111': 2005,
	'118': 2001,
	'121': 4000,
	'131': 4004,
};
export const UNKNOWN_STATUS_CODE = 4000;
