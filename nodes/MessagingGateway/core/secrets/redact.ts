/**
 * Keeps credentials and resume signatures out of errors: the user info of URLs, Basic credentials,
 * a resume link's signature in any text, and any given secret value (a request's credential values
 * and the signature its reference carries, found wherever an answer echoes them, as written,
 * JSON-escaped, URL-encoded or in base64).
 */
import { redactResumeSignatures } from '../questions/resume-link';

/**
 * A URL's user info, up to its last "@" before the path: a password may itself hold "@" or ":".
 * Quotes and angle brackets end it, so a URL inside JSON or HTML text does not run into the next field.
 */
const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#"'<>]*@/gi;
/** An `Authorization` value that carries the credentials themselves (an echo of the request's headers). */
const BASIC_CREDENTIALS = /\b(Basic)\s+[A-Za-z0-9+/=._~-]+/gi;
/** Shorter values would blank out ordinary words. */
const MIN_SECRET_LENGTH = 8;
/**
 * A secret ending in this is a URL's whole user info: it is removed wherever it follows "://",
 * whatever its length, so a short password is not left behind.
 */
const USER_INFO_END = '@';

function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * The secrets a URL carries in its user info: the whole user info (everything between "://" and the
 * last "@", whatever characters the password holds, as written and decoded), each part of it, and
 * the Basic credentials an HTTP client makes of it.
 */
export function userInfoSecrets(url: string): string[] {
	const text = url.trim();
	const start = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text)?.[0].length;
	const end = text.lastIndexOf('@');
	if (start === undefined || end < start) return [];
	const userInfo = text.slice(start, end);
	const parts = userInfo.split(':');
	const decoded = [userInfo, ...parts].map(safeDecode);
	const colon = userInfo.indexOf(':');
	const basic =
		colon < 0
			? []
			: [
					`${parts[0]}:${userInfo.slice(colon + 1)}`,
					`${safeDecode(parts[0])}:${safeDecode(userInfo.slice(colon + 1))}`,
				].map(base64);
	return [
		...new Set([
			`${userInfo}${USER_INFO_END}`,
			`${decoded[0]}${USER_INFO_END}`,
			...parts,
			...decoded.slice(1),
			...basic,
		]),
	];
}

/**
 * The base64 text of `secret` wherever it sits in encoded bytes (e.g. inside `key:secret` of a Basic header): at
 * each of the 3 byte offsets, the characters that depend on the secret's bytes alone.
 */
function base64Forms(secret: string): string[] {
	const bytes = Buffer.from(secret, 'utf8');
	const forms = [base64(secret), base64(secret).replace(/=+$/, '')];
	for (let offset = 0; offset < 3; offset++) {
		const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
		const from = offset === 0 ? 0 : 4;
		const to = (offset + bytes.length) % 3 === 0 ? encoded.length : encoded.length - 4;
		forms.push(encoded.slice(from, to));
	}
	return forms.flatMap((form) => [form, form.replace(/\+/g, '-').replace(/\//g, '_')]);
}

/** The ways an answer may carry a secret it echoes: as written, JSON-escaped, URL- or form-encoded, base64 (also base64url). */
export function secretForms(secret: string): string[] {
	const escaped = JSON.stringify(secret).slice(1, -1);
	const encoded = encodeURIComponent(secret);
	const forms = [
		secret,
		escaped,
		encoded,
		encoded.replace(/%20/g, '+'),
		JSON.stringify(escaped).slice(1, -1),
		...base64Forms(secret),
	];
	return [...new Set(forms)].filter((form) => form.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** `text` with URL user info and resume signatures removed, Basic credentials and every secret (in each of its forms) replaced by "***". */
export function redact(text: string, secrets: readonly string[]): string {
	let result = redactResumeSignatures(text);
	for (const secret of secrets) {
		if (secret.length > 1 && secret.endsWith(USER_INFO_END)) result = result.split(`://${secret}`).join('://');
	}
	result = result.replace(USER_INFO, '$1').replace(BASIC_CREDENTIALS, '$1 ***');
	for (const secret of secrets) {
		if (secret.length < MIN_SECRET_LENGTH || secret.endsWith(USER_INFO_END)) continue;
		for (const form of secretForms(secret)) result = result.split(form).join('***');
	}
	return result;
}

/** Replaces an object's own field by its redacted value, whether it is a plain field or one with a setter (Node 24's `stack`). */
function redactField(target: object, key: string, secrets: readonly string[], done: WeakMap<object, unknown>) {
	const field = Object.getOwnPropertyDescriptor(target, key);
	if (!field) return;
	const current: unknown = 'value' in field ? field.value : field.get?.call(target);
	const clean = redactDeep(current, secrets, done);
	if (clean === current) return;
	if (field.writable || field.set) (target as Record<string, unknown>)[key] = clean;
	else if (field.configurable)
		Object.defineProperty(target, key, { value: clean, enumerable: field.enumerable, configurable: true });
}

/**
 * `redact` applied to every text inside a value, keys included. JSON values are copied; a Buffer's
 * text is redacted into a new Buffer; an Error is redacted in place, every own field (non-enumerable
 * `stack` and `cause` too) and so its whole chain of causes; any other object (a Date, a socket) is
 * left as it is.
 */
export function redactDeep<T>(value: T, secrets: readonly string[], done = new WeakMap<object, unknown>()): T {
	if (typeof value === 'string') return redact(value, secrets) as T;
	if (typeof value !== 'object' || value === null) return value;
	if (done.has(value)) return done.get(value) as T;
	if (value instanceof Uint8Array) {
		const text = Buffer.from(value).toString('utf8');
		const clean = redact(text, secrets);
		return (clean === text ? value : Buffer.from(clean, 'utf8')) as T;
	}
	if (Object.prototype.toString.call(value) === '[object Error]') {
		done.set(value, value);
		for (const key of Object.getOwnPropertyNames(value)) redactField(value, key, secrets, done);
		return value;
	}
	if (Array.isArray(value)) {
		const copy: unknown[] = [];
		done.set(value, copy);
		for (const entry of value) copy.push(redactDeep(entry, secrets, done));
		return copy as T;
	}
	// A plain object, of this realm or another (n8n's sandboxes): its prototype, if any, is a realm's Object.prototype.
	const prototype: unknown = Object.getPrototypeOf(value);
	if (prototype !== null && Object.getPrototypeOf(prototype) !== null) return value;
	const copy: Record<string, unknown> = {};
	done.set(value, copy);
	for (const [key, entry] of Object.entries(value)) copy[redact(key, secrets)] = redactDeep(entry, secrets, done);
	return copy as T;
}
