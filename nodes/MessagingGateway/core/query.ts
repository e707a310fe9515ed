/**
 * GET webhooks carry the event as a query string (docs/gateway-api.md#webhooks): `encodeQuery`
 * writes it the way the gateway does (the emulator sends it); `decodeQueryEvent` (in payloads.ts,
 * next to the field tables it needs) reads it back. test/unit/query.test.ts proves the round trip
 * for all 14 webhook types.
 */

/**
 * Percent-encodes everything but RFC 3986's unreserved characters. encodeURIComponent leaves
 * `!'()*` as they are, and an HTTP client's URL parser then turns `'` into `%27`: the request would
 * carry another query string than the one signed. This form is the same before and after parsing.
 */
function encodeQueryPart(text: string): string {
	return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `message[messageid]=…&…` as qs and Express parse it. A query string cannot say null: a null field
 * is left out (the trigger restores it for the fields that can be null); `""` is sent as `field=`.
 */
export function encodeQuery(value: Record<string, unknown>, prefix = ''): string {
	const parts: string[] = [];
	for (const [key, item] of Object.entries(value)) {
		if (item === null || item === undefined) continue;
		const name = prefix ? `${prefix}[${encodeQueryPart(key)}]` : encodeQueryPart(key);
		if (typeof item === 'object') {
			parts.push(encodeQuery(item as Record<string, unknown>, name));
		} else {
			parts.push(`${name}=${encodeQueryPart(String(item))}`);
		}
	}
	return parts.filter((part) => part !== '').join('&');
}
