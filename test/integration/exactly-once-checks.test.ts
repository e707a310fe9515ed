/** Send SMS exactly once, against the emulator: every item checked before the first request, and the property that every recipient gets one message (Retry On Fail, On Unknown Outcome: exactly-once.test.ts). */
import fc from 'fast-check';
import { MAX_RECIPIENTS_PER_REQUEST } from '../../nodes/MessagingGateway/core/sending/batch';
import { runAction } from '../support/run';
import {
	emulator,
	credentials,
	send,
	control,
	numbers,
	recipientsPerRequest,
	sentCount,
	retry,
	NOW_MESSAGE,
	TOMORROW,
} from '../support/exactly-once-setup';

describe('every item checked before the first request, recipients included', () => {
	const written = '+31 6 1234 5678, 0031 6 1234 5678, +31 (0)6-12345678, +44 7700 100123';

	test.each([1, 2, 3])(
		'version %i: one number written three ways is one SMS; the output names the merged forms',
		async (typeVersion) => {
			const run = await runAction(send({ to: written }), [{}], credentials, { typeVersion });
			expect(run.error).toBeUndefined();
			expect(emulator.messages.map((message) => message.to)).toEqual(['31612345678', '447700100123']);
			const merged = ['+31 6 1234 5678', '0031 6 1234 5678', '+31 (0)6-12345678'];
			if (typeVersion === 1)
				expect(run.items.map((item) => item.json)).toEqual([
					expect.objectContaining({ to: ['31612345678', '447700100123'], merged: { '31612345678': merged } }),
				]);
			else
				expect(run.items.map((item) => [item.json.to, item.json.merged])).toEqual([
					['31612345678', merged],
					['447700100123', undefined],
				]);
		},
	);

	test.each([
		['batched', {}],
		['Batch Recipients off', { batchRecipients: false }],
	])('items of 10, 150 and 10 numbers (%s): 170 SMS, no request above the limit, no 113', async (_, options) => {
		const input = [numbers(10), numbers(150, 10), numbers(10, 160)].map((list) => ({ to: list.join(', ') }));
		const run = await runAction(send({ options }), input, credentials, { typeVersion: 3 });
		expect(run.error).toBeUndefined();
		expect(emulator.messages).toHaveLength(170);
		expect(emulator.requests.every((request) => request.status === 200)).toBe(true);
		expect(Math.max(...recipientsPerRequest())).toBeLessThanOrEqual(MAX_RECIPIENTS_PER_REQUEST);
		expect(run.items.map((item) => item.json.to)).toEqual(numbers(170));
	});

	test('Batch Size 10 splits one item of 20 numbers into two requests', async () => {
		const run = await runAction(send({ options: { batchSize: 10 } }), [{ to: numbers(20).join(',') }], credentials, {
			typeVersion: 3,
		});
		expect(run.error).toBeUndefined();
		expect(recipientsPerRequest()).toEqual([10, 10]);
		expect(run.items).toHaveLength(20);
	});

	test('a split item with Retry On Fail after a 500 on its second request: each number once', async () => {
		await control('POST', '/emulator/faults', { status: 500, after: 1 });
		const run = await runAction(
			send({ message: NOW_MESSAGE, options: { batchSize: 10, concurrency: 1, onUnknownOutcome: 'resend' } }),
			[{ n: 0, to: numbers(30).join(',') }],
			credentials,
			{ typeVersion: 3, retryOnFail: retry },
		);
		expect(run.error).toBeUndefined();
		expect(sentCount().size).toBe(30);
		expect([...sentCount().values()].every((count) => count === 1)).toBe(true);
		expect(run.items.map((item) => item.json.to)).toEqual(numbers(30));
	});

	test.each(['\u200b', '\u200b\u200c\u200d\u2060\ufeff', ' \u00ad\u3164 ', '\u2800'])(
		'a message of only invisible characters (%j) is refused as empty',
		async (message) => {
			const run = await runAction(send({ message, to: '+31 6 1234 5678' }), [{}], credentials, { typeVersion: 3 });
			expect(run.error?.message).toBe('Message: the message is empty: it has no visible characters');
			expect(emulator.requests).toHaveLength(0);
		},
	);
});

