/** HMAC-SHA256 computed by openssl, an implementation independent of the code under test. */
import { execFileSync } from 'node:child_process';

export function opensslHmacSha256(secret: string, data: string | Buffer): string {
	const output = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], { input: data }).toString();
	const hex = /([0-9a-f]{64})\s*$/.exec(output.trim());
	if (!hex) throw new Error(`unexpected openssl output: ${output}`);
	return hex[1];
}
