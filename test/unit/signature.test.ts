import fc from 'fast-check';

import {
	computeSignature,
	generateTestHeaders,
	parseSignatureHeader,
	verifySignature,
} from '../../nodes/MessagingGateway/core';
import { opensslHmacSha256 } from '../helpers/openssl';

const SECRET = 'whsec_test_secret';
const T = 1795306058;

/** Headers the way spec 5.2 describes them, with the signature computed by openssl. */
function opensslHeaders(payload: string | Buffer, secret = SECRET, t = T, brand = 'Service') {
	const signed = Buffer.concat([Buffer.from(`${t}.`), Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'utf8')]);
	const v1 = opensslHmacSha256(secret, signed);
	return { [`X-${brand}-Timestamp`]: String(t), [`X-${brand}-Signature`]: `t=${t},v1=${v1}` };
}

const verify = (payload: string | Buffer, headers: Record<string, string>, secret = SECRET, now = T, toleranceSeconds = 300) =>
	verifySignature(payload, headers, secret, { now, toleranceSeconds });

describe('against openssl vectors', () => {
	const bodies: Record<string, string | Buffer> = {
		plain: '{"webhook_id":"wh_1","webhook_type":"delivery_report"}',
		unicode: '{"content":"Grüße 👋 — ça va? Привет","sender":"Shop"}',
		whitespace: '{\n  "a" :  1 ,\t"b":\r\n [ 1, 2 ]   }\n\n',
		'non-UTF-8 bytes': Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x7d]),
		'GET query string': 'webhook_id=wh_1&webhook_type=inbox_message&message[content]=Hi%20there&message[file]=',
	};

	test.each(Object.keys(bodies))('%s body verifies', (name) => {
		const payload = bodies[name];
		const headers = opensslHeaders(payload);
		expect(computeSignature(payload, T, SECRET)).toBe(headers['X-Service-Signature'].split('v1=')[1]);
		expect(verify(payload, headers)).toEqual({ ok: true, timestamp: T, header: 'x-service-signature' });
	});

	test('our signer produces the openssl header', () => {
		expect(generateTestHeaders(bodies.unicode, SECRET, T)).toEqual(opensslHeaders(bodies.unicode));
	});

	test('any of several v1 values may match (secret rotation)', () => {
		const good = opensslHeaders(bodies.plain)['X-Service-Signature'].split('v1=')[1];
		const headers = { 'X-Service-Signature': `t=${T},v1=${'0'.repeat(64)},v1=${good}`, 'X-Service-Timestamp': String(T) };
		expect(verify(bodies.plain, headers).ok).toBe(true);
	});

	test.each(['Acme', 'Smsgatewayapi', 'X1'])('brand word %s in the header names', (brand) => {
		expect(verify(bodies.plain, opensslHeaders(bodies.plain, SECRET, T, brand))).toMatchObject({ ok: true });
	});

	test('a branded header in the scheme form is preferred over an unrelated X-…-Signature', () => {
		const headers = { 'X-Proxy-Signature': 'sha1=abcdef', ...opensslHeaders(bodies.plain, SECRET, T, 'Acme') };
		expect(verify(bodies.plain, headers)).toMatchObject({ ok: true, header: 'x-acme-signature' });
	});

	test('header names are case-insensitive (Node lower-cases them)', () => {
		const headers = Object.fromEntries(Object.entries(opensslHeaders(bodies.plain)).map(([k, v]) => [k.toLowerCase(), v]));
		expect(verify(bodies.plain, headers).ok).toBe(true);
	});
});

