/** Keeps credentials out of error messages: the user info of URLs, Basic credentials and any given secret value. */

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
	const basic = colon < 0 ? [] : [`${parts[0]}:${userInfo.slice(colon + 1)}`, `${safeDecode(parts[0])}:${safeDecode(userInfo.slice(colon + 1))}`].map(base64);
	return [...new Set([`${userInfo}${USER_INFO_END}`, `${decoded[0]}${USER_INFO_END}`, ...parts, ...decoded.slice(1), ...basic])];
}

/** `text` with URL user info removed, Basic credentials and every secret replaced by "***". */
export function redact(text: string, secrets: readonly string[]): string {
	let result = text;
	for (const secret of secrets) {
		if (secret.length > 1 && secret.endsWith(USER_INFO_END)) result = result.split(`://${secret}`).join('://');
	}
	result = result.replace(USER_INFO, '$1').replace(BASIC_CREDENTIALS, '$1 ***');
	for (const secret of secrets) {
		if (secret.length >= MIN_SECRET_LENGTH && !secret.endsWith(USER_INFO_END)) result = result.split(secret).join('***');
	}
	return result;
}

/** `redact` applied to every string inside a JSON value, keys included. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
	if (typeof value === 'string') return redact(value, secrets) as T;
	if (Array.isArray(value)) return value.map((entry: unknown) => redactDeep(entry, secrets)) as T;
	if (typeof value === 'object' && value !== null) {
		return Object.fromEntries(Object.entries(value).map(([key, entry]) => [redact(key, secrets), redactDeep(entry, secrets)])) as T;
	}
	return value;
}
