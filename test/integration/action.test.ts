import { runAction } from '../support/run';
import { emulator, credentials, send } from '../support/send-setup';

describe('Message → Send', () => {
	test('one number: the exact request, and the output item', async () => {
		const run = await runAction(send({}), [{}], credentials, { typeVersion: 1 });
		expect(run.error).toBeUndefined();
		expect(emulator.requests).toHaveLength(1);
		const [request] = emulator.requests;
		expect(request).toMatchObject({ method: 'POST', path: '/v1/message/send' });
		expect(request.headers['x-client-id']).toBe('emulator-key');
		expect(request.headers['x-client-secret']).toBe('emulator-secret');
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(request.body)).toEqual({ message: 'Hello', to: '31612345678', sender: 'Shop' });
		expect(run.items).toEqual([
			{
				json: {
					messageid: emulator.messages[0].messageid,
					to: '31612345678',
					sender: 'Shop',
					segments: 1,
					encoding: 'GSM-7',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('several numbers: one request with an array, messageids back', async () => {
		const run = await runAction(send({ to: '+31 6 1234 5678, 0044 7700 100123;(415) 555-2671-1' }), [{}], credentials, {
			typeVersion: 1,
		});
		expect(JSON.parse(emulator.requests[0].body).to).toEqual(['31612345678', '447700100123', '41555526711']);
		expect(run.items[0].json).toMatchObject({
			messageids: emulator.messages.map((message) => message.messageid),
			to: ['31612345678', '447700100123', '41555526711'],
		});
	});

	test('every additional field is sent, and comes back in the output', async () => {
		const date = new Date(Date.now() + 2 * 86400_000);
		const local = new Intl.DateTimeFormat('sv-SE', {
			timeZone: 'Europe/Amsterdam',
			dateStyle: 'short',
			timeStyle: 'short',
		}).format(date);
		const run = await runAction(
			send({
				message: 'Grüße 👋',
				additionalFields: { date: local.replace(' ', 'T') + ':00', reference: 'order-7', test: true, subId: 'sub-9' },
			}),
			[{}],
			credentials,
			{ typeVersion: 1 },
		);
		expect(JSON.parse(emulator.requests[0].body)).toEqual({
			message: 'Grüße 👋',
			to: '31612345678',
			sender: 'Shop',
			date: local,
			reference: 'order-7',
			test: true,
			subid: 'sub-9',
		});
		expect(run.items[0].json).toEqual({
			messageid: expect.stringMatching(/^[a-z0-9]{30}$/),
			to: '31612345678',
			sender: 'Shop',
			reference: 'order-7',
			date: local,
			test: true,
			subId: 'sub-9',
			segments: 1,
			encoding: 'UCS-2',
		});
	});

	test('a date with an offset is sent as wall-clock time in the workflow time zone', async () => {
		await runAction(send({ additionalFields: { date: '2031-06-01T10:30:00Z' } }), [{}], credentials, {
			typeVersion: 1,
		});
		expect(JSON.parse(emulator.requests[0].body).date).toBe('2031-06-01 12:30'); // Amsterdam, summer time
	});

	test.each([
		['empty message', { message: '   ' }, 'Message: the message is empty'],
		['number too short', { to: '+31 612' }, 'To: "+31 612" is not a valid international number'],
		[
			'one bad number among several',
			{ to: '31612345678, 12' },
			'To: recipient 1: "12" is not a valid international number',
		],
		['number with letters', { to: '+31 6 CALL ME' }, 'To: "+31 6 CALL ME" contains "C"'],
		[
			'sender name over 11 characters',
			{ sender: 'TwelveChars1' },
			'Sender: the sender name "TwelveChars1" has 12 characters',
		],
		[
			'sender number over 14 digits',
			{ sender: '+123456789012345' },
			'Sender: the sender number has 15 digits; at most 14',
		],
		[
			'date in the past',
			{ additionalFields: { date: '2020-01-01T10:00:00' } },
			'Schedule Date: "2020-01-01T10:00:00" is in the past',
		],
		[
			'reference over 255 characters',
			{ additionalFields: { reference: 'r'.repeat(256) } },
			'Reference: the reference has 256 characters; at most 255',
		],
	])('%s is refused before any request', async (_, fields, message) => {
		const run = await runAction(send(fields), [{}, {}], credentials, { typeVersion: 1 });
		expect(run.error?.message).toContain(message);
		expect(run.error?.description).toMatch(/(^|\. )Item 0 was refused before anything was sent\.$/);
		expect(emulator.requests).toHaveLength(0);
	});

	test('a bad item refuses the whole run before any request; the error names the item', async () => {
		const run = await runAction(
			send({ to: '={{ $json.to }}' }),
			[{ to: '31612345678' }, { to: '31612345678' }, { to: 'nope' }],
			credentials,
			{ typeVersion: 1 },
		);
		expect(run.error?.message).toContain('To: "nope" contains "n", which is not part of a phone number');
		expect(run.error?.description).toBe('Item 2 was refused before anything was sent.');
		expect(emulator.requests).toHaveLength(0);
	});
});
