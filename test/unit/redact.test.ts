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
