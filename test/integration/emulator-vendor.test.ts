/** The emulator's voice, sender ID, number format and account endpoints (README "Gateway emulator"). */
import { startEmulator } from '../../emulator/server';
import { specViolations } from '../fixtures/spec-events';
import { emulatorClient } from '../support/emulator-client';
import { emulator, api, voice, reportsOf } from '../support/emulator-vendor-setup';

describe('POST /v1/voice/send', () => {
	test('one number: a messageid, 2 credits, then a submitted and a final delivery report of type voice', async () => {
		const response = await voice({ to: '+31612345678', message: 'Your code is 1 2 3 4' });
		expect(response).toEqual({ status: 200, body: { messageid: expect.stringMatching(/^[a-z0-9]{30}$/) } });
		expect(emulator.account.balance).toBe(98);
		expect(emulator.messages[0]).toMatchObject({
			messageType: 'voice',
			to: '31612345678',
			language: 'en',
			gender: 'Female',
			cost: 2,
		});
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
		const response = await voice({
			to: ['31612345678', '447700100123'],
			message: 'Bonjour',
			language: 'fr',
			gender: 'Male',
			reference: 'call-1',
		});
		expect(response.body).toEqual({ messageids: [expect.any(String), expect.any(String)] });
		expect(emulator.account.balance).toBe(96);
		expect(
			emulator.messages.map((message) => [message.to, message.language, message.gender, message.reference]),
		).toEqual([
			['31612345678', 'fr', 'Male', 'call-1'],
			['447700100123', 'fr', 'Male', 'call-1'],
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
		const response = await voice({ to: '31610009992', message: 'Hi' });
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
		['opted-out number', { to: '31610009131', message: 'Hi' }, '131'],
	])('%s: 400 with error %s, an api_error webhook, nothing charged', async (_, body, code) => {
		const response = await voice(body);
		expect(response.status).toBe(400);
		expect(response.body).toEqual({ error: code, errorMsg: expect.any(String) });
		expect(emulator.account.balance).toBe(100);
		expect(emulator.messages).toEqual([]);
		const [apiError] = emulator.events
			.map((entry) => entry.event)
			.filter((event) => event.webhook_type === 'api_error');
		expect(apiError.error).toMatchObject({ http_code: 400, sender: '' });
	});

	test('not enough credits: 108, and an insufficient_funds event', async () => {
		await api('PUT', '/emulator/account', { balance: 3 }, {});
		expect((await voice({ to: ['31612345678', '447700100123'], message: 'Hi' })).body).toEqual({
			error: '108',
			errorMsg: 'Not enough credits',
		});
		expect(emulator.account.balance).toBe(3);
		expect(emulator.events.map((entry) => entry.event.webhook_type)).toEqual(['api_error', 'insufficient_funds']);
	});

	test('wrong credentials: 401 with 104', async () => {
		expect(
			await api(
				'POST',
				'/v1/voice/send',
				{ to: '31612345678', message: 'Hi' },
				{ 'X-Client-Id': 'x', 'X-Client-Secret': 'y' },
			),
		).toEqual({
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
		const both = {
			senderids: [
				{ senderid: 'Shop', status: 'approved' },
				{ senderid: '3197010000001', status: 'approved' },
			],
		};
		expect(await api('GET', '/v1/senderids')).toEqual({ status: 200, body: both });
		expect(await api('PUT', '/emulator/senderids', { senderids: ['Alerts'] }, {})).toEqual({
			status: 200,
			body: ['Alerts'] as never,
		});
		expect((await api('GET', '/v1/senderids')).body).toEqual({
			senderids: [{ senderid: 'Alerts', status: 'approved' }],
		});
		await api('POST', '/emulator/reset', {}, {});
		expect((await api('GET', '/v1/senderids')).body).toEqual(both);
	});

	test('startEmulator({ senderIds }) sets the list it starts and resets with', async () => {
		const own = await startEmulator({ senderIds: ['Alerts'] });
		try {
			const ownClient = emulatorClient(() => own);
			await ownClient.control('PUT', '/emulator/senderids', { senderids: ['Other'] });
			await ownClient.control('POST', '/emulator/reset');
			expect((await ownClient.api('GET', '/v1/senderids')).body).toEqual({
				senderids: [{ senderid: 'Alerts', status: 'approved' }],
			});
		} finally {
			await own.close();
		}
	});

	test.each([[{ senderids: 'Shop' }], [{ senderids: ['Shop', ''] }], [{}]])(
		'a bad list is refused: %j',
		async (body) => {
			expect(await api('PUT', '/emulator/senderids', body, {})).toEqual({
				status: 400,
				body: { error: '"senderids" must be a list of sender names or numbers' },
			});
		},
	);

	test('wrong credentials: 401 with 104', async () => {
		expect((await api('GET', '/v1/senderids', undefined, {})).body).toEqual({
			error: '104',
			errorMsg: 'Invalid credentials',
		});
	});
});
