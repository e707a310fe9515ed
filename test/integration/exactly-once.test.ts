/**
 * Send exactly once per recipient within an execution, whatever the expressions do; On Unknown
 * Outcome; every item's recipients checked, merged and split before the first request. Driven
 * through n8n-core's WorkflowExecute (its Retry On Fail) against the emulator.
 */
import { runAction } from '../support/run';
import {
	emulator,
	credentials,
	send,
	control,
	numbers,
	items,
	sentCount,
	retry,
	NOW_MESSAGE,
	TOMORROW,
} from '../support/exactly-once-setup';

describe('Retry On Fail sends each recipient once, whatever the expressions evaluate to', () => {
	test.each([
		['version 2', 2, {}],
		['version 3, Resend', 3, { onUnknownOutcome: 'resend' }],
	])(
		'%s: a $now message and a $now schedule date, a 500 after 5 sends: 10 SMS, the recorded ids and fields come out',
		async (_, typeVersion, options) => {
			await control('POST', '/emulator/faults', { status: 500, after: 5 });
			const input = items(10);
			const run = await runAction(
				send({
					message: NOW_MESSAGE,
					additionalFields: { date: TOMORROW },
					options: { ...options, batchRecipients: false },
				}),
				input,
				credentials,
				{ typeVersion, retryOnFail: retry },
			);
			expect(run.error).toBeUndefined();
			expect(emulator.messages).toHaveLength(10);
			expect([...sentCount().values()].every((count) => count === 1)).toBe(true);
			const byId = new Map(emulator.messages.map((message) => [message.messageid, message]));
			run.items.forEach((item, index) => {
				const message = byId.get(item.json.messageid as string)!;
				expect(message.to).toBe(input[index].to);
				// The output is the send as it was accepted, not as the retry evaluated it.
				expect(message.content).toMatch(new RegExp(`^Order ${index} at \\d+$`));
				expect(item.json.date).toBe(
					JSON.parse(
						emulator.requests.find(
							(request) => request.status === 200 && JSON.parse(request.body).to === input[index].to,
						)!.body,
					).date,
				);
			});
		},
	);

	test('batched, concurrency 5, the message changes per try: every number once', async () => {
		for (const after of [2, 1]) await control('POST', '/emulator/faults', { status: 500, after });
		const run = await runAction(
			send({ message: NOW_MESSAGE, options: { batchSize: 7, concurrency: 5 } }),
			items(60),
			credentials,
			{ typeVersion: 2, retryOnFail: retry },
		);
		expect(run.error).toBeUndefined();
		expect(sentCount().size).toBe(60);
		expect([...sentCount().values()].every((count) => count === 1)).toBe(true);
	});
});

describe('On Unknown Outcome', () => {
	test('version 3 by default: a 500 is not sent again by Retry On Fail; the run fails naming it and what was sent', async () => {
		await control('POST', '/emulator/faults', { status: 500, after: 3 });
		const run = await runAction(
			send({ message: NOW_MESSAGE, options: { batchRecipients: false, concurrency: 1 } }),
			items(6),
			credentials,
			{ typeVersion: 3, retryOnFail: retry },
		);
		expect(emulator.requests.map((request) => request.status)).toEqual([200, 200, 200, 500]);
		expect(run.error?.message).toBe('Not sent again to 31610000003: an earlier try may already have sent it');
		expect(run.error?.description).toMatch(
			/^3 of 6 items had been sent .* That try ended with: The gateway answered HTTP 500/,
		);
		expect(run.error?.description).toContain('3 of 6 items had been sent when the run stopped (items 0–2)');
		expect(run.error?.description).toContain('delivery report arrives at the Messaging Gateway Trigger');
		expect(run.error?.context).toMatchObject({ outcome: 'unknown', httpCode: 500, sentCount: 3 });
	});

	test('with Continue On Fail: the items of the request get { error, outcome: unknown, to, reference, hint }, the rest is sent', async () => {
		await control('POST', '/emulator/faults', { status: 500, after: 1 });
		const run = await runAction(
			send({ additionalFields: { reference: '={{ "order-" + $json.n }}' }, options: { concurrency: 1 } }),
			items(3),
			credentials,
			{ typeVersion: 3, continueOnFail: true },
		);
		expect(emulator.messages.map((message) => message.to)).toEqual([numbers(3)[0], numbers(3)[2]]);
		expect(run.items[1]).toMatchObject({
			pairedItem: { item: 1 },
			json: {
				error: expect.stringContaining('HTTP 500'),
				httpCode: 500,
				outcome: 'unknown',
				to: numbers(3)[1],
				reference: 'order-1',
				hint: expect.stringContaining("gateway's message log"),
			},
		});
		expect(run.items[2].json.messageid).toEqual(expect.any(String));
	});

	test('Send Voice Message too: with Continue On Fail a 500 gives the outcome unknown, per recipient', async () => {
		await control('POST', '/emulator/faults', { status: 500 });
		const voice = {
			resource: 'message',
			operation: 'sendVoice',
			to: '={{ $json.to }}',
			message: 'Your order is ready',
		};
		const run = await runAction(voice, [{ to: numbers(2).join(',') }], credentials, {
			typeVersion: 3,
			continueOnFail: true,
		});
		expect(emulator.messages).toHaveLength(0);
		expect(run.items.map((item) => [item.json.outcome, item.json.to])).toEqual(numbers(2).map((to) => ['unknown', to]));
	});

	test('a send that certainly did not go out (429 three times) is retried by Retry On Fail in version 3', async () => {
		await control('POST', '/emulator/faults', { status: 429, retryAfter: 0, count: 3 });
		const run = await runAction(send(), items(2), credentials, { typeVersion: 3, retryOnFail: retry });
		expect(run.error).toBeUndefined();
		expect(emulator.messages).toHaveLength(2);
	});

	test('a bad value is refused before anything is sent', async () => {
		const run = await runAction(send({ options: { onUnknownOutcome: 'sometimes' } }), items(1), credentials, {
			typeVersion: 3,
		});
		expect(run.error?.message).toBe('On Unknown Outcome: expected doNotResend or resend but got "sometimes"');
		expect(emulator.requests).toHaveLength(0);
	});
});
