import type { IDataObject } from 'n8n-workflow';

import {
	askedKeyOf,
	BoundedMap,
	eventKeyOf,
	ForwardMemory,
} from '../../../nodes/MessagingGateway/webhookTrigger/forward-memory';
import { questionsOf } from '../../../nodes/MessagingGateway/webhookTrigger/forward';

const SIGNATURE = 'a'.repeat(64);
const TARGET = { executionId: '5', nodeId: 'ask-1', signature: SIGNATURE };

const reply = (webhookId: string, executionId: string, content = 'yes', origMessageId = 'out-1'): IDataObject => ({
	webhook_id: webhookId,
	webhook_type: 'inbox_message',
	message: { messageid: `in-${webhookId}`, content },
	isreply: { reply: true, orig_messageid: origMessageId, orig_reference: `n8n-wait:${executionId}:ask-1:${SIGNATURE}` },
});
const report = (webhookId: string, code: string, reference = `n8n-wait:5:ask-1:${SIGNATURE}`): IDataObject => ({
	webhook_id: webhookId,
	webhook_type: 'delivery_report',
	message: { messageid: 'out-1', delivery_code: code, reference },
});

describe('questionsOf: the events that name a question, grouped by question, in the order they came', () => {
	test('two questions, interleaved, and events that name none', () => {
		const events = [
			reply('w1', '5', 'yes'),
			{ webhook_id: 'w2', webhook_type: 'inbox_message', message: {} },
			reply('w3', '6'),
			reply('w4', '5', 'no'),
			report('w5', '0'),
		];
		expect(
			questionsOf(events).map(({ events: of }) =>
				of.map(({ event, target }) => [target.executionId, event.webhook_id]),
			),
		).toEqual([
			[
				['5', 'w1'],
				['5', 'w4'],
			],
			[['6', 'w3']],
		]);
		expect(questionsOf([{ webhook_id: 'w', webhook_type: 'inbox_message', message: {} }])).toEqual([]);
	});

	test("a reply to the question's reminder is of the same question and keeps its own target", () => {
		const toReminder = {
			...reply('w2', '5'),
			isreply: { reply: true, orig_messageid: 'rem-1', orig_reference: `n8n-wait:5:ask-1:${SIGNATURE}:out-1` },
		};
		const [question] = questionsOf([reply('w1', '5'), toReminder]);
		expect(question.events.map(({ target }) => target.questionMessageId)).toEqual([undefined, 'out-1']);
	});
});

describe('the keys the memory uses', () => {
	test("an event: its question (with the link's signature) and webhook_id; none without a webhook_id", () => {
		expect(eventKeyOf(reply('w1', '5'), TARGET)).toBe(`5/ask-1/${SIGNATURE}#w1`);
		expect(eventKeyOf({ ...reply('w1', '5'), webhook_id: undefined }, TARGET)).toBeUndefined();
		expect(eventKeyOf(reply('w1', '5'), { ...TARGET, signature: 'b'.repeat(64) })).not.toBe(
			eventKeyOf(reply('w1', '5'), TARGET),
		);
	});

	test("a question's SMS: the reply's orig_messageid, the report's messageid, a reminder's question", () => {
		expect(askedKeyOf(reply('w1', '5'), TARGET)).toBe(`5/ask-1/${SIGNATURE}@out-1`);
		expect(askedKeyOf(report('w2', '2'), TARGET)).toBe(`5/ask-1/${SIGNATURE}@out-1`);
		expect(askedKeyOf(reply('w3', '5', 'yes', 'reminder-1'), { ...TARGET, questionMessageId: 'out-1' })).toBe(
			`5/ask-1/${SIGNATURE}@out-1`,
		);
		expect(askedKeyOf({ webhook_type: 'inbox_message', message: {}, isreply: {} }, TARGET)).toBeUndefined();
	});
});

test('BoundedMap forgets its oldest entries beyond its limit; a set entry becomes the newest', () => {
	const map = new BoundedMap<number>(2);
	map.set('a', 1);
	map.set('b', 2);
	map.set('a', 3);
	map.set('c', 4);
	expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([3, undefined, 4, 2]);
});

describe('ForwardMemory', () => {
	test("one question's tasks run one after the other in the order they were started; other questions' at once", async () => {
		const memory = new ForwardMemory();
		const log: string[] = [];
		let releaseFirst = () => {};
		const first = memory.inTurn('5/ask-1', async () => {
			log.push('5 first starts');
			await new Promise<void>((resolve) => (releaseFirst = resolve));
			log.push('5 first ends');
		});
		const second = memory.inTurn('5/ask-1', async () => log.push('5 second'));
		await memory.inTurn('6/ask-1', async () => log.push('6'));
		releaseFirst();
		await Promise.all([first, second]);
		expect(log).toEqual(['5 first starts', '6', '5 first ends', '5 second']);
	});

	test('a failing task does not stop the next one of its question', async () => {
		const memory = new ForwardMemory();
		await expect(memory.inTurn('5/ask-1', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
		await expect(memory.inTurn('5/ask-1', async () => 'next')).resolves.toBe('next');
	});

	test('recall: an event settled before, and any event about a question that was answered', () => {
		const memory = new ForwardMemory();
		expect(memory.recall(reply('w1', '5'), TARGET)).toBeUndefined();
		memory.remember(reply('w1', '5'), TARGET, { outcome: { kind: 'resumed' }, by: 'wf/A' });
		expect(memory.recall(reply('w1', '5'), TARGET)).toEqual({ outcome: { kind: 'resumed' }, by: 'wf/A' });
		expect(memory.recall(report('w2', '1'), TARGET)).toEqual({
			outcome: { kind: 'answered', reason: expect.any(String) },
			by: 'wf/A',
		});
		// A later round of a loop asks with another SMS: its replies are not known.
		expect(memory.recall(reply('w3', '5', 'no', 'out-2'), TARGET)).toBeUndefined();
	});

	test('an event left waiting is remembered as such; its question is not answered', () => {
		const memory = new ForwardMemory();
		const keptWaiting = { kind: 'keptWaiting' as const, reason: 'unclear', reminded: true };
		memory.remember(reply('w1', '5', 'maybe'), TARGET, { outcome: keptWaiting, by: 'wf/A' });
		expect(memory.recall(reply('w1', '5', 'maybe'), TARGET)).toEqual({ outcome: keptWaiting, by: 'wf/A' });
		expect(memory.recall(reply('w2', '5'), TARGET)).toBeUndefined();
	});
});
