/**
 * The emulator's auto-responders and inbound bursts (docs/emulator.md#auto-responders-and-bursts), over HTTP: an
 * SMS to an auto-responder is answered, its delay later, by a signed inbox_message that replies to it; a burst is
 * one incoming SMS per text, a gap apart, in order.
 */
import { api, emulator, eventsOf, receiver, send, subscribe } from '../support/emulator-setup';

const MAGIC = '31612349777';
const VIRTUAL = '3197010000001';
/** The inbox_message events that reached the receiver. */
const incoming = () =>
	eventsOf(receiver.requests).filter((event: { webhook_type: string }) => event.webhook_type === 'inbox_message');
/** Waits until `count` inbox_message events have arrived; how long after `started` (by default now) that was. */
async function arrived(count: number, started = Date.now()): Promise<number> {
	while (incoming().length < count) {
		if (Date.now() - started > 5000) throw new Error(`${incoming().length} of ${count} incoming SMS after 5 s`);
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	return Date.now() - started;
}

describe('auto-responders', () => {
	test('a number ending in 9777 answers every SMS 1 s later, a reply to it, counting its answers', async () => {
		await subscribe(['inbox_message']);
		const answers = [];
		for (const text of ['Hello', 'Are you there?']) {
			const started = Date.now();
			const sent = await send({ message: text, to: MAGIC, sender: 'Shop' });
			const elapsed = await arrived(answers.length + 1, started);
			answers.push({ elapsed, event: incoming().at(-1), messageid: sent.body.messageid });
		}
		for (const [index, { elapsed, event, messageid }] of answers.entries()) {
			expect(elapsed).toBeGreaterThanOrEqual(1000);
			expect(elapsed).toBeLessThan(3000);
			expect(event.message).toMatchObject({
				sender: MAGIC,
				receiver: VIRTUAL,
				content: `Automatic reply ${index + 1}: I am away and do not read messages.`,
			});
			expect(event.isreply).toMatchObject({ reply: true, orig_messageid: messageid, orig_receiver: MAGIC });
		}
		const conversation = await api('GET', `/v1/conversation/${MAGIC}`, undefined);
		expect((conversation.body.conversation as { direction: string }[]).map((record) => record.direction)).toEqual([
			'outbound',
			'inbound',
			'outbound',
			'inbound',
		]);
		const listed = await api('GET', '/emulator/autoresponders', undefined, {});
		expect(listed.body).toEqual({ autoresponders: [], suffix: '9777', answered: { [MAGIC]: 2 } });
	});

	test('PUT /emulator/autoresponders makes any number one, with its delay and text; test sends and calls get no answer', async () => {
		const number = '31612000099';
		const put = await api(
			'PUT',
			'/emulator/autoresponders',
			{ autoresponders: [{ number, delayMs: 200, text: 'Bot {n}' }] },
			{},
		);
		expect(put.status).toBe(200);
		await subscribe(['inbox_message']);
		await send({ message: 'test only', to: number, sender: VIRTUAL, test: true });
		await api('POST', '/v1/voice/send', { message: 'a call', to: number });
		const started = Date.now();
		await send({ message: 'Hi bot', to: number, sender: VIRTUAL });
		expect(await arrived(1, started)).toBeGreaterThanOrEqual(200);
		await new Promise((resolve) => setTimeout(resolve, 400));
		expect(incoming().map((event: { message: Record<string, unknown> }) => event.message)).toEqual([
			expect.objectContaining({ sender: number, receiver: VIRTUAL, content: 'Bot 1' }),
		]);
		expect((await api('GET', '/emulator/autoresponders', undefined, {})).body).toMatchObject({
			autoresponders: [{ number, delayMs: 200, text: 'Bot {n}' }],
			answered: { [number]: 1 },
		});
		await api('POST', '/emulator/reset', undefined, {});
		expect((await api('GET', '/emulator/autoresponders', undefined, {})).body).toMatchObject({
			autoresponders: [],
			answered: {},
		});
	});

	test.each([
		[{}, '"autoresponders" must be a list'],
		[{ autoresponders: [{ number: 'Vodafone' }] }, '"number" must be an international number'],
		[{ autoresponders: [{ number: '31612000099', delayMs: -1 }] }, '"delayMs" must be a number from 0'],
		[{ autoresponders: [{ number: '31612000099', text: '' }] }, '"text" must be a text of 1 to 612'],
	])('PUT %j is refused with 400', async (body, error) => {
		const answer = await api('PUT', '/emulator/autoresponders', body, {});
		expect(answer.status).toBe(400);
		expect(String(answer.body.error)).toContain(error);
	});
});

describe('inbound bursts', () => {
	test('texts and a gap: one SMS per text, in order, a gap apart; the answer comes after the last', async () => {
		await subscribe(['inbox_message']);
		const from = '31612000042';
		const started = Date.now();
		const burst = await api(
			'POST',
			'/emulator/inbound?wait=true',
			{ from, texts: ['I ordered', 'a blue lamp', 'where is it?'], gapMs: 1000 },
			{},
		);
		expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
		expect(burst.status).toBe(201);
		const events = (burst.body.received as { event: { message: { content: string } } }[]).map(({ event }) => event);
		expect(events.map((event) => event.message.content)).toEqual(['I ordered', 'a blue lamp', 'where is it?']);
		expect(incoming()).toEqual(events);
		const conversation = await api('GET', `/v1/conversation/${from}`, undefined);
		const seconds = (conversation.body.conversation as { unixDatetime: number }[]).map((record) => record.unixDatetime);
		expect(seconds).toHaveLength(3);
		for (const [i, second] of seconds.slice(1).entries()) expect([1, 2]).toContain(second - seconds[i]);
	});

	test('an SMS that comes in the same second as our answer is listed after it in the conversation, as it happened', async () => {
		const from = '31612000043';
		// Fifty answers and replies in quick succession: most pairs fall within one second, many within a millisecond.
		for (let turn = 0; turn < 50; turn++) {
			await send({ message: `Answer ${turn}`, to: from, sender: 'Shop' });
			await api('POST', '/emulator/inbound?wait=true', { from, content: `Reply ${turn}` }, {});
		}
		const conversation = await api('GET', `/v1/conversation/${from}?limit=100`, undefined);
		expect((conversation.body.conversation as { message: string }[]).map((record) => record.message)).toEqual(
			Array.from({ length: 50 }, (_, turn) => [`Answer ${turn}`, `Reply ${turn}`]).flat(),
		);
	});

	test.each([
		[{ from: '31612000042', texts: [] }, '"texts" must be a list of 1 to 100 texts'],
		[{ from: '31612000042', texts: ['a'], content: 'b' }, 'not both'],
		[{ from: '31612000042', texts: ['a', 'b'], gapMs: 600_000 }, '"gapMs" must be a number from 0 to 60000'],
	])('%j is refused with 400, nothing received', async (body, error) => {
		const answer = await api('POST', '/emulator/inbound', body, {});
		expect(answer.status).toBe(400);
		expect(String(answer.body.error)).toContain(error);
		expect(emulator.events).toEqual([]);
	});
});
