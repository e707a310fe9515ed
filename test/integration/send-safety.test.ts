/** Issue scenarios of Send SMS, driven through WorkflowExecute against the emulator (failures and retries: send-safety-failures.test.ts). */
import { runAction, type GatewayCredentials } from '../support/run';
import { emulator, credentials, send, control } from '../support/send-setup';

describe('wrong text never goes out', () => {
	const items = [{}, { text: null }, { text: { a: 1 } }, { text: [{ a: 1 }] }];

	test.each([
		['message', { message: '={{ $json.text }}' }, 'Message'],
		['sender', { sender: '={{ $json.text }}' }, 'Sender'],
		['to', { to: '={{ $json.text }}' }, 'To'],
		['reference', { additionalFields: { reference: '={{ $json.text }}' } }, 'Reference'],
		['sub-account', { additionalFields: { subId: '={{ $json.text }}' } }, 'Sub-Account ID'],
	])('%s from undefined, null, an object, an array: refused before any request', async (_, fields, label) => {
		for (const item of items) {
			const run = await runAction(send(fields), [{ text: '31612345678' }, item], credentials);
			expect(run.error?.message).toMatch(
				new RegExp(`^${label}: expected text but got (no value|null|an object|an array)`),
			);
			expect(run.error?.description).toMatch(/Item 1 was refused before anything was sent\.$/);
			expect(emulator.requests).toHaveLength(0);
		}
	});

	test('with Continue On Fail the bad items become error items and only good ones are sent', async () => {
		const run = await runAction(send({ message: '={{ $json.text }}' }), [{ text: 'ok' }, ...items], credentials, {
			continueOnFail: true,
		});
		expect(emulator.messages.map((message) => message.content)).toEqual(['ok']);
		expect(run.items.map((item) => [item.pairedItem, item.json.error ?? item.json.messageid])).toEqual([
			[{ item: 0 }, emulator.messages[0].messageid],
			[
				{ item: 1 },
				"Message: expected text but got no value (undefined). Check the field's expression, or that the previous node's item has the field it reads.",
			],
			[
				{ item: 2 },
				"Message: expected text but got null. Check the field's expression, or that the previous node's item has the field it reads.",
			],
			[{ item: 3 }, 'Message: expected text but got an object'],
			[{ item: 4 }, 'Message: expected text but got an array'],
		]);
	});

	test('numbers are accepted where a number is meant', async () => {
		const run = await runAction(
			send({ to: '={{ $json.to }}', message: '={{ $json.code }}' }),
			[{ to: 31612345678, code: 4711 }],
			credentials,
		);
		expect(run.error).toBeUndefined();
		expect(emulator.messages.map((message) => [message.to, message.content])).toEqual([['31612345678', '4711']]);
	});
});

describe('numbers as the world writes them', () => {
	test.each([
		['+31 (0)6-1234 5678', {}, '31612345678'],
		['+44 (0) 7700 100123', {}, '447700100123'],
		['06-1234 5678', { defaultCountry: 'NL' }, '31612345678'],
		['+683 4002', {}, '6834002'],
	])('%s is sent to %s', async (to, options, expected) => {
		const run = await runAction(send({ to, options }), [{}], credentials);
		expect(run.error).toBeUndefined();
		expect(emulator.messages.map((message) => message.to)).toEqual([expected]);
	});

	test('a national number without a Default Country is refused', async () => {
		const run = await runAction(send({ to: '0612345678' }), [{}], credentials);
		expect(run.error?.message).toMatch(/^To: "0612345678" is a national number/);
		expect(emulator.requests).toHaveLength(0);
	});
});

describe('the account time zone', () => {
	const tokyo = async () => {
		await control('PATCH', '/emulator/account', { timezone: 'Asia/Tokyo' });
		return { ...credentials, accountTimeZone: 'Asia/Tokyo' } as GatewayCredentials;
	};

	test('a date with an offset is sent as wall-clock time in the account zone, not the workflow zone', async () => {
		const run = await runAction(send({ additionalFields: { date: '2031-06-01T10:30:00Z' } }), [{}], await tokyo());
		expect(run.error).toBeUndefined();
		expect(JSON.parse(emulator.requests[0].body).date).toBe('2031-06-01 19:30');
		// The emulator reads it in the account's zone: the same instant.
		expect(emulator.messages[0].scheduledFor).toBe('2031-06-01T10:30:00.000Z');
	});

	test('a date without offset is the account local time; "in the past" is judged there', async () => {
		// Three hours from now on Amsterdam's clocks (the workflow zone) has already passed on Tokyo's.
		const amsterdam = new Intl.DateTimeFormat('sv-SE', {
			timeZone: 'Europe/Amsterdam',
			dateStyle: 'short',
			timeStyle: 'short',
		}).format(new Date(Date.now() + 3 * 3600_000));
		const run = await runAction(send({ additionalFields: { date: amsterdam } }), [{}], await tokyo());
		expect(run.error?.message).toMatch(/^Schedule Date: ".*" is in the past$/);
		expect(run.error?.description).toContain("in the account's time zone Asia/Tokyo");
		expect(emulator.requests).toHaveLength(0);
	});
});

describe('options never break the node', () => {
	test.each([
		['concurrency', { concurrency: Number.NaN }, /^Concurrency: must be a whole number from 1 to 50; got NaN/],
		['concurrency', { concurrency: 'abc' }, /^Concurrency: must be a whole number from 1 to 50; got "abc"/],
		['concurrency', { concurrency: 0 }, /^Concurrency: must be a whole number from 1 to 50; got 0/],
		['concurrency', { concurrency: 2.5 }, /^Concurrency: .* got 2.5/],
		['timeout', { timeout: 0 }, /^Timeout: must be a whole number from 1 to 2147483647; got 0/],
		['timeout', { timeout: -1 }, /^Timeout: .* got -1/],
		['defaultCountry', { defaultCountry: 'XX' }, /^Default Country: "XX" is not an ISO 3166 country code/],
	])('%s %j: a clear error, nothing sent; with Continue On Fail, error items', async (_, options, message) => {
		const run = await runAction(send({ options }), [{}, {}], credentials);
		expect(run.error?.message).toMatch(message);
		const continued = await runAction(send({ options }), [{}, {}], credentials, { continueOnFail: true });
		expect(continued.items).toHaveLength(2);
		for (const item of continued.items) expect(item.json.error).toMatch(message);
		expect(emulator.requests).toHaveLength(0);
	});
});

describe('one output shape (version 2)', () => {
	test('several recipients: one item per recipient, all paired with the input item', async () => {
		const run = await runAction(
			send({ to: '+31 6 1234 5678, +44 7700 100123', additionalFields: { reference: 'r1' } }),
			[{}],
			credentials,
		);
		expect(run.items).toEqual(
			emulator.messages.map((message) => ({
				// replacedCharacters: Smart Encoding is on by default from version 4.
				json: {
					messageid: message.messageid,
					to: message.to,
					sender: 'Shop',
					reference: 'r1',
					segments: 1,
					encoding: 'GSM-7',
					replacedCharacters: 0,
				},
				pairedItem: { item: 0 },
			})),
		);
		expect(run.items.map((item) => item.json.to)).toEqual(['31612345678', '447700100123']);
	});
});
