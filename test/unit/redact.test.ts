import { redact, redactDeep, userInfoSecrets } from '../../nodes/MessagingGateway/core/redact';

describe('redact', () => {
	test('URL user info is removed wherever a URL appears', () => {
		expect(redact('Could not reach http://admin:s3cr%40t@127.0.0.1:9/v1 or https://u@h.example', [])).toBe(
			'Could not reach http://127.0.0.1:9/v1 or https://h.example',
		);
	});

	test('secret values are replaced, also percent-decoded user info', () => {
		const secrets = ['emulator-secret', ...userInfoSecrets('http://admin-user:p%40ssword1@host')];
		expect(secrets).toEqual(expect.arrayContaining(['admin-user', 'p%40ssword1', 'p@ssword1']));
		expect(redact('X-Client-Secret: emulator-secret, password p@ssword1', secrets)).toBe('X-Client-Secret: ***, password ***');
	});

	test('short values are left alone (they would blank out ordinary words)', () => {
		expect(redact('the key is wrong', ['wrong'])).toBe('the key is wrong');
	});

	test('redactDeep walks objects and arrays', () => {
		expect(redactDeep({ headers: { 'x-client-secret': 'emulator-secret' }, list: ['emulator-secret', 3] }, ['emulator-secret'])).toEqual({
			headers: { 'x-client-secret': '***' },
			list: ['***', 3],
		});
	});
});

describe('the whole user info goes, whatever the password holds', () => {
	test.each(['p@ss-Secret-Tail-99', 'pw', 'a@b', 'a#b', 'a/b', 'a?b', 'a:b:c', '@', 'p%40ss'])('password %s', (password) => {
		const baseUrl = `http://admin:${password}@127.0.0.1:1`;
		const secrets = userInfoSecrets(baseUrl);
		const shown = redact(`Could not reach the gateway at ${baseUrl}: no connection (${baseUrl}/v1/balance)`, secrets);
		expect(shown).toBe('Could not reach the gateway at http://127.0.0.1:1: no connection (http://127.0.0.1:1/v1/balance)');
	});

	test('without a known Base URL, a URL in text loses its user info up to the last "@" of its host part', () => {
		expect(redact('see http://admin:p@ss-Secret-Tail-99@127.0.0.1:1/x and "mail@example.com"', [])).toBe('see http://127.0.0.1:1/x and "mail@example.com"');
	});

	test('Basic credentials echoed by a server are replaced, and so is their base64 anywhere', () => {
		const secrets = userInfoSecrets('http://admin:pw@host');
		const token = Buffer.from('admin:pw').toString('base64');
		expect(secrets).toContain(token);
		expect(redactDeep({ authorization: `Basic ${token}`, note: `basic ${token}` }, secrets)).toEqual({ authorization: 'Basic ***', note: 'basic ***' });
	});

	test('a URL without user info has no secrets', () => {
		expect(userInfoSecrets('https://api.smsgatewayapi.com')).toEqual([]);
	});
});
