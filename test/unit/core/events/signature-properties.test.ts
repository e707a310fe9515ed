/** Webhook signatures: properties over generated secrets, bodies and times, and edge values that fail closed. */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import {
	generateTestHeaders,
	resolveTolerance,
	verifySignature,
} from '../../../../nodes/MessagingGateway/core/events/signature';
import { SECRET, T, opensslHeaders } from '../../../support/signature-helpers';

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
					return !verifySignature(payload, { 'X-Service-Signature': `t=${t},v1=${flipped}` }, key, {
						toleranceSeconds: 0,
					}).ok;
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
		const headers = {
			'X-Service-Signature': `t=${T},v1=${createHmac('sha256', '').update(`${T}.${body}`).digest('hex')}`,
		};
		expect(() => verifySignature(body, headers, '', { now: T })).toThrow();
	});

	test.each([
		undefined,
		null,
		'',
		Number.NaN,
		-1,
		-0.5,
		Number.POSITIVE_INFINITY,
		Number.NEGATIVE_INFINITY,
		'0',
		'300',
		true,
		{},
	])('tolerance %p means the default 300 s', (toleranceSeconds) => {
		expect(resolveTolerance(toleranceSeconds)).toBe(300);
		const headers = opensslHeaders(body);
		expect(verifySignature(body, headers, SECRET, { now: T + 86_400, toleranceSeconds })).toMatchObject({
			ok: false,
			reason: 'timestamp_outside_tolerance',
		});
		expect(verifySignature(body, headers, SECRET, { now: T + 300, toleranceSeconds }).ok).toBe(true);
		expect(verifySignature(body, headers, SECRET, { now: T + 301, toleranceSeconds }).ok).toBe(false);
	});

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
		expect(verifySignature(body, new Headers({ 'X-Other': '1' }), SECRET, { now: T })).toMatchObject({
			ok: false,
			reason: 'missing_header',
		});
	});

	test('missing headers (undefined, null) are a missing header, not a TypeError', () => {
		for (const headers of [undefined, null]) {
			expect(verifySignature(body, headers as unknown as Record<string, string>, SECRET, { now: T })).toMatchObject({
				ok: false,
				reason: 'missing_header',
			});
		}
	});

	test('t is signed as sent: a leading zero is another signed string', () => {
		const header = opensslHeaders(body)['X-Service-Signature'].replace(`t=${T}`, `t=0${T}`);
		expect(verifySignature(body, { 'X-Service-Signature': header }, SECRET, { now: T })).toMatchObject({
			ok: false,
			reason: 'no_matching_signature',
		});
	});
});
