/**
 * WhatsApp's SMS Fallback (docs/whatsapp.md#sms-fallback) through n8n-core's real execution context against the
 * emulator: a recipient refused with 137 or 140 gets an SMS with the text and numbered choices, never both channels.
 */
import { runAction } from '../support/run';
import { buttons, client, credentials, emulator, list, number, write } from '../support/whatsapp-setup';

describe('SMS Fallback', () => {
	/** The SMS the spec describes: the text, then the buttons as numbered choices. */
	const SMS_TEXT = 'Is 10:00 fine?\nReply 1 for Yes, 2 for No';
	/** Every number got exactly one message: those of `onWhatsApp` on WhatsApp, those of `bySms` by SMS. */
	const expectOneChannelEach = (onWhatsApp: string[], bySms: string[]) => {
		const channels = new Map<string, string[]>();
		for (const message of emulator.messages)
			channels.set(message.to, [...(channels.get(message.to) ?? []), message.messageType ?? 'sms']);
		expect(Object.fromEntries(channels)).toEqual({
			...Object.fromEntries(onWhatsApp.map((to) => [to, ['whatsapp']])),
			...Object.fromEntries(bySms.map((to) => [to, ['sms']])),
		});
	};

	test('window closed for one of 5, no WhatsApp for another: 3 on WhatsApp, 2 SMS with numbered choices', async () => {
		const numbers = [number(1), number(2), number(3), '31610009140', number(5)];
		await write([number(1), number(3), '31610009140', number(5)]);
		const run = await runAction(
			buttons(numbers.join(','), { options: { smsFallback: true }, additionalFields: { reference: 'r-1' } }),
			[{}],
			credentials,
		);
		expect(run.error).toBeUndefined();
		expectOneChannelEach([number(1), number(3), number(5)], [number(2), '31610009140']);
		const sms = emulator.requests
			.filter((request) => request.path === '/v1/message/send')
			.map((r) => JSON.parse(r.body));
		// The two SMS differ only in their recipients: one request (Batch Recipients), as Send SMS batches.
		expect(sms).toEqual([{ message: SMS_TEXT, to: [number(2), '31610009140'], sender: 'MyShop', reference: 'r-1' }]);
		expect(run.items.map((item) => [item.json.to, item.json.channel, item.json.fallbackReason])).toEqual([
			[number(1), 'whatsapp', undefined],
			[number(2), 'sms', 'windowClosed'],
			[number(3), 'whatsapp', undefined],
			['31610009140', 'sms', 'noWhatsApp'],
			[number(5), 'whatsapp', undefined],
		]);
		const ids = new Map(emulator.messages.map((message) => [message.to, message.messageid]));
		expect(run.items.map((item) => item.json.messageid)).toEqual(numbers.map((to) => ids.get(to)));
	});

	test('a list falls back with its rows numbered', async () => {
		const run = await runAction(
			list(
				number(1),
				[
					{ id: 'a', title: '09:00' },
					{ id: 'b', title: '14:00' },
				],
				{ options: { smsFallback: true } },
			),
			[{}],
			credentials,
		);
		expect(run.error).toBeUndefined();
		expect(emulator.messages).toMatchObject([
			{ to: number(1), content: 'Pick a slot\nReply 1 for 09:00, 2 for 14:00' },
		]);
		expect(emulator.messages[0].messageType).toBeUndefined();
	});

	test('Retry On Fail with a 500 in the middle of either channel: every recipient once, on one channel', async () => {
		const numbers = [number(1), number(2), number(3), number(4), number(5)];
		await write([number(1), number(3), number(5)]);
		// The first request is refused (137), then one request per number: the 3rd of those answers 500; the first SMS too.
		await client.control('POST', '/emulator/faults', { status: 500, after: 2, path: '/v1/whatsapp/send_action' });
		await client.control('POST', '/emulator/faults', { status: 500, path: '/v1/message/send' });
		// On Unknown Outcome Resend: Retry On Fail sends what a 500 left unknown again (Do Not Resend would stop the run).
		const options = { smsFallback: true, onUnknownOutcome: 'resend' };
		const run = await runAction(buttons(numbers.join(','), { options }), [{}], credentials, {
			retryOnFail: { maxTries: 3, waitBetweenTries: 0 },
		});
		expect(run.error).toBeUndefined();
		expectOneChannelEach([number(1), number(3), number(5)], [number(2), number(4)]);
		expect(run.items.map((item) => item.json.channel)).toEqual(['whatsapp', 'sms', 'whatsapp', 'sms', 'whatsapp']);
	});

	test.each([
		['the run', {}],
		["Retry On Fail's last try (Do Not Resend)", { retryOnFail: { maxTries: 2, waitBetweenTries: 0 } }],
	])(
		'a run stopped by an unknown outcome names the recipient refused on WhatsApp, left without its SMS (%s)',
		async (_, settings) => {
			await write([number(1), number(3)]);
			// The first request is refused (137), then one request per number: the third of those answers 500.
			await client.control('POST', '/emulator/faults', { status: 500, after: 3, path: '/v1/whatsapp/send_action' });
			const run = await runAction(
				buttons(`${number(1)},${number(2)},${number(3)}`, { options: { smsFallback: true } }),
				[{}],
				credentials,
				settings,
			);
			expect(run.error?.description).toContain(
				`Refused on WhatsApp and sent no SMS instead, as the run stopped first: ${number(2)} (item 0).`,
			);
			expect(run.error?.context?.refusedWithoutSms).toEqual([{ item: 0, to: number(2) }]);
			expectOneChannelEach([number(1)], []);
		},
	);

	test('a fallback SMS the gateway refuses: with Continue On Fail its item is the error, still saying channel sms and why', async () => {
		await write([number(1)]);
		await client.control('POST', '/emulator/faults', { status: 400, path: '/v1/message/send' });
		const run = await runAction(
			buttons(`${number(1)},${number(2)}`, { options: { smsFallback: true } }),
			[{}],
			credentials,
			{ continueOnFail: true },
		);
		expect(run.items.map(({ json }) => json)).toEqual([
			expect.objectContaining({ to: number(1), channel: 'whatsapp', messageid: expect.any(String) }),
			expect.objectContaining({
				to: number(2),
				channel: 'sms',
				fallbackReason: 'windowClosed',
				error: expect.stringContaining('HTTP 400'),
			}),
		]);
	});

	test.each([
		['Continue On Fail', { continueOnFail: true }],
		['the error output', { errorOutput: true }],
	])('an opted-out number among the fallback SMS is skipped, the others get theirs (%s)', async (_, settings) => {
		const numbers = [number(1), number(2), number(3), number(4), number(5)];
		await write([number(1), number(4)]);
		await client.control('POST', '/emulator/optouts', { number: number(3) });
		const run = await runAction(
			buttons(numbers.join(','), { options: { smsFallback: true } }),
			[{}],
			credentials,
			settings,
		);
		expect(run.error).toBeUndefined();
		expectOneChannelEach([number(1), number(4)], [number(2), number(5)]);
		expect(run.errorItems).toEqual([]);
		expect(run.items.map(({ json }) => json)).toEqual([
			expect.objectContaining({ to: number(1), channel: 'whatsapp', messageid: expect.any(String) }),
			expect.objectContaining({ to: number(2), channel: 'sms', fallbackReason: 'windowClosed' }),
			{ to: number(3), skipped: 'optedOut' },
			expect.objectContaining({ to: number(4), channel: 'whatsapp', messageid: expect.any(String) }),
			expect.objectContaining({ to: number(5), channel: 'sms', fallbackReason: 'windowClosed' }),
		]);
		expect(run.items.filter(({ json }) => json.error !== undefined)).toEqual([]);
	});

	test('an SMS with its choices longer than one message allows is refused before any request', async () => {
		const run = await runAction(
			buttons(number(1), { message: 'x'.repeat(600), options: { smsFallback: true } }),
			[{}],
			credentials,
		);
		expect(run.error?.message).toMatch(/^SMS Fallback: the SMS with its numbered choices has \d+ characters/);
		expect(emulator.requests).toHaveLength(0);
	});
});
