/** Shared by the signature tests: a secret, a fixed time, and headers signed by openssl. */
import { verifySignature } from '../../nodes/MessagingGateway/core/events/signature';
import { opensslHmacSha256 } from './openssl';

export const SECRET = 'whsec_test_secret';
export const T = 1795306058;

/** Headers the way docs/gateway-api.md#signatures describes them, with the signature computed by openssl. */
export function opensslHeaders(payload: string | Buffer, secret = SECRET, t = T, brand = 'Service') {
	const signed = Buffer.concat([
		Buffer.from(`${t}.`),
		Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'utf8'),
	]);
	const v1 = opensslHmacSha256(secret, signed);
	return { [`X-${brand}-Timestamp`]: String(t), [`X-${brand}-Signature`]: `t=${t},v1=${v1}` };
}

export const verify = (
	payload: string | Buffer,
	headers: Record<string, string>,
	secret = SECRET,
	now = T,
	toleranceSeconds = 300,
) => verifySignature(payload, headers, secret, { now, toleranceSeconds });
