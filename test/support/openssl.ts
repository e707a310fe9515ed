/** HMAC-SHA256 computed by openssl, an implementation independent of the code under test. */
import { execFileSync } from 'node:child_process';

export function opensslHmacSha256(secret: string, data: string | Buffer): string {
	const output = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], { input: data }).toString();
	const hex = /([0-9a-f]{64})\s*$/.exec(output.trim());
	if (!hex) throw new Error(`unexpected openssl output: ${output}`);
	return hex[1];
}

/** A JSON POST of `event` signed the way the gateway signs it, with openssl computing the signature. */
export function signedPost(event: unknown, secret: string): { body: string; headers: Record<string, string> } {
	return signedBody(JSON.stringify(event), secret);
}

/** A JSON POST of the text `body`, signed the way the gateway signs it, with openssl computing the signature. */
export function signedBody(body: string, secret: string): { body: string; headers: Record<string, string> } {
	const t = Math.floor(Date.now() / 1000);
	const v1 = opensslHmacSha256(secret, Buffer.from(`${t}.${body}`));
	return {
		body,
		headers: {
			'Content-Type': 'application/json',
			'X-Service-Timestamp': String(t),
			'X-Service-Signature': `t=${t},v1=${v1}`,
		},
	};
}
