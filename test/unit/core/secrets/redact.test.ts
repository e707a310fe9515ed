import { redact, redactDeep, userInfoSecrets } from '../../../../nodes/MessagingGateway/core/secrets/redact';
import { everyText } from '../../../support/every-text';

describe('redact', () => {
	test('URL user info is removed wherever a URL appears', () => {
		expect(redact('Could not reach http://admin:s3cr%40t@127.0.0.1:9/v1 or https://u@h.example', [])).toBe(
			'Could not reach http://127.0.0.1:9/v1 or https://h.example',
		);
	});

	test('secret values are replaced, also percent-decoded user info', () => {
		const secrets = ['emulator-secret', ...userInfoSecrets('http://admin-user:p%40ssword1@host')];
		expect(secrets).toEqual(expect.arrayContaining(['admin-user', 'p%40ssword1', 'p@ssword1']));
		expect(redact('X-Client-Secret: emulator-secret, password p@ssword1', secrets)).toBe(
			'X-Client-Secret: ***, password ***',
		);
	});

	test('a secret echoed JSON-escaped, URL- or form-encoded, or in base64 (alone, inside key:secret, base64url) is replaced too', () => {
		const secret = 's3cr"et\\pa ss/wo+rd?';
		const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
		const echoes = [
			JSON.stringify({ 'x-client-secret': secret }),
			JSON.stringify(JSON.stringify({ secret })),
			`?secret=${encodeURIComponent(secret)}`,
			`secret=${encodeURIComponent(secret).replace(/%20/g, '+')}`,
			b64(secret),
			b64(secret).replace(/=+$/, ''),
			b64(`key:${secret}`),
			b64(`ab:${secret}`),
			b64(`a:${secret}!`).replace(/\+/g, '-').replace(/\//g, '_'),
		];
		for (const echo of echoes) {
			const shown = redact(`the gateway said: ${echo}`, [secret]);
			expect({ echo, shown: shown.includes('***') }).toEqual({ echo, shown: true });
			for (const part of ['s3cr', 'wo+rd', 'czNjci', 'pa ss'])
				expect({ echo, leaked: shown.includes(part) }).toEqual({ echo, leaked: false });
		}
	});

	test('short values are left alone (they would blank out ordinary words)', () => {
		expect(redact('the key is wrong', ['wrong'])).toBe('the key is wrong');
	});

	test('redactDeep walks objects and arrays', () => {
		expect(
			redactDeep({ headers: { 'x-client-secret': 'emulator-secret' }, list: ['emulator-secret', 3] }, [
				'emulator-secret',
			]),
		).toEqual({
			headers: { 'x-client-secret': '***' },
			list: ['***', 3],
		});
	});
});

describe('the whole user info goes, whatever the password holds', () => {
	test.each(['p@ss-Secret-Tail-99', 'pw', 'a@b', 'a#b', 'a/b', 'a?b', 'a:b:c', '@', 'p%40ss'])(
		'password %s',
		(password) => {
			const baseUrl = `http://admin:${password}@127.0.0.1:1`;
			const secrets = userInfoSecrets(baseUrl);
			const shown = redact(`Could not reach the gateway at ${baseUrl}: no connection (${baseUrl}/v1/balance)`, secrets);
			expect(shown).toBe(
				'Could not reach the gateway at http://127.0.0.1:1: no connection (http://127.0.0.1:1/v1/balance)',
			);
		},
	);

	test('without a known Base URL, a URL in text loses its user info up to the last "@" of its host part', () => {
		expect(redact('see http://admin:p@ss-Secret-Tail-99@127.0.0.1:1/x and "mail@example.com"', [])).toBe(
			'see http://127.0.0.1:1/x and "mail@example.com"',
		);
	});

	test('Basic credentials echoed by a server are replaced, and so is their base64 anywhere', () => {
		const secrets = userInfoSecrets('http://admin:pw@host');
		const token = Buffer.from('admin:pw').toString('base64');
		expect(secrets).toContain(token);
		expect(redactDeep({ authorization: `Basic ${token}`, note: `basic ${token}` }, secrets)).toEqual({
			authorization: 'Basic ***',
			note: 'basic ***',
		});
	});

	test('a URL without user info has no secrets', () => {
		expect(userInfoSecrets('https://api.smsgatewayapi.com')).toEqual([]);
	});
});

describe("a resume link's signature", () => {
	const SIGNATURE = '9f'.repeat(32);

	test('goes from any text as a reference or a link, and as a secret in any other form', () => {
		expect(redact(`bad reference n8n-wait:77:ask-1:${SIGNATURE}`, [])).toBe(
			'bad reference n8n-wait:77:ask-1:[redacted]',
		);
		expect(redact(`reference=n8n-wait%3A77%3Aask-1%3A${SIGNATURE}`, [SIGNATURE])).toBe(
			'reference=n8n-wait%3A77%3Aask-1%3A***',
		);
	});

	test('goes from every field of an error, in place: message, stack, cause chain, nested answers, Buffers', () => {
		const cause = new Error(`socket closed after {"reference":"${SIGNATURE}"}`);
		const error = Object.assign(new Error(`failed: ${SIGNATURE}`, { cause }), {
			errorResponse: { errors: [{ detail: `value ${SIGNATURE}` }], raw: Buffer.from(`<pre>${SIGNATURE}</pre>`) },
			messages: [SIGNATURE],
		});
		expect(everyText(error)).toContain(SIGNATURE);
		expect(redactDeep(error, [SIGNATURE])).toBe(error);
		expect(everyText(error)).not.toContain(SIGNATURE);
		expect(error.stack).toMatch(/^Error: failed: \*\*\*\n/);
		expect(error.cause).toBe(cause);
		expect(cause.message).toBe('socket closed after {"reference":"***"}');
		expect(error.errorResponse.raw.toString('utf8')).toBe('<pre>***</pre>');
		expect(error.messages).toEqual(['***']);
	});

	test('a loop in an object ends, and objects that are not plain data are left as they are', () => {
		const looped: Record<string, unknown> = { text: SIGNATURE, at: new Date(0) };
		looped.self = looped;
		const clean = redactDeep(looped, [SIGNATURE]);
		expect(clean.text).toBe('***');
		expect(clean.self).toBe(clean);
		expect(clean.at).toBe(looped.at);
	});
});
