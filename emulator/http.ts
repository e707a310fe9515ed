/** HTTP plumbing of every emulator route: the errors routes throw, body reading and JSON answers. */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { PARSE_ERROR_TEXT } from '../nodes/MessagingGateway/core/codes';
import { isObject } from '../nodes/MessagingGateway/core/objects';

const MAX_BODY_BYTES = 1024 * 1024;

export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
	) {
		super(typeof body === 'object' ? JSON.stringify(body) : String(body));
	}
}

/** An HTTP API failure as the real gateway answers it. */
export const apiError = (code: string, errorMsg: string, status = 400) =>
	new HttpError(status, { error: code, errorMsg });
/** A control API failure. */
export const controlError = (message: string, status = 400) => new HttpError(status, { error: message });

/** An API request's JSON object body, or (`allowList`) a list of them; anything else gets the gateway's parse-error answer. */
export function parseApiBody(raw: Buffer): Record<string, unknown>;
export function parseApiBody(raw: Buffer, allowList: true): Record<string, unknown> | unknown[];
export function parseApiBody(raw: Buffer, allowList = false): Record<string, unknown> | unknown[] {
	let body: unknown;
	try {
		body = JSON.parse(raw.toString('utf8'));
	} catch {
		body = undefined;
	}
	if (allowList && Array.isArray(body)) return body;
	if (!isObject(body)) throw new HttpError(400, { error: PARSE_ERROR_TEXT });
	return body;
}

/** A control request's body: empty, or a JSON object. */
export function parseControlBody(raw: Buffer): Record<string, unknown> {
	if (raw.length === 0) return {};
	try {
		const parsed: unknown = JSON.parse(raw.toString('utf8'));
		if (!isObject(parsed)) throw new Error('not an object');
		return parsed;
	} catch {
		throw controlError('the body must be a JSON object');
	}
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_BODY_BYTES) reject(controlError('request body larger than 1 MiB', 413));
			else chunks.push(chunk);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
	res.end(JSON.stringify(body));
}
