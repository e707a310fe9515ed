/** The emulator's send API and its delivery reports. */
import { specViolations } from '../fixtures/spec-events';
import { opensslHmacSha256 } from '../support/openssl';
import { api, emulator, eventsOf, receiver, send, subscribe } from '../support/emulator-setup';

describe('send API', () => {
	test('one number: 200 with a 30-character messageid', async () => {
		const response = await send({ message: 'Hello', to: '+31612345678', sender: 'Shop' });
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
		expect(response.body).toEqual({ messageid: expect.stringMatching(/^[a-z0-9]{30}$/) });
	});

	test('several numbers: messageids, one per recipient', async () => {
		const response = await send({ message: 'Hello', to: ['31612345678', '447700100123'], sender: 'Shop' });
		expect(response.body).toEqual({
			messageids: [expect.stringMatching(/^[a-z0-9]{30}$/), expect.stringMatching(/^[a-z0-9]{30}$/)],
		});
		expect(emulator.messages.map((message) => message.to)).toEqual(['31612345678', '447700100123']);
	});

	test.each([
		['wrong secret', { 'X-Client-Id': 'emulator-key', 'X-Client-Secret': 'nope' }],
		['no headers', {}],
	])('%s: 401 with error 104', async (_, headers) => {
		const response = await api('POST', '/v1/message/send', { message: 'x', to: '31612345678', sender: 'S' }, headers);
		expect(response).toMatchObject({ status: 401, body: { error: '104', errorMsg: 'Invalid credentials' } });
	});

	test('unparsable JSON: 400 error parsing json', async () => {
		expect(await send('{"message": ')).toMatchObject({ status: 400, body: { error: 'error parsing json' } });
	});

	test.each([
		['empty message', { message: '  ', to: '31612345678', sender: 'Shop' }, '102'],
		['letters in the number', { message: 'x', to: '3161234abcd', sender: 'Shop' }, '103'],
		['no number', { message: 'x', to: [], sender: 'Shop' }, '103'],
		['number too short', { message: 'x', to: '31612', sender: 'Shop' }, '106'],
		['no sender', { message: 'x', to: '31612345678', sender: '' }, '109'],
		['sender with special characters', { message: 'x', to: '31612345678', sender: 'Shop!*' }, '110'],
		['sender name over 11', { message: 'x', to: '31612345678', sender: 'TwelveChars1' }, '111'],
		['sender number over 14 digits', { message: 'x', to: '31612345678', sender: '123456789012345' }, '111'],
		['message over 612 characters', { message: 'a'.repeat(613), to: '31612345678', sender: 'Shop' }, '118'],
		['date in the past', { message: 'x', to: '31612345678', sender: 'Shop', date: '2020-01-01 10:00' }, '121'],
		['date not in the documented form', { message: 'x', to: '31612345678', sender: 'Shop', date: 'tomorrow' }, '121'],
		['number on the opt-out list', { message: 'x', to: '31610009131', sender: 'Shop' }, '131'],
	])('%s: 400 with its code, and an api_error webhook', async (_, body, code) => {
		await subscribe(['api_error']);
		const response = await send(body);
		expect(response).toMatchObject({ status: 400, body: { error: code, errorMsg: expect.any(String) } });
		const [event] = eventsOf(await receiver.waitFor(1));
		expect(specViolations(event)).toEqual([]);
		expect(event.error).toMatchObject({
			error: response.body.errorMsg,
			http_code: 400,
			error_code: expect.any(Number),
		});
	});

	test('a number added to the opt-out list is refused with 131', async () => {
		await api('POST', '/emulator/optouts', { number: '31612345678' }, {});
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop' })).body.error).toBe('131');
	});

	test('test: true validates only: no credits, no delivery report', async () => {
		await subscribe();
		const response = await send({ message: 'x', to: '31612345678', sender: 'Shop', test: true });
		expect(response.status).toBe(200);
		await emulator.settle();
		expect(emulator.account.balance).toBe(100);
		expect(receiver.requests).toHaveLength(0);
		expect(emulator.messages[0]).toMatchObject({ test: true, deliveryCode: 'test' });
	});

	test('date schedules the message in the account time zone', async () => {
		const future = new Date(Date.now() + 3 * 24 * 3600 * 1000);
		const local = new Intl.DateTimeFormat('sv-SE', {
			timeZone: 'Europe/Amsterdam',
			dateStyle: 'short',
			timeStyle: 'short',
		}).format(future);
		const response = await send({ message: 'x', to: '31612345678', sender: 'Shop', date: local });
		expect(response.status).toBe(200);
		const scheduled = new Date(emulator.messages[0].scheduledFor!);
		expect(Math.abs(scheduled.getTime() - future.getTime())).toBeLessThan(60_000);
		expect(emulator.messages[0].deliveryCode).toBe('scheduled');
	});

	test('a send scheduled years ahead stays scheduled: no delivery report now', async () => {
		await subscribe(['delivery_report']);
		expect((await send({ message: 'x', to: '31612345678', sender: 'Shop', date: '2031-06-01 12:30' })).status).toBe(
			200,
		);
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(receiver.requests).toHaveLength(0);
		expect(emulator.messages[0].deliveryCode).toBe('scheduled');
	});

	test('credits per segment; at zero the send fails with 108 and funds webhooks go out', async () => {
		await api('PUT', '/emulator/account', { balance: 3 }, {});
		await subscribe(['insufficient_funds', 'api_error']);
		expect((await send({ message: 'a'.repeat(161), to: '31612345678', sender: 'Shop' })).status).toBe(200); // 2 segments
		expect(emulator.account.balance).toBe(1);
		expect((await api('GET', '/v1/balance')).body).toMatchObject({ balance: 1 });
		const refused = await send({ message: 'a'.repeat(161), to: '31612345678', sender: 'Shop' });
		expect(refused).toMatchObject({ status: 400, body: { error: '108', errorMsg: 'Not enough credits' } });
		const events = eventsOf(await receiver.waitFor(2));
		expect(events.map((event) => event.webhook_type).sort()).toEqual(['api_error', 'insufficient_funds']);
		for (const event of events) expect(specViolations(event)).toEqual([]);
		expect(events.find((event) => event.webhook_type === 'api_error').error.error_code).toBe(2000);
		expect(events.find((event) => event.webhook_type === 'insufficient_funds').funds.item_amount).toBe('1.000');
	});

	test('GET /v1/auth checks the credentials and costs nothing', async () => {
		expect((await api('GET', '/v1/auth')).status).toBe(200);
		expect((await api('GET', '/v1/auth', undefined, {})).status).toBe(401);
		expect(emulator.account.balance).toBe(100);
	});
});