describe('failures say which check failed', () => {
	const body = '{"webhook_type":"inbox_message"}';

	test('wrong secret', () => {
		expect(verify(body, opensslHeaders(body, 'another secret'))).toMatchObject({
			ok: false,
			reason: 'no_matching_signature',
			message: expect.stringMatching(/raw bytes/),
		});
	});

	test('one flipped byte in the body', () => {
		const headers = opensslHeaders(body);
		expect(verify(body.replace('inbox', 'inbux'), headers)).toMatchObject({ ok: false, reason: 'no_matching_signature' });
	});

	test('a secret with surrounding whitespace is diagnosed', () => {
		expect(verify(body, opensslHeaders(body), ` ${SECRET}\n`)).toMatchObject({
			ok: false,
			reason: 'no_matching_signature',
			message: expect.stringMatching(/leading or trailing whitespace.*remove the whitespace/),
		});
	});

	test('stale timestamp', () => {
		expect(verify(body, opensslHeaders(body), SECRET, T + 301)).toMatchObject({
			ok: false,
			reason: 'timestamp_outside_tolerance',
			message: expect.stringMatching(/301 s old; at most 300 s/),
		});
		expect(verify(body, opensslHeaders(body), SECRET, T + 300).ok).toBe(true);
	});

	test('future timestamp', () => {
		expect(verify(body, opensslHeaders(body), SECRET, T - 400)).toMatchObject({
			ok: false,
			reason: 'timestamp_outside_tolerance',
			message: expect.stringMatching(/400 s in the future/),
		});
	});

	test('tolerance 0 turns the age check off', () => {
		expect(verify(body, opensslHeaders(body), SECRET, T + 10 ** 6, 0).ok).toBe(true);
	});

	test('missing header', () => {
		expect(verify(body, {})).toMatchObject({ ok: false, reason: 'missing_header' });
	});

	test.each(['garbage', 't=abc,v1=00', `t=${T}`, 'v1=abcdef', `t=${T},v0=abc`])('malformed header "%s"', (value) => {
		expect(verify(body, { 'X-Service-Signature': value })).toMatchObject({ ok: false, reason: 'malformed_header' });
	});

	test('timestamp header that differs from t', () => {
		const headers = { ...opensslHeaders(body), 'X-Service-Timestamp': String(T + 1) };
		expect(verify(body, headers)).toMatchObject({ ok: false, reason: 'timestamp_mismatch' });
	});

	test('a signature for another timestamp does not verify', () => {
		const headers = opensslHeaders(body);
		const moved = headers['X-Service-Signature'].replace(`t=${T}`, `t=${T + 1}`);
		expect(verify(body, { 'X-Service-Signature': moved })).toMatchObject({ ok: false, reason: 'no_matching_signature' });
	});
});

test('parseSignatureHeader keeps every v1 and ignores other schemes', () => {
	expect(parseSignatureHeader(`t=${T}, v1=aa ,v0=bb,v1=cc`)).toEqual({ timestamp: T, signatures: ['aa', 'cc'] });
});

describe('properties', () => {
	const secret = fc.string({ minLength: 1, maxLength: 40 });
	const body = fc.uint8Array({ minLength: 0, maxLength: 300 });
	const timestamp = fc.integer({ min: 1_000_000_000, max: 4_000_000_000 });

	test('any body signed with the secret verifies', () => {
		fc.assert(
			fc.property(secret, body, timestamp, (key, bytes, t) => {
				const payload = Buffer.from(bytes);
				const headers = generateTestHeaders(payload, key, t);
				return verifySignature(payload, headers, key, { now: t }).ok;
			}),
		);
	});

	test('any single-byte change to body, timestamp or signature fails', () => {
		fc.assert(
			fc.property(
				secret,
				body.filter((bytes) => bytes.length > 0),
				timestamp,
				fc.nat(),
				fc.integer({ min: 1, max: 255 }),
				fc.constantFrom('body', 'timestamp', 'signature'),
				(key, bytes, t, position, delta, target) => {
					const payload = Buffer.from(bytes);
					const headers = generateTestHeaders(payload, key, t);
					const header = headers['X-Service-Signature'];
					if (target === 'body') {
						const changed = Buffer.from(payload);
						changed[position % changed.length] = (changed[position % changed.length] + delta) % 256;
						return !verifySignature(changed, headers, key, { toleranceSeconds: 0 }).ok;
					}
					if (target === 'timestamp') {
						const moved = String(t + (delta % 9) + 1);
						const changed = { 'X-Service-Signature': header.replace(`t=${t}`, `t=${moved}`) };
						return !verifySignature(payload, changed, key, { toleranceSeconds: 0 }).ok;
					}
					const hex = header.split('v1=')[1];
					const index = position % hex.length;
					const flipped = hex.slice(0, index) + (hex[index] === '0' ? '1' : '0') + hex.slice(index + 1);
					return !verifySignature(payload, { 'X-Service-Signature': `t=${t},v1=${flipped}` }, key, { toleranceSeconds: 0 }).ok;
				},
			),
		);
	});
});
