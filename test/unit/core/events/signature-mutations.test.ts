/** Webhook signatures: 10,000 generated mutations of signed requests, 0 forged accepted, 0 genuine rejected. */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { verifySignature } from '../../../../nodes/MessagingGateway/core/events/signature';

describe('10,000 generated mutations of signed requests: 0 forged accepted, 0 genuine rejected', () => {
	/** HMAC-SHA256 hex computed here, as docs/gateway-api.md#signatures describes it, without the module under test. */
	const hmac = (key: string, t: string, payload: Uint8Array) =>
		createHmac('sha256', key).update(`${t}.`).update(payload).digest('hex');
	const DEFAULT = 300;
	/** The rule of the issue, written out: a finite number ≥ 0 is taken as given, anything else is 300. */
	const effectiveTolerance = (value: unknown) =>
		typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : DEFAULT;

	const toleranceArb = fc.oneof(
		fc.constantFrom(
			undefined,
			null,
			'',
			Number.NaN,
			-1,
			Number.POSITIVE_INFINITY,
			Number.NEGATIVE_INFINITY,
			'0',
			'300',
			0,
			1,
			300,
		),
		fc.integer({ min: 0, max: 100_000 }),
		fc.double({ noNaN: false }),
	);
	const secretArb = fc.oneof(
		fc.string({ minLength: 1, maxLength: 40 }),
		fc.constantFrom(' padded ', 'tab\t', 'x', 'whsec_émoji👋'),
	);
	const mutationArb = fc.constantFrom(
		'none',
		'none-headers-object',
		'none-map',
		'none-lowercase-names',
		'none-no-timestamp-header',
		'none-brand',
		'none-extra-v1',
		'body-byte',
		'body-append',
		'body-truncate',
		't-shift',
		't-leading-zero',
		't-both-shifted',
		'timestamp-header-differs',
		'v1-flip',
		'v1-uppercase',
		'v1-truncated',
		'v1-empty',
		'other-secret',
		'secret-trimmed',
		'secret-with-whitespace',
		'no-signature-header',
		'age',
	);

	test('verifySignature agrees with the spec on every generated request', () => {
		let genuineRejected = 0;
		let forgedAccepted = 0;
		let runs = 0;
		let checked = 0;
		fc.assert(
			fc.property(
				secretArb,
				fc.uint8Array({ maxLength: 200 }),
				fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
				fc.integer({ min: -1_000_000, max: 1_000_000 }),
				toleranceArb,
				mutationArb,
				fc.nat(),
				fc.integer({ min: 1, max: 255 }),
				fc.boolean(),
				(secret, bytes, t, skew, toleranceSeconds, mutation, position, delta, asNodeDelivers) => {
					runs++;
					const payload = Buffer.from(bytes);
					let sent: Buffer = payload;
					let tText = String(t);
					let timestampHeader: string | undefined = tText;
					let v1 = hmac(secret, tText, payload);
					let verifyKey = secret;
					let names = { signature: 'X-Service-Signature', timestamp: 'X-Service-Timestamp' };
					let container: 'object' | 'map' | 'headers' = 'headers';
					let extraV1 = '';
					let dropSignature = false;
					// Requests within the tolerance unless the mutation is about age.
					const tolerance = effectiveTolerance(toleranceSeconds);
					let now = t + (tolerance === 0 ? skew : Math.trunc(skew % (Math.floor(tolerance) + 1)));
					let genuine = true;
					switch (mutation) {
						case 'none':
							break;
						case 'none-headers-object':
							container = 'object';
							break;
						case 'none-map':
							container = 'map';
							break;
						case 'none-lowercase-names':
							container = 'object';
							names = { signature: 'x-service-signature', timestamp: 'x-service-timestamp' };
							break;
						case 'none-no-timestamp-header':
							timestampHeader = undefined;
							break;
						case 'none-brand':
							names = { signature: 'X-Acme-Signature', timestamp: 'X-Acme-Timestamp' };
							break;
						case 'none-extra-v1':
							extraV1 = hmac(`${secret}-old`, tText, payload);
							break;
						case 'body-byte':
							if (payload.length === 0) return true;
							sent = Buffer.from(payload);
							sent[position % sent.length] = (sent[position % sent.length] + delta) % 256;
							genuine = false;
							break;
						case 'body-append':
							sent = Buffer.concat([payload, Buffer.from([delta])]);
							genuine = false;
							break;
						case 'body-truncate':
							if (payload.length === 0) return true;
							sent = payload.subarray(0, position % payload.length);
							genuine = false;
							break;
						case 't-shift':
							tText = String(t + (delta % 5) + 1);
							timestampHeader = undefined;
							genuine = false;
							break;
						case 't-leading-zero':
							tText = `0${t}`;
							timestampHeader = tText;
							genuine = false;
							break;
						case 't-both-shifted':
							tText = String(t - 1);
							timestampHeader = tText;
							genuine = false;
							break;
						case 'timestamp-header-differs':
							timestampHeader = String(t + 1);
							genuine = false;
							break;
						case 'v1-flip': {
							const index = position % v1.length;
							v1 = v1.slice(0, index) + (v1[index] === 'a' ? 'b' : 'a') + v1.slice(index + 1);
							genuine = false;
							break;
						}
						case 'v1-uppercase':
							if (!/[a-f]/.test(v1)) return true;
							v1 = v1.toUpperCase();
							genuine = false;
							break;
						case 'v1-truncated':
							v1 = v1.slice(0, position % v1.length);
							genuine = false;
							break;
						case 'v1-empty':
							v1 = '';
							genuine = false;
							break;
						case 'other-secret':
							v1 = hmac(`${secret}x`, tText, payload);
							genuine = false;
							break;
						case 'secret-trimmed':
							if (secret.trim() === secret || secret.trim() === '') return true;
							verifyKey = secret.trim();
							genuine = false;
							break;
						case 'secret-with-whitespace':
							verifyKey = ` ${secret}\n`;
							genuine = false;
							break;
						case 'no-signature-header':
							dropSignature = true;
							genuine = false;
							break;
						case 'age':
							// A tolerance beyond 2^40 s puts "too old" past what a double holds to the second.
							if (tolerance > 2 ** 40) return true;
							if (tolerance === 0) {
								now = t + 10 ** 8; // the age check is off: still genuine
							} else {
								now = t + (delta % 2 ? 1 : -1) * (Math.floor(tolerance) + 1 + (position % 100_000));
								genuine = false;
							}
							break;
					}
					const entries: Array<[string, string]> = [];
					if (!dropSignature) entries.push([names.signature, `t=${tText},v1=${v1}${extraV1 ? `,v1=${extraV1}` : ''}`]);
					if (timestampHeader !== undefined) entries.push([names.timestamp, timestampHeader]);
					entries.push(['Content-Type', 'application/json']);
					// Half of the requests as n8n passes them: Node's req.headers, a plain object with lower-cased names.
					const headers = asNodeDelivers
						? Object.fromEntries(entries.map(([name, value]) => [name.toLowerCase(), value]))
						: container === 'map'
							? new Map(entries)
							: container === 'headers'
								? new Headers(entries)
								: Object.fromEntries(entries);
					checked++;
					const result = verifySignature(sent, headers, verifyKey, { now, toleranceSeconds });
					if (genuine && !result.ok) genuineRejected++;
					if (!genuine && result.ok) forgedAccepted++;
					return result.ok === genuine;
				},
			),
			{ numRuns: 12_000 },
		);
		expect(runs).toBeGreaterThanOrEqual(12_000);
		expect(checked).toBeGreaterThanOrEqual(10_000); // a few generated cases do not apply (e.g. a byte change to an empty body)
		expect({ genuineRejected, forgedAccepted }).toEqual({ genuineRejected: 0, forgedAccepted: 0 });
	});
});