describe('delivery reports', () => {
	const finalFor = async (number: string) => {
		await subscribe(['delivery_report']);
		await send({ message: 'Hi', to: number, sender: 'Shop', reference: 'ref-1' });
		await emulator.settle();
		return eventsOf(receiver.requests);
	};

	test('submitted first, then the final state, both signed and per docs/gateway-api.md#webhook-types', async () => {
		const [submitted, final] = await finalFor('31612345678');
		expect(receiver.requests).toHaveLength(2);
		expect(submitted.message).toMatchObject({
			delivery_code: '0',
			delivery_status: 'submitted',
			reference: 'ref-1',
			cost: 1,
		});
		expect(final.message).toMatchObject({
			delivery_code: '1',
			delivery_status: 'delivered',
			messageid: submitted.message.messageid,
		});
		for (const event of [submitted, final]) expect(specViolations(event)).toEqual([]);
		expect(submitted.webhook_id).toMatch(/^wh_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
		expect(submitted.webhook_id).not.toBe(final.webhook_id);
	});

	test.each<[string, string, string, string | undefined]>([
		['31612349991', '1', 'delivered', undefined],
		['31612349992', '2', 'not delivered', undefined],
		['31612349993', '3', 'buffered', undefined],
		['31612349994', '4', 'rejected', undefined],
		['31612349995', '5', 'rejected', '10'],
		['31612349999', '9', 'unknown', undefined],
		...Array.from({ length: 10 }, (_, i): [string, string, string, string] => [
			`316123992${10 + i}`,
			'2',
			'not delivered',
			String(10 + i),
		]),
		...Array.from({ length: 10 }, (_, i): [string, string, string, string] => [
			`316123995${10 + i}`,
			'5',
			'rejected',
			String(10 + i),
		]),
	])('magic number %s ends in code %s (%s), detail %s', async (number, code, status, detail) => {
		const events = await finalFor(number);
		const final = events[1].message;
		expect(final).toMatchObject({ delivery_code: code, delivery_status: status });
		expect(final.delivery_code_detail).toBe(detail);
		if (detail) expect(final.delivery_code_detail_description).toEqual(expect.any(String));
		expect(specViolations(events[1])).toEqual([]);
	});

	test('with no endpoint registered, the event log shows both reports with their signatures', async () => {
		const sent = await send({ message: 'Hi', to: '31612349992', sender: 'Shop' });
		await emulator.settle();
		const logged = (await api('GET', `/emulator/events?messageid=${sent.body.messageid}`, undefined, {}))
			.body as unknown as Array<{
			event: { message: { delivery_code: string } };
			body: string;
			headers: Record<string, string>;
		}>;
		expect(logged.map((entry) => entry.event.message.delivery_code)).toEqual(['0', '2']);
		for (const entry of logged) {
			const t = entry.headers['X-Service-Timestamp'];
			expect(entry.headers['X-Service-Signature']).toBe(
				`t=${t},v1=${opensslHmacSha256(emulator.account.signingSecret, `${t}.${entry.body}`)}`,
			);
		}
	});

	test('magic number …9990 stays submitted: one report only', async () => {
		const events = await finalFor('31612349990');
		expect(events.map((event) => event.message.delivery_code)).toEqual(['0']);
	});
});
