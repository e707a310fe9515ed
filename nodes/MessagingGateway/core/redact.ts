/** Keeps credentials out of error messages: the user info of URLs and any given secret value. */

const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/gi;
/** Shorter values would blank out ordinary words. */
const MIN_SECRET_LENGTH = 8;

/** The secrets a URL carries in its user info (decoded and as written). */
export function userInfoSecrets(url: string): string[] {
	const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@\s]*)@/i.exec(url.trim());
	if (!match) return [];
	const parts = match[1].split(':');
	return [...parts, ...parts.map((part) => safeDecode(part))];
}

function safeDecode(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/** `text` with URL user info removed and every secret replaced by "***". */
export function redact(text: string, secrets: readonly string[]): string {
	let result = text.replace(USER_INFO, '$1');
	for (const secret of secrets) {
		if (secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join('***');
	}
	return result;
}

/** `redact` applied to every string inside a JSON value. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
	if (typeof value === 'string') return redact(value, secrets) as T;
	if (Array.isArray(value)) return value.map((entry: unknown) => redactDeep(entry, secrets)) as T;
	if (typeof value === 'object' && value !== null) {
		return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, redactDeep(entry, secrets)])) as T;
	}
	return value;
}
