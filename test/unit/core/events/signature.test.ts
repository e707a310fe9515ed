/** Webhook signatures: openssl vectors, failures that say which check failed, the header parser (properties: signature-properties.test.ts). */
import { computeSignature, generateTestHeaders } from '../../../../nodes/MessagingGateway/core/events/signature';
import { parseSignatureHeader } from '../../../../nodes/MessagingGateway/core/events/signature-header';
import { SECRET, T, opensslHeaders, verify } from '../../../support/signature-helpers';

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
		const headers = {
			'X-Service-Signature': `t=${T},v1=${'0'.repeat(64)},v1=${good}`,
			'X-Service-Timestamp': String(T),
		};
		expect(verify(bodies.plain, headers).ok).toBe(true);
	});

	test.each(['Acme', 'Smsgatewayapi', 'X1'])('brand word %s in the header names', (brand) => {
		expect(verify(bodies.plain, opensslHeaders(bodies.plain, SECRET, T, brand))).toMatchObject({ ok: true });
	});

	test.each(['Acme-SMS', 'acme_sms', 'Acme.SMS', 'a-b_c.d'])(
		'brand word %s with "-", "_" or "." in the header names',
		(brand) => {
			expect(verify(bodies.plain, opensslHeaders(bodies.plain, SECRET, T, brand))).toMatchObject({
				ok: true,
				header: `x-${brand.toLowerCase()}-signature`,
			});
		},
	);

	test('a branded timestamp twin is read too: one that differs from t is refused', () => {
		const headers = { ...opensslHeaders(bodies.plain, SECRET, T, 'Acme-SMS'), 'X-Acme-SMS-Timestamp': String(T + 1) };
		expect(verify(bodies.plain, headers)).toMatchObject({ ok: false, reason: 'timestamp_mismatch' });
	});

	test('a branded header in the scheme form is preferred over an unrelated X-…-Signature', () => {
		const headers = { 'X-Proxy-Signature': 'sha1=abcdef', ...opensslHeaders(bodies.plain, SECRET, T, 'Acme') };
		expect(verify(bodies.plain, headers)).toMatchObject({ ok: true, header: 'x-acme-signature' });
	});

	test('header names are case-insensitive (Node lower-cases them)', () => {
		const headers = Object.fromEntries(
			Object.entries(opensslHeaders(bodies.plain)).map(([k, v]) => [k.toLowerCase(), v]),
		);
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
		expect(verify(body.replace('inbox', 'inbux'), headers)).toMatchObject({
			ok: false,
			reason: 'no_matching_signature',
		});
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
		expect(verify(body, { 'X-Service-Signature': moved })).toMatchObject({
			ok: false,
			reason: 'no_matching_signature',
		});
	});
});

test('parseSignatureHeader keeps every v1 and ignores other schemes', () => {
	expect(parseSignatureHeader(`t=${T}, v1=aa ,v0=bb,v1=cc`)).toEqual({
		timestamp: T,
		timestampText: String(T),
		signatures: ['aa', 'cc'],
	});
});
