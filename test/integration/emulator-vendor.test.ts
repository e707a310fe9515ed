/** The emulator's voice, sender ID, number format and account endpoints (README "Gateway emulator"). */
import { startEmulator, type Emulator } from '../../emulator/server';
import { specViolations } from '../fixtures/spec-events';
import { emulatorClient } from '../support/emulator-client';

let emulator: Emulator;

const { api, control } = emulatorClient(() => emulator);

const voice = (body: unknown) => api('POST', '/v1/voice/send', body);
const format = (body: unknown) => api('POST', '/v1/format/number', body);
const reportsOf = (messageid: string) =>
	emulator.events.filter((entry) => entry.event.webhook_type === 'delivery_report' && (entry.event.message as { messageid: string }).messageid === messageid);

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 10 } });
});
afterEach(() => emulator.close());

describe('POST /v1/voice/send', () => {
	test('one number: a messageid, 2 credits, then a submitted and a final delivery report of type voice', async () => {
		const response = await voice({ to: '+31612345678', message: 'Your code is 1 2 3 4' });
		expect(response).toEqual({ status: 200, body: { messageid: expect.stringMatching(/^[a-z0-9]{30}$/) } });
		expect(emulator.account.balance).toBe(98);
		expect(emulator.messages[0]).toMatchObject({ messageType: 'voice', to: '31612345678', language: 'en', gender: 'Female', cost: 2 });
		await emulator.settle();
		const reports = reportsOf(response.body.messageid as string).map((entry) => entry.event);
		expect(reports.map((event) => (event.message as Record<string, unknown>).delivery_code)).toEqual(['0', '1']);
		for (const report of reports) {
			expect(report.message).toMatchObject({
				message_type: 'voice',
				receiver: '31612345678',
				content: 'Your code is 1 2 3 4',
				sender: emulator.account.virtualNumber,
				reference: '',
				cost: 2,
			});
			expect(specViolations(report)).toEqual([]);
		}
	});

	test('several numbers, language and gender: messageids, charged per recipient', async () => {
		const response = await voice({ to: ['31612345678', '447700900123'], message: 'Bonjour', language: 'fr', gender: 'Male', reference: 'call-1' });
		expect(response.body).toEqual({ messageids: [expect.any(String), expect.any(String)] });
		expect(emulator.account.balance).toBe(96);
		expect(emulator.messages.map((message) => [message.to, message.language, message.gender, message.reference])).toEqual([
			['31612345678', 'fr', 'Male', 'call-1'],
			['447700900123', 'fr', 'Male', 'call-1'],
		]);
	});

	test('test mode: validated only, nothing charged, no report', async () => {
		const response = await voice({ to: '31612345678', message: 'Hi', test: true });
		expect(response.status).toBe(200);
		await emulator.settle();
		expect(emulator.account.balance).toBe(100);
		expect(reportsOf(response.body.messageid as string)).toEqual([]);
	});

	test('a magic number decides the final state, as for SMS', async () => {
		const response = await voice({ to: '31600009992', message: 'Hi' });
		await emulator.settle();
		const final = reportsOf(response.body.messageid as string).pop()!.event.message as Record<string, unknown>;
		expect(final).toMatchObject({ delivery_code: '2', delivery_status: 'not delivered', message_type: 'voice' });
	});

	test.each([
		['empty message', { to: '31612345678', message: ' ' }, '102'],
		['no message', { to: '31612345678' }, '102'],
		['letters in the number', { to: '3161234567a', message: 'Hi' }, '103'],
		['no number', { message: 'Hi' }, '103'],
		['7 digits', { to: '1234567', message: 'Hi' }, '106'],
		['date in the past', { to: '31612345678', message: 'Hi', date: '2020-01-01 10:00' }, '121'],
		['date not yyyy-MM-dd HH:mm', { to: '31612345678', message: 'Hi', date: '2031-01-01T10:00' }, '121'],
		['unknown language', { to: '31612345678', message: 'Hi', language: 'es' }, '112'],
		['unknown gender', { to: '31612345678', message: 'Hi', gender: 'female' }, '112'],
		['reference over 255 characters', { to: '31612345678', message: 'Hi', reference: 'r'.repeat(256) }, '112'],
		['opted-out number', { to: '31600009131', message: 'Hi' }, '131'],
	])('%s: 400 with error %s, an api_error webhook, nothing charged', async (_, body, code) => {
		const response = await voice(body);
		expect(response.status).toBe(400);
		expect(response.body).toEqual({ error: code, errorMsg: expect.any(String) });
		expect(emulator.account.balance).toBe(100);
		expect(emulator.messages).toEqual([]);
		const [apiError] = emulator.events.map((entry) => entry.event).filter((event) => event.webhook_type === 'api_error');
		expect(apiError.error).toMatchObject({ http_code: 400, sender: '' });
	});

	test('not enough credits: 108, and an insufficient_funds event', async () => {
		await api('PUT', '/emulator/account', { balance: 3 }, {});
		expect((await voice({ to: ['31612345678', '447700900123'], message: 'Hi' })).body).toEqual({ error: '108', errorMsg: 'Not enough credits' });
		expect(emulator.account.balance).toBe(3);
		expect(emulator.events.map((entry) => entry.event.webhook_type)).toEqual(['api_error', 'insufficient_funds']);
	});

	test('wrong credentials: 401 with 104', async () => {
		expect(await api('POST', '/v1/voice/send', { to: '31612345678', message: 'Hi' }, { 'X-Client-Id': 'x', 'X-Client-Secret': 'y' })).toEqual({
			status: 401,
			body: { error: '104', errorMsg: 'Invalid credentials' },
		});
	});

	test('a scheduled call reports when its time comes, not before', async () => {
		const response = await voice({ to: '31612345678', message: 'Hi', date: '2099-01-01 10:00' });
		expect(response.status).toBe(200);
		expect(emulator.messages[0]).toMatchObject({ deliveryCode: 'scheduled', scheduledFor: '2099-01-01T09:00:00.000Z' });
		expect(reportsOf(response.body.messageid as string)).toEqual([]);
	});
});

