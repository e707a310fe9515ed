/**
 * Webhook signatures (docs/gateway-api.md#signatures): `X-Service-Signature: t=<unix seconds>,v1=<hex>` where the hex is
 * HMAC-SHA256(secret, timestamp + "." + raw body), or the raw query string for GET webhooks.
 * White-label deployments put their brand word where "Service" stands. Finding and parsing the header: signature-header.ts.
 */
import { createHmac, timingSafeEqual } from 'crypto';

import {
	findSignatureHeaders,
	parseSignatureHeader,
	SIGNATURE_HEADER,
	SIGNATURE_SCHEME,
	type HeaderSource,
	type ParsedSignatureHeader,
} from './signature-header';

export const DEFAULT_TOLERANCE_SECONDS = 300;

export type Payload = string | Uint8Array;

export type SignatureFailure =
	| 'no_signing_secret'
	| 'missing_header'
	| 'malformed_header'
	| 'timestamp_mismatch'
	| 'timestamp_outside_tolerance'
	| 'no_matching_signature';

export type VerifyResult =
	| { ok: true; timestamp: number; header: string }
	| { ok: false; reason: SignatureFailure; message: string };

export function computeSignature(payload: Payload, timestamp: number | string, secret: string): string {
	return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(payload).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function secureCompare(a: string, b: string): boolean {
	const left = Buffer.from(a, 'utf8');
	const right = Buffer.from(b, 'utf8');
	return left.length === right.length && timingSafeEqual(left, right);
}

/** The `t=…,v1=…` header value for a payload, as the gateway sends it. */
export function signPayload(payload: Payload, secret: string, timestamp = unixNow()): string {
	return `t=${timestamp},${SIGNATURE_SCHEME}=${computeSignature(payload, timestamp, secret)}`;
}

/** Both headers for a payload: what the emulator sends, and what a user can use to test a receiver. */
export function generateTestHeaders(
	payload: Payload,
	secret: string,
	timestamp = unixNow(),
	brand = 'Service',
): Record<string, string> {
	return {
		[`X-${brand}-Timestamp`]: String(timestamp),
		[`X-${brand}-Signature`]: signPayload(payload, secret, timestamp),
	};
}

export interface VerifyOptions {
	/**
	 * Seconds a timestamp may differ from now; 0 turns the age check off. Anything that is not a
	 * finite number ≥ 0 (undefined, null, '', NaN, a negative number, a text) means the default.
	 */
	toleranceSeconds?: unknown;
	/** Unix seconds; defaults to the clock. */
	now?: number;
}

/**
 * The tolerance to apply: fails closed, so only an explicit finite number ≥ 0 is taken as given,
 * and only an explicit 0 turns the age check off.
 */
export function resolveTolerance(value: unknown): number {
	return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : DEFAULT_TOLERANCE_SECONDS;
}

/** True for a secret that can verify anything: a text that is not empty. */
export function isUsableSecret(secret: unknown): secret is string {
	return typeof secret === 'string' && secret !== '';
}

/**
 * Verifies a webhook. `payload` must be the raw bytes received (the raw query string for GET).
 * Throws for a missing, empty or non-text secret: an empty HMAC key is no secret, and accepting
 * what it signs would let anyone through.
 */
export function verifySignature(
	payload: Payload,
	headers: HeaderSource,
	secret: string,
	{ toleranceSeconds, now = unixNow() }: VerifyOptions = {},
): VerifyResult {
	if (!isUsableSecret(secret)) {
		throw new TypeError(
			`verifySignature needs the signing secret as a non-empty string (got ${secret === '' ? 'an empty string' : typeof secret}); nothing can be verified without it`,
		);
	}
	if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) {
		throw new TypeError('verifySignature needs the raw payload as a string or bytes (a Buffer)');
	}
	const tolerance = resolveTolerance(toleranceSeconds);
	const found = findSignatureHeaders(headers);
	if (!found) {
		return fail(
			'missing_header',
			`No ${SIGNATURE_HEADER} header (or X-<Brand>-Signature) on the request. A signing secret is set in the credential, so every request must be signed: set the same secret on the webhook in the gateway, or clear it in the credential.`,
		);
	}
	const parsed = parseSignatureHeader(found.signature);
	if (!parsed) {
		return fail(
			'malformed_header',
			`The ${found.name} header is not in the form t=<timestamp>,${SIGNATURE_SCHEME}=<signature>.`,
		);
	}
	if (found.timestamp !== undefined && found.timestamp.trim() !== parsed.timestampText) {
		return fail(
			'timestamp_mismatch',
			`The timestamp header (${found.timestamp}) differs from t=${parsed.timestamp} in the signature header.`,
		);
	}
	if (tolerance > 0 && !(Math.abs(now - parsed.timestamp) <= tolerance)) {
		const age = now - parsed.timestamp;
		const when = age > 0 ? `${age} s old` : `${-age} s in the future`;
		return fail(
			'timestamp_outside_tolerance',
			`The timestamp is ${when}; at most ${tolerance} s is accepted. A replayed request, or a clock that is off on this server or the sender (check NTP). The tolerance is an option of the trigger.`,
		);
	}
	const expected = computeSignature(payload, parsed.timestampText, secret);
	if (parsed.signatures.some((signature) => secureCompare(expected, signature))) {
		return { ok: true, timestamp: parsed.timestamp, header: found.name };
	}
	return fail('no_matching_signature', `${noMatchHint(payload, parsed, secret)} (header ${found.name})`);
}

function noMatchHint(payload: Payload, parsed: ParsedSignatureHeader, secret: string): string {
	const base = 'No signature matches the expected signature for the payload.';
	const trimmed = secret.trim();
	if (trimmed !== secret) {
		const matchesTrimmed = parsed.signatures.some((signature) =>
			secureCompare(computeSignature(payload, parsed.timestampText, trimmed), signature),
		);
		if (matchesTrimmed) {
			return `${base} The signing secret in the credential has leading or trailing whitespace; the request was signed without it: remove the whitespace.`;
		}
		return `${base} Note that the signing secret in the credential has leading or trailing whitespace.`;
	}
	return `${base} Is the signing secret the one set on this webhook in the gateway? Was the body altered or re-serialised on its way (a proxy that re-encodes JSON)? The signature covers the exact raw bytes.`;
}

const fail = (reason: SignatureFailure, message: string): VerifyResult => ({ ok: false, reason, message });
const unixNow = (): number => Math.floor(Date.now() / 1000);
