/**
 * The signature header of a webhook (docs/gateway-api.md#signatures): `X-Service-Signature: t=<unix seconds>,v1=<hex>`
 * with `X-Service-Timestamp` beside it, found among a request's headers and parsed. White-label deployments put their
 * brand word where "Service" stands. Signing and verifying: signature.ts.
 */

export const SIGNATURE_SCHEME = 'v1';
export const SIGNATURE_HEADER = 'X-Service-Signature';
export const TIMESTAMP_HEADER = 'X-Service-Timestamp';

export interface ParsedSignatureHeader {
	timestamp: number;
	/** `t` exactly as sent: the signed string starts with it, so it is never re-formatted. */
	timestampText: string;
	signatures: string[];
}

const TIMESTAMP_TEXT = /^\d{1,15}$/;

/** Parses `t=…,v1=…[,v1=…]`; undefined when there is no integer `t` or no `v1`. */
export function parseSignatureHeader(header: string): ParsedSignatureHeader | undefined {
	let timestamp: string | undefined;
	const signatures: string[] = [];
	// The comma-separated elements, walked in place (no array of parts is built).
	for (let start = 0; start <= header.length; ) {
		const comma = header.indexOf(',', start);
		const end = comma < 0 ? header.length : comma;
		const separator = header.indexOf('=', start);
		if (separator >= 0 && separator < end) {
			const key = header.slice(start, separator).trim();
			const value = header.slice(separator + 1, end).trim();
			if (key === 't' && TIMESTAMP_TEXT.test(value)) timestamp = value;
			if (key === SIGNATURE_SCHEME && value !== '') signatures.push(value);
		}
		start = end + 1;
	}
	if (timestamp === undefined || signatures.length === 0) return undefined;
	return { timestamp: Number(timestamp), timestampText: timestamp, signatures };
}

/** A brand word (`X-<brand>-Signature`, `X-<brand>-Timestamp`): the one rule the emulator signs with and the trigger reads. */
const BRAND_CHARACTERS = '[A-Za-z0-9._-]+';
export const BRAND_WORD = new RegExp(`^${BRAND_CHARACTERS}$`);
const BRANDED_SIGNATURE = new RegExp(`^x-(${BRAND_CHARACTERS})-signature$`, 'i');

export type HeaderBag = Record<string, string | string[] | undefined>;

/** Request headers as a plain object (Node's `req.headers`), a fetch `Headers` or a `Map`. */
export type HeaderSource = HeaderBag | Headers | Map<string, string | string[] | undefined>;

/** A plain object of headers, not a fetch Headers or a Map (its own `entries` key would be a header value, not a function). */
function isPlainHeaders(headers: HeaderSource | undefined | null): headers is HeaderBag {
	return (
		typeof headers === 'object' && headers !== null && typeof (headers as { entries?: unknown }).entries !== 'function'
	);
}

/** Calls `visit` with every header: a plain object's own keys, or the entries of a Headers or Map. */
function forEachHeader(
	headers: HeaderSource | undefined | null,
	visit: (name: string, value: string | string[] | undefined) => void,
): void {
	if (isPlainHeaders(headers)) {
		for (const name of Object.keys(headers)) visit(name, headers[name]);
	} else if (typeof headers === 'object' && headers !== null) {
		for (const [name, value] of (headers as Map<string, string | string[] | undefined>).entries()) visit(name, value);
	}
}

const HAS_SCHEME = /(^|,)\s*t=/;
const SERVICE_SIGNATURE = SIGNATURE_HEADER.toLowerCase();
const SERVICE_TIMESTAMP = TIMESTAMP_HEADER.toLowerCase();

function headerValue(value: string | string[] | undefined): string | undefined {
	return Array.isArray(value) ? value[0] : value;
}

/**
 * Finds the signature header and its timestamp header: `X-Service-Signature` first, else any
 * `X-<brand>-Signature` (BRAND_WORD) whose value has the `t=…,v1=…` form (other X-…-Signature headers, such as a
 * proxy's, are left alone).
 */
export function findSignatureHeaders(
	headers: HeaderSource,
): { signature: string; timestamp?: string; name: string } | undefined {
	// Node's req.headers (what n8n passes): every name lower-cased, once. The usual request is read directly.
	if (isPlainHeaders(headers)) {
		const signature = headerValue(headers[SERVICE_SIGNATURE]);
		const timestamp = headerValue(headers[SERVICE_TIMESTAMP]);
		if (typeof signature === 'string' && typeof timestamp === 'string' && HAS_SCHEME.test(signature)) {
			return { name: SERVICE_SIGNATURE, signature, timestamp };
		}
	}
	// Only X-… headers can matter; lower-cased, first-seen order, the last value of each.
	const lower = new Map<string, string>();
	forEachHeader(headers, (name, value) => {
		if (name.length < 2 || name[1] !== '-' || (name[0] !== 'x' && name[0] !== 'X')) return;
		const text = headerValue(value);
		if (typeof text === 'string') lower.set(name.toLowerCase(), text);
	});
	// X-Service-Signature first, then the others in the order received.
	const serviceValue = lower.get(SERVICE_SIGNATURE);
	if (serviceValue !== undefined && HAS_SCHEME.test(serviceValue)) {
		return { name: SERVICE_SIGNATURE, signature: serviceValue, timestamp: lower.get(SERVICE_TIMESTAMP) };
	}
	const candidates: string[] = serviceValue !== undefined ? [SERVICE_SIGNATURE] : [];
	for (const name of lower.keys())
		if (name !== SERVICE_SIGNATURE && BRANDED_SIGNATURE.test(name)) candidates.push(name);
	const withScheme = candidates.find((name) => HAS_SCHEME.test(lower.get(name) ?? ''));
	const name = withScheme ?? candidates[0];
	if (name === undefined) return undefined;
	const brand = BRANDED_SIGNATURE.exec(name)?.[1];
	return { name, signature: lower.get(name) ?? '', timestamp: lower.get(`x-${brand}-timestamp`) };
}
