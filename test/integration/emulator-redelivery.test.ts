/**
 * The emulator settings that stand for an at-least-once gateway under load: `duplicateDeliveries`
 * (every webhook delivered a second time, same event) and `deliveryJitterMs` (final reports spread
 * over a range after the send). Real HTTP to a recording receiver; signatures checked with openssl.
 */
import { startEmulator, type Emulator } from '../../emulator/server';
import { opensslHmacSha256 } from '../support/openssl';
import { startReceiver, type Receiver } from '../support/receiver';
import { emulatorClient } from '../support/emulator-client';

let emulator: Emulator;
let receiver: Receiver;
const { api, controlAnswer } = emulatorClient(() => emulator);

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 0, retryBaseMs: 20 } });
	receiver = await startReceiver();
	await controlAnswer('POST', '/emulator/webhooks', { url: receiver.url, types: ['*'] });
});
afterEach(async () => {
	await emulator.close();
	await receiver.close();
});

describe('duplicateDeliveries', () => {
	test('every webhook arrives twice: the same event and webhook_id, each signed; ?wait=true waits for both', async () => {
		await controlAnswer('PATCH', '/emulator/settings', { duplicateDeliveries: true });
		const { body } = await controlAnswer('POST', '/emulator/events?wait=true', { type: 'add_group' });
		expect(receiver.requests).toHaveLength(2);
		const [first, second] = receiver.requests.map((request) => ({
			text: request.raw.toString('utf8'),
			headers: request.headers,
		}));
		expect(second.text).toBe(first.text);
		expect(JSON.parse(first.text).webhook_id).toBe((body.event as { webhook_id: string }).webhook_id);
		for (const { text, headers } of [first, second]) {
			const t = String(headers['x-service-timestamp']);
			expect(headers['x-service-signature']).toBe(
				`t=${t},v1=${opensslHmacSha256(emulator.account.signingSecret, `${t}.${text}`)}`,
			);
		}
		const deliveries = (await controlAnswer('GET', '/emulator/deliveries')).body as unknown as Array<{
			id: string;
			repeatOf?: string;
			state: string;
		}>;
		expect(deliveries.map((delivery) => [delivery.state, delivery.repeatOf ?? null])).toEqual([
			['delivered', null],
			['delivered', deliveries[0].id],
		]);
	});

	test('the repeat follows the first delivery’s retries, and is itself retried', async () => {
		await controlAnswer('PATCH', '/emulator/settings', { duplicateDeliveries: true });
		receiver.answers.push(503, 200, 500);
		await controlAnswer('POST', '/emulator/events?wait=true', { type: 'add_group' });
		const deliveries = (await controlAnswer('GET', '/emulator/deliveries')).body as unknown as Array<{
			attempts: Array<{ status: number }>;
		}>;
		expect(deliveries.map((delivery) => delivery.attempts.map((attempt) => attempt.status))).toEqual([
			[503, 200],
			[500, 200],
		]);
	});

	test('off by default: one delivery', async () => {
		await controlAnswer('POST', '/emulator/events?wait=true', { type: 'add_group' });
		expect(receiver.requests).toHaveLength(1);
	});
});

describe('deliveryJitterMs', () => {
	test('final reports come deliveryDelayMs + 0 … deliveryJitterMs after the submitted one, spread over that range', async () => {
		await controlAnswer('PATCH', '/emulator/settings', { deliveryJitterMs: 400 });
		await Promise.all(
			Array.from({ length: 30 }, (_, i) =>
				api('POST', '/v1/message/send', { message: 'Hi', to: `316123${String(i).padStart(5, '0')}`, sender: 'Shop' }),
			),
		);
		await emulator.settle();
		// When each report's delivery was attempted, from the emulator's own records.
		const attemptedAt = new Map(
			emulator.deliveries.map((delivery) => [delivery.id, Date.parse(delivery.attempts[0].at)]),
		);
		const reports = new Map<string, number[]>();
		for (const { event, deliveries } of emulator.events) {
			const { messageid } = event.message as { messageid: string };
			reports.set(messageid, [...(reports.get(messageid) ?? []), attemptedAt.get(deliveries[0])!]);
		}
		const delays = [...reports.values()].map(([submitted, final]) => final - submitted);
		expect(delays).toHaveLength(30);
		// A timer never fires early: with the jitter some final report came 100 ms or more after its submitted one.
		expect(Math.max(...delays)).toBeGreaterThanOrEqual(100);
		expect(emulator.messages.every((message) => message.deliveryCode === '1')).toBe(true);
	});

	test('a jitter outside 0 … the longest timer, or duplicateDeliveries not a boolean, is refused and changes nothing', async () => {
		expect((await controlAnswer('PATCH', '/emulator/settings', { deliveryJitterMs: -1 })).status).toBe(400);
		expect((await controlAnswer('PATCH', '/emulator/settings', { duplicateDeliveries: 'yes' })).status).toBe(400);
		expect((await controlAnswer('GET', '/emulator/settings')).body).toMatchObject({
			deliveryJitterMs: 0,
			duplicateDeliveries: false,
		});
	});
});

describe('settle', () => {
	test('a bounded settle that runs out names each delivery still pending, with its attempts; a later settle ends', async () => {
		await controlAnswer('PATCH', '/emulator/settings', { retryBaseMs: 1500, maxAttempts: 2 });
		receiver.answers.push(503);
		await controlAnswer('POST', '/emulator/events', { type: 'add_group' });
		await receiver.waitFor(1);
		const ranOut = await emulator.settle(300).then(
			() => 'settled',
			(error: Error) => error.message,
		);
		expect(ranOut).toMatch(
			/^The emulator has not settled after 300 ms; 1 pending:\n- delivery \S+ of add_group \S+ to http:\/\/127\.0\.0\.1:\d+\/hook, pending; attempts: \d\d:\d\d:\d\d\.\d{3} 503 in \d+ ms$/,
		);
		await emulator.settle();
		expect(emulator.deliveries.map((delivery) => delivery.state)).toEqual(['delivered']);
	});
});
