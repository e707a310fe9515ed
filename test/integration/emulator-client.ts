/** HTTP calls to an emulator from its tests: the API with the account's credentials by default, the control API with none. */
import type { Emulator } from '../../emulator/server';

export function emulatorClient(current: () => Emulator) {
	const auth = () => ({ 'X-Client-Id': current().account.apiKey, 'X-Client-Secret': current().account.apiSecret });
	/** The response and its JSON body; a text `body` goes out as it is. */
	async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = auth()) {
		const response = await fetch(`${current().url}${path}`, {
			method,
			headers: { 'Content-Type': 'application/json', ...headers },
			body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
		});
		return { response, body: (await response.json()) as Record<string, unknown> };
	}
	/** Status and body: what a test compares whole. */
	async function api(...args: Parameters<typeof call>) {
		const { response, body } = await call(...args);
		return { status: response.status, body };
	}
	/** The control API under /emulator/, which takes no credentials. */
	const control = (method: string, path: string, body?: unknown) => api(method, path, body, {});
	return { auth, call, api, control };
}
