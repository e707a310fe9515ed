/** Send SMS against the emulator through WorkflowExecute: partial failures and retries, the checks the gateway also makes, and what counts as sent (the rest: send-safety.test.ts). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { GATEWAY_RULE } from '../../nodes/MessagingGateway/core/numbers/phone';
import { buildSendRequest } from '../../nodes/MessagingGateway/core/sending/send';
import { OPTED_OUT_SUFFIX } from '../../emulator/magic';
import { startEmulator } from '../../emulator/server';
import { runAction } from '../support/run';
import { emulator, credentials, send, control, api, numbers } from '../support/send-setup';

describe('partial failures are visible; retries never duplicate', () => {
	// Version 2 resends a request answered 500 (On Unknown Outcome: Resend); version 3's default is in exactly-once.test.ts.
	test.each([5, 50])(
		'a 500 mid-batch at concurrency %i: no new sends, the error lists what was sent',
		async (concurrency) => {
			await control('POST', '/emulator/faults', { status: 500, after: 20 });
			const run = await runAction(
				send({ to: '={{ $json.to }}', options: { concurrency, batchRecipients: false } }),
				numbers(50),
				credentials,
			);
			const sent = emulator.messages;
			// Only requests already running when the 500 came back were finished: fewer than `concurrency` after it.
			expect(emulator.requests.length).toBeLessThanOrEqual(21 + concurrency - 1);
			expect(run.error?.description).toContain(`${sent.length} of 50 items had been sent when the run stopped`);
			const listed = run.error?.context?.sentItems as Array<{ item: number; to: string[]; messageids: string[] }>;
			expect(listed.map((entry) => entry.messageids[0]).sort()).toEqual(
				sent.map((message) => message.messageid).sort(),
			);
			for (const entry of listed) expect(entry.to).toEqual([numbers(50)[entry.item].to]);
			expect(run.error?.description).toContain(`item ${listed[0].item}: ${listed[0].messageids[0]}`);
			// Bounded whatever the count: item numbers as ranges, at most 20 items' ids (all in context.sentItems).
			expect(run.error!.message.length).toBeLessThan(400);
			expect(run.error!.description!.split('; item ').length).toBeLessThanOrEqual(21);
		},
	);

	test.each([5, 50])(
		'Retry On Fail, 1,000 items, 500s mid-batch at concurrency %i: every item sent exactly once',
		async (concurrency) => {
			await control('PATCH', '/emulator/account', { balance: 100000 });
			for (const after of [150, 300, 200]) await control('POST', '/emulator/faults', { status: 500, after });
			const items = numbers(1000);
			const run = await runAction(
				send({ to: '={{ $json.to }}', message: '={{ "Item " + $json.n }}', options: { concurrency } }),
				items,
				credentials,
				{
					typeVersion: 2,
					retryOnFail: { maxTries: 5, waitBetweenTries: 0 },
				},
			);
			expect(run.error).toBeUndefined();
			expect(emulator.requests.filter((request) => request.status === 500)).toHaveLength(3);
			expect(emulator.messages).toHaveLength(1000);
			expect(new Set(emulator.messages.map((message) => message.to)).size).toBe(1000);
			const byId = new Map(emulator.messages.map((message) => [message.messageid, message]));
			run.items.forEach((item, index) => {
				expect(item.pairedItem).toEqual({ item: index });
				expect(byId.get(item.json.messageid as string)).toMatchObject({
					to: items[index].to,
					content: `Item ${index}`,
				});
			});
		},
	);
});
describe('the node checks what the gateway checks', () => {
	const senders = [
		'Café',
		'Shop🙂',
		'+',
		'A&B',
		'Shop!',
		'Ünïcode',
		'tab\there',
		'new\nline',
		'x_y',
		'a@b',
		'Shop',
		'My Shop',
		'Shop-1.0',
		'+3197010000001',
		'12345678901234',
		'Elevenchars',
		'Twelve chars',
		'123456789012345',
		'ø',
		'#1',
	];

	test('20 senders: every one the gateway would refuse is refused before any send', async () => {
		const verdicts = [];
		for (const sender of senders) {
			const node = await runAction(
				send({ sender: '={{ $json.sender }}', additionalFields: { test: true } }),
				[{ sender }],
				credentials,
			);
			verdicts.push([sender, node.error === undefined, emulator.requests.at(-1)?.status ?? 'not sent']);
		}
		// Refused by the node means nothing reached the gateway; accepted means the gateway took it too.
		for (const [, accepted, status] of verdicts)
			expect(accepted ? status : 'not sent').toBe(accepted ? 200 : 'not sent');
		expect(verdicts.filter(([, accepted]) => accepted).map(([sender]) => sender)).toEqual([
			'Shop',
			'My Shop',
			'Shop-1.0',
			'+3197010000001',
			'12345678901234',
			'Elevenchars',
		]);
	});

	test('property: the pre-flight and the emulator accept the same sends', async () => {
		const post = (body: Record<string, unknown>) =>
			api('POST', '/v1/message/send', { ...body, test: true }).then((response) => response.status === 200);
		const sender = fc.oneof(
			fc.string({ maxLength: 16 }),
			fc.stringMatching(/^\+?\d{1,16}$/),
			fc.stringMatching(/^[A-Za-z0-9 .-]{1,13}$/),
		);
		// The rules both check, not the account's state: numbers the emulator keeps on its opt-out list are left out.
		const to = fc.stringMatching(/^[1-9]\d{2,16}$/).filter((number) => !number.endsWith(OPTED_OUT_SUFFIX));
		const message = fc.oneof(
			fc.string({ minLength: 1, maxLength: 10 }),
			fc.integer({ min: 600, max: 620 }).map((length) => 'x'.repeat(length)),
		);
		await fc.assert(
			fc.asyncProperty(sender, to, message, async (s, number, text) => {
				// The node with Accept Unrecognized Numbers takes what the gateway takes: a number of possible length.
				const node = buildSendRequest(
					{ sender: s, to: `+${number}`, message: text },
					{ timeZone: 'UTC', now: new Date(), numbers: GATEWAY_RULE },
				).ok;
				expect(await post({ sender: s, to: number, message: text })).toBe(node);
			}),
			{ numRuns: 300 },
		);
	});
});
describe('only a confirmed send is a success, and errors keep secrets', () => {
	let other: Server;
	let otherUrl: string;
	beforeEach(async () => {
		// Any other HTTP service that answers 2xx, echoing what it received (like httpbin).
		other = createServer((req, res) => {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ ok: true, headers: req.headers, url: req.url }));
		});
		await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
		otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
	});
	afterEach(() => new Promise((resolve) => other.close(resolve)));

	test('a 2xx without a message id is an error with an unknown outcome, not an output item, and echoes no secret', async () => {
		const run = await runAction(send({}), [{}], { ...credentials, baseUrl: otherUrl });
		expect(run.items).toEqual([]);
		expect(run.error?.message).toBe('The gateway did not confirm the send: the SMS may already have been sent');
		expect(run.error?.description).toMatch(
			/^Not retried\. It answered HTTP 200 without a message id for the recipient\. /,
		);
		expect(run.error?.context).toMatchObject({ outcome: 'unknown' });
		expect(
			JSON.stringify({ ...run.error, message: run.error?.message, description: run.error?.description }),
		).not.toContain(credentials.apiSecret);
		const continued = await runAction(send({}), [{}], { ...credentials, baseUrl: otherUrl }, { continueOnFail: true });
		expect(continued.items).toEqual([
			{
				json: {
					error: 'The gateway did not confirm the send: the SMS may already have been sent',
					code: null,
					httpCode: 200,
					outcome: 'unknown',
					to: '31612345678',
					hint: expect.stringContaining('It is not sent again'),
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('user info in the Base URL never appears in errors or Continue On Fail items', async () => {
		const closed = await startEmulator();
		await closed.close();
		const baseUrl = closed.url.replace('http://', 'http://admin:pa55-w0rd-secret@');
		const run = await runAction(send({}), [{}], { ...credentials, baseUrl });
		const continued = await runAction(send({}), [{}], { ...credentials, baseUrl }, { continueOnFail: true });
		const shown = JSON.stringify([run.error?.message, run.error?.description, run.error?.context, continued.items]);
		expect(run.error?.message).toContain(closed.url);
		expect(shown).not.toContain('pa55-w0rd-secret');
		expect(shown).not.toContain('admin:');
	});
});