describe('property: every recipient exactly once', () => {
	/** One case: items with distinct numbers (some written twice), a message and date that may change per try, faults. */
	const scenario = fc.record({
		recipients: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 8 }),
		twice: fc.boolean(),
		message: fc.constantFrom(
			'Hello',
			NOW_MESSAGE,
			'={{ $json.n % 2 ? "Odd" : "Even" }}',
			'={{ "Hi " + $now.toMillis() % 3 }}',
		),
		dated: fc.boolean(),
		batched: fc.boolean(),
		batchSize: fc.integer({ min: 1, max: 10 }),
		concurrency: fc.integer({ min: 1, max: 50 }),
		faults: fc.array(fc.record({ status: fc.constantFrom(500, 429), after: fc.integer({ min: 0, max: 6 }) }), {
			maxLength: 3,
		}),
	});
	type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

	async function runScenario(scenario: Scenario, onUnknownOutcome: 'resend' | 'doNotResend') {
		for (const path of ['/emulator/messages', '/emulator/requests', '/emulator/faults']) await control('DELETE', path);
		// A 429 three times (the transport's tries) is "not sent": Retry On Fail tries again. With Do Not Resend and
		// Continue On Fail nothing is retried, so only 500s (unknown outcome) are the faults that matter there.
		for (const fault of scenario.faults) {
			const notSent = fault.status === 429 && onUnknownOutcome === 'resend';
			await control(
				'POST',
				'/emulator/faults',
				notSent ? { status: 429, retryAfter: 0, count: 3, after: fault.after } : { status: 500, after: fault.after },
			);
		}
		let next = 0;
		const input = scenario.recipients.map((count, n) => {
			const list = numbers(count, next);
			next += count;
			// The same number written again, internationally with 00: merged into one send.
			return { n, to: (scenario.twice ? [...list, `00${list[0]}`] : list).join(', '), expected: list };
		});
		const options = {
			batchRecipients: scenario.batched,
			batchSize: scenario.batchSize,
			concurrency: scenario.concurrency,
			onUnknownOutcome,
		};
		const parameters = send({
			message: scenario.message,
			additionalFields: scenario.dated ? { date: TOMORROW } : {},
			options,
		});
		const run = await runAction(parameters, input, credentials, {
			typeVersion: 3,
			retryOnFail: retry,
			continueOnFail: onUnknownOutcome === 'doNotResend',
		});
		return { run, expected: input.flatMap((item) => item.expected) };
	}

	test('Resend: random bodies × fault positions × batching × concurrency 1–50 → each recipient exactly one accepted send', async () => {
		await fc.assert(
			fc.asyncProperty(scenario, async (generated) => {
				const { run, expected } = await runScenario(generated, 'resend');
				expect(run.error).toBeUndefined();
				expect(Object.fromEntries(sentCount())).toEqual(Object.fromEntries(expected.map((to) => [to, 1])));
				const byId = new Map(emulator.messages.map((message) => [message.messageid, message.to]));
				expect(run.items.map((item) => byId.get(item.json.messageid as string))).toEqual(expected);
				expect(Math.max(...recipientsPerRequest())).toBeLessThanOrEqual(
					generated.batched ? generated.batchSize : MAX_RECIPIENTS_PER_REQUEST,
				);
			}),
			{ numRuns: 700 },
		);
	}, 600_000);

	test('Do Not Resend: no recipient twice, none lost: each is sent once or reported with outcome unknown', async () => {
		await fc.assert(
			fc.asyncProperty(scenario, async (generated) => {
				const { run, expected } = await runScenario(generated, 'doNotResend');
				expect(run.error).toBeUndefined();
				expect([...sentCount().values()].every((count) => count === 1)).toBe(true);
				const byId = new Map(emulator.messages.map((message) => [message.messageid, message.to]));
				const outcome = run.items.map((item) =>
					item.json.outcome === 'unknown'
						? `unknown ${item.json.to}`
						: `sent ${byId.get(item.json.messageid as string)}`,
				);
				expect(outcome).toEqual(expected.map((to) => (sentCount().has(to) ? `sent ${to}` : `unknown ${to}`)));
			}),
			{ numRuns: 300 },
		);
	}, 600_000);
});
