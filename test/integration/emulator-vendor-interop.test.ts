/** The emulator's number format and account endpoints, and bodies as the vendor's own client sends them (voice and sender IDs: emulator-vendor.test.ts). */
import { emulator, api, control, format, reportsOf } from '../support/emulator-vendor-setup';

describe('POST /v1/format/number', () => {
	test.each([
		['06 12345678', 'NL', '31612345678'],
		['06-1234 5678', 'nl', '31612345678'],
		['0470 12 34 56', 'BE', '32470123456'],
		['07700 100123', 'GB', '447700100123'],
		['(202) 555-0123', 'US', '12025550123'],
		['+31 6 12345678', 'DE', '31612345678'],
		['0049 30 1234567', 'NL', '49301234567'],
	])('%s in %s → %s', async (number, countrycode, digits) => {
		expect(await format({ number, countrycode })).toEqual({
			status: 200,
			body: { number: digits, countrycode: countrycode.toUpperCase(), e164: `+${digits}` },
		});
	});

	// The gateway's own node sends countrycode empty when unused: read in the account's country, its virtual number's.
	const answer = (digits: string, countrycode: string) => ({
		status: 200,
		body: { number: digits, countrycode, e164: `+${digits}` },
	});
	test.each([
		['3197010000001', { number: '0612345678', countrycode: '' }, answer('31612345678', 'NL')],
		['3197010000001', { number: '0612345678' }, answer('31612345678', 'NL')],
		['3197010000001', { number: '06 1234 5678', countrycode: null }, answer('31612345678', 'NL')],
		['3197010000001', { number: '+44 7700 100123', countrycode: ' ' }, answer('447700100123', 'GB')],
		['32460200000', { number: '0470 12 34 56', countrycode: '' }, answer('32470123456', 'BE')],
		['', { number: '+32 470 12 34 56', countrycode: '' }, answer('32470123456', 'BE')],
		[
			'',
			{ number: '0612345678', countrycode: '' },
			{ status: 400, body: { error: '106', errorMsg: expect.any(String) } },
		],
	])('account number "%s", %j', async (virtualNumber, body, expected) => {
		await control('PUT', '/emulator/account', { virtualNumber });
		expect(await format(body)).toEqual(expected);
	});

	test.each([
		['letters', { number: '06 CALL ME', countrycode: 'NL' }, '103'],
		['no number', { countrycode: 'NL' }, '103'],
		['too short', { number: '06 12', countrycode: 'NL' }, '106'],
		['unknown country', { number: '0612345678', countrycode: 'XX' }, '106'],
	])('%s: 400 with %s', async (_, body, code) => {
		expect(await format(body)).toEqual({ status: 400, body: { error: code, errorMsg: expect.any(String) } });
	});
});

test('GET /v1/auth answers with the account name', async () => {
	expect(await api('GET', '/v1/auth')).toEqual({ status: 200, body: { success: true, username: 'demo' } });
});

/**
 * Request bodies shaped exactly as the vendor's own n8n node (`n8n-nodes-smstools`) builds them: every
 * optional key present, `""` or `false` when unused, and `to` a single text.
 */
describe("interop: bodies as the vendor's own client sends them", () => {
	const vendorSms = (options: { date?: string; reference?: string; test?: boolean } = {}) => ({
		sender: 'Shop',
		to: '31612345678',
		message: 'Hello from the vendor node',
		date: options.date ?? '',
		reference: options.reference ?? '',
		test: options.test ?? false,
	});
	const vendorVoice = (options: { date?: string; reference?: string; test?: boolean } = {}) => ({
		to: '31612345678',
		message: 'Your code is 1 2 3 4',
		date: options.date ?? '',
		reference: options.reference ?? '',
		test: options.test ?? false,
		language: 'en',
		gender: 'Female',
	});

	test.each([
		['SMS', '/v1/message/send', vendorSms, 1],
		['voice', '/v1/voice/send', vendorVoice, 2],
	])('%s now: every optional key empty → sent at once, charged, reported', async (_, path, body, cost) => {
		const response = await api('POST', path, body());
		expect(response).toEqual({ status: 200, body: { messageid: expect.stringMatching(/^[a-z0-9]{30}$/) } });
		expect(emulator.account.balance).toBe(100 - cost);
		expect(emulator.messages[0]).toMatchObject({ to: '31612345678', reference: '', test: false, deliveryCode: '0' });
		expect(emulator.messages[0]).not.toHaveProperty('scheduledFor');
		await emulator.settle();
		expect(
			reportsOf(response.body.messageid as string).map(
				(entry) => (entry.event.message as Record<string, unknown>).delivery_code,
			),
		).toEqual(['0', '1']);
	});

	test.each([
		['SMS', '/v1/message/send', vendorSms],
		['voice', '/v1/voice/send', vendorVoice],
	])('%s scheduled with a reference: kept as scheduled, the reference carried', async (_, path, body) => {
		const response = await api('POST', path, body({ date: '2099-01-01 10:00', reference: 'order-42' }));
		expect(response.status).toBe(200);
		expect(emulator.messages[0]).toMatchObject({
			reference: 'order-42',
			deliveryCode: 'scheduled',
			scheduledFor: '2099-01-01T09:00:00.000Z',
		});
	});

	test.each([
		['SMS', '/v1/message/send', vendorSms],
		['voice', '/v1/voice/send', vendorVoice],
	])('%s with test: true: validated only', async (_, path, body) => {
		expect((await api('POST', path, body({ test: true }))).status).toBe(200);
		expect(emulator.account.balance).toBe(100);
		expect(emulator.messages[0]).toMatchObject({ test: true, deliveryCode: 'test' });
	});

	test.each([
		['SMS', '/v1/message/send', vendorSms],
		['voice', '/v1/voice/send', vendorVoice],
	])('%s with a date in the past is still refused with 121', async (_, path, body) => {
		expect((await api('POST', path, body({ date: '2020-01-01 10:00' }))).body).toEqual({
			error: '121',
			errorMsg: 'Date invalid or in the past',
		});
	});
});
