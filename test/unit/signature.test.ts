/** Webhook signatures: openssl vectors, failures that say which check failed, properties, edge values that fail closed. */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { computeSignature, generateTestHeaders, parseSignatureHeader, resolveTolerance, verifySignature } from '../../nodes/MessagingGateway/core/events/signature';
import { SECRET, T, opensslHeaders, verify } from '../support/signature-helpers';

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

	test.each(['Acme-SMS', 'acme_sms', 'Acme.SMS', 'a-b_c.d'])('brand word %s with "-", "_" or "." in the header names', (brand) => {
		expect(verify(bodies.plain, opensslHeaders(bodies.plain, SECRET, T, brand))).toMatchObject({ ok: true, header: `x-${brand.toLowerCase()}-signature` });
	});

	test('a branded timestamp twin is read too: one that differs from t is refused', () => {
		const headers = { ...opensslHeaders(bodies.plain, SECRET, T, 'Acme-SMS'), 'X-Acme-SMS-Timestamp': String(T + 1) };
		expect(verify(bodies.plain, headers)).toMatchObject({ ok: false, reason: 'timestamp_mismatch' });
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
	expect(parseSignatureHeader(`t=${T}, v1=aa ,v0=bb,v1=cc`)).toEqual({ timestamp: T, timestampText: String(T), signatures: ['aa', 'cc'] });
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

describe('fails closed on edge values (issue 10)', () => {
	const body = '{"webhook_type":"add_group"}';

	test.each([
		['empty', ''],
		['undefined', undefined],
		['null', null],
		['a number', 42],
		['an object', {}],
	])('a secret that is %s throws a clear error instead of verifying', (_name, secret) => {
		expect(() => verifySignature(body, opensslHeaders(body), secret as unknown as string, { now: T })).toThrow(
			/needs the signing secret as a non-empty string/,
		);
	});

	test('a body signed with the empty key is not accepted by any verify call', () => {
		const headers = { 'X-Service-Signature': `t=${T},v1=${createHmac('sha256', '').update(`${T}.${body}`).digest('hex')}` };
		expect(() => verifySignature(body, headers, '', { now: T })).toThrow();
	});

	test.each([undefined, null, '', Number.NaN, -1, -0.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '0', '300', true, {}])(
		'tolerance %p means the default 300 s',
		(toleranceSeconds) => {
			expect(resolveTolerance(toleranceSeconds)).toBe(300);
			const headers = opensslHeaders(body);
			expect(verifySignature(body, headers, SECRET, { now: T + 86_400, toleranceSeconds })).toMatchObject({ ok: false, reason: 'timestamp_outside_tolerance' });
			expect(verifySignature(body, headers, SECRET, { now: T + 300, toleranceSeconds }).ok).toBe(true);
			expect(verifySignature(body, headers, SECRET, { now: T + 301, toleranceSeconds }).ok).toBe(false);
		},
	);

	test('only an explicit 0 turns the age check off; other finite numbers ≥ 0 are taken as given', () => {
		const headers = opensslHeaders(body);
		expect(verifySignature(body, headers, SECRET, { now: T + 10 ** 7, toleranceSeconds: 0 }).ok).toBe(true);
		expect(verifySignature(body, headers, SECRET, { now: T + 11, toleranceSeconds: 10.5 }).ok).toBe(false);
		expect(verifySignature(body, headers, SECRET, { now: T + 10, toleranceSeconds: 10.5 }).ok).toBe(true);
	});

	test('headers as a plain object, a fetch Headers and a Map', () => {
		const plain = opensslHeaders(body);
		expect(verifySignature(body, new Headers(plain), SECRET, { now: T })).toMatchObject({ ok: true });
		expect(verifySignature(body, new Map(Object.entries(plain)), SECRET, { now: T })).toMatchObject({ ok: true });
		expect(verifySignature(body, new Headers({ 'X-Other': '1' }), SECRET, { now: T })).toMatchObject({ ok: false, reason: 'missing_header' });
	});

	test('missing headers (undefined, null) are a missing header, not a TypeError', () => {
		for (const headers of [undefined, null]) {
			expect(verifySignature(body, headers as unknown as Record<string, string>, SECRET, { now: T })).toMatchObject({ ok: false, reason: 'missing_header' });
		}
	});

	test('t is signed as sent: a leading zero is another signed string', () => {
		const header = opensslHeaders(body)['X-Service-Signature'].replace(`t=${T}`, `t=0${T}`);
		expect(verifySignature(body, { 'X-Service-Signature': header }, SECRET, { now: T })).toMatchObject({ ok: false, reason: 'no_matching_signature' });
	});
});
