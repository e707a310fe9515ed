/**
 * The credential's values that no error, log line or item may show (the API key and secret, the signing secret and
 * a password in the Base URL), and the Base URL as the user meant it. Used by transport.ts for every request and by
 * actions/router.ts for the action node's errors.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE, DEFAULT_BASE_URL } from './constants';
import { userInfoSecrets } from './core/secrets/redact';
import type { Secrets } from './transportErrors';

export type Credentials = { baseUrl?: string; apiKey?: string; apiSecret?: string; signingSecret?: string };

/** The Base URL as the user meant it: spaces and trailing slashes around it are typing, not address. */
export function baseUrlOf(credentials: { baseUrl?: string }): string {
	return ((credentials.baseUrl ?? '').trim() || DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** The credential's values that no error may show: key, secret, signing secret, and the Base URL's user info. */
export function secretsOf(credentials: Credentials): string[] {
	return [
		credentials.apiKey ?? '',
		credentials.apiSecret ?? '',
		credentials.signingSecret ?? '',
		...userInfoSecrets(baseUrlOf(credentials)),
	];
}

/** The secrets of the node's credential (none when it has none set: the run will say so where it needs one). */
export async function credentialSecrets(ctx: IExecuteFunctions): Promise<Secrets> {
	const credentials = await ctx.getCredentials<Credentials>(CREDENTIAL_TYPE, 0).catch(() => undefined);
	return credentials ? secretsOf(credentials) : [];
}
