/** The errors every emulator route throws; the server turns them into the HTTP answer. */

export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
	) {
		super(typeof body === 'object' ? JSON.stringify(body) : String(body));
	}
}

/** An HTTP API failure as the real gateway answers it. */
export const apiError = (code: string, errorMsg: string, status = 400) => new HttpError(status, { error: code, errorMsg });
/** A control API failure. */
export const controlError = (message: string, status = 400) => new HttpError(status, { error: message });

/** An API request's JSON object body; anything else gets the gateway's parse-error answer. */
export function parseApiBody(raw: Buffer): Record<string, unknown> {
	let body: unknown;
	try {
		body = JSON.parse(raw.toString('utf8'));
	} catch {
		body = undefined;
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, { error: 'error parsing json' });
	return body as Record<string, unknown>;
}