describe('GET /v1/senderids', () => {
	test('the two default senders; the control API sets the list; reset restores it', async () => {
		const both = { senderids: [{ senderid: 'Shop', status: 'approved' }, { senderid: '3197010000001', status: 'approved' }] };
		expect(await api('GET', '/v1/senderids')).toEqual({ status: 200, body: both });
		expect(await api('PUT', '/emulator/senderids', { senderids: ['Alerts'] }, {})).toEqual({ status: 200, body: ['Alerts'] as never });
		expect((await api('GET', '/v1/senderids')).body).toEqual({ senderids: [{ senderid: 'Alerts', status: 'approved' }] });
		await api('POST', '/emulator/reset', {}, {});
		expect((await api('GET', '/v1/senderids')).body).toEqual(both);
	});

	test('startEmulator({ senderIds }) sets the list it starts and resets with', async () => {
		const own = await startEmulator({ senderIds: ['Alerts'] });
		try {
			const ownClient = emulatorClient(() => own);
			await ownClient.control('PUT', '/emulator/senderids', { senderids: ['Other'] });
			await ownClient.control('POST', '/emulator/reset');
			expect((await ownClient.api('GET', '/v1/senderids')).body).toEqual({ senderids: [{ senderid: 'Alerts', status: 'approved' }] });
		} finally {
			await own.close();
		}
	});

	test.each([[{ senderids: 'Shop' }], [{ senderids: ['Shop', ''] }], [{}]])('a bad list is refused: %j', async (body) => {
		expect(await api('PUT', '/emulator/senderids', body, {})).toEqual({
			status: 400,
			body: { error: '"senderids" must be a list of sender names or numbers' },
		});
	});

	test('wrong credentials: 401 with 104', async () => {
		expect((await api('GET', '/v1/senderids', undefined, {})).body).toEqual({ error: '104', errorMsg: 'Invalid credentials' });
	});
});

describe('POST /v1/format/number', () => {
	test.each([
		['06 12345678', 'NL', '31612345678'],
		['06-1234 5678', 'nl', '31612345678'],
		['0470 12 34 56', 'BE', '32470123456'],
		['07700 900123', 'GB', '447700900123'],
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
	const answer = (digits: string, countrycode: string) => ({ status: 200, body: { number: digits, countrycode, e164: `+${digits}` } });
	test.each([
		['3197010000001', { number: '0612345678', countrycode: '' }, answer('31612345678', 'NL')],
		['3197010000001', { number: '0612345678' }, answer('31612345678', 'NL')],
		['3197010000001', { number: '06 1234 5678', countrycode: null }, answer('31612345678', 'NL')],
		['3197010000001', { number: '+44 7700 900123', countrycode: ' ' }, answer('447700900123', 'GB')],
		['32460200000', { number: '0470 12 34 56', countrycode: '' }, answer('32470123456', 'BE')],
		['', { number: '+32 470 12 34 56', countrycode: '' }, answer('32470123456', 'BE')],
		['', { number: '0612345678', countrycode: '' }, { status: 400, body: { error: '106', errorMsg: expect.any(String) } }],
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
		expect(reportsOf(response.body.messageid as string).map((entry) => (entry.event.message as Record<string, unknown>).delivery_code)).toEqual(['0', '1']);
	});

	test.each([
		['SMS', '/v1/message/send', vendorSms],
		['voice', '/v1/voice/send', vendorVoice],
	])('%s scheduled with a reference: kept as scheduled, the reference carried', async (_, path, body) => {
		const response = await api('POST', path, body({ date: '2099-01-01 10:00', reference: 'order-42' }));
		expect(response.status).toBe(200);
		expect(emulator.messages[0]).toMatchObject({ reference: 'order-42', deliveryCode: 'scheduled', scheduledFor: '2099-01-01T09:00:00.000Z' });
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
		expect((await api('POST', path, body({ date: '2020-01-01 10:00' }))).body).toEqual({ error: '121', errorMsg: 'Date invalid or in the past' });
	});
});
