/**
 * A recipient on the opt-out list never sinks the others (node version 4): the gateway refuses a
 * request holding one with 131 and sends nothing of it (the emulator's rule, docs/sending-lawfully.md);
 * the node sends the request's other recipients again, each exactly once, and gives each opted-out
 * number an item `{ to, skipped: "optedOut" }`. Driven through n8n-core's WorkflowExecute against the emulator.
 */
import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../../emulator/server';
import { emulatorCredentials } from '../support/n8n-core';
import { runAction } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

// A fresh emulator per test: its opt-out list, messages and requests are the test's own.
let emulator: Emulator;
const gateway = {
	get emulator() {
		return emulator;
	},
	get credentials() {
		return emulatorCredentials(emulator);
	},
};
beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 60_000 }, account: { balance: 1e9 } });
});
afterEach(() => emulator.close());

const send = (fields: IDataObject = {}): IDataObject => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to: '={{ $json.to }}',
	message: 'Sale today',
	...fields,
});
const numbers = (count: number) =>
	Array.from({ length: count }, (_, index) => ({ to: `3161${String(index).padStart(7, '0')}` }));
const { control } = emulatorClient(() => gateway.emulator);
const optOut = (number: string) => control('POST', '/emulator/optouts', { number });
/** How many messages the emulator keeps per number. */
const sentCount = () => {
	const counts = new Map<string, number>();
	for (const message of gateway.emulator.messages) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
	return counts;
};
const statuses = () =>
	gateway.emulator.requests.filter((request) => request.path === '/v1/message/send').map((request) => request.status);
/** The least requests that can find `k` opted-out numbers among `n` by yes/no answers: log2 of the number of possible sets. */
const leastTests = (n: number, k: number) => {
	let bits = 0;
	for (let i = 0; i < k; i++) bits += Math.log2((n - i) / (i + 1));
	return Math.ceil(bits);
};

test('a broadcast of 100 numbers with 3 on the opt-out list: 97 SMS, one each, 3 items skipped, no error', async () => {
	const items = numbers(100);
	const opted = [items[5].to, items[50].to, items[97].to];
	for (const number of opted) await optOut(number);
	const run = await runAction(send(), items, gateway.credentials);
	expect(run.error).toBeUndefined();
	const counts = sentCount();
	expect(counts.size).toBe(97);
	expect([...counts.values()].every((count) => count === 1)).toBe(true);
	for (const number of opted) expect(counts.has(number)).toBe(false);
	expect(run.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
	run.items.forEach((item, index) => {
		if (opted.includes(items[index].to)) expect(item.json).toEqual({ to: items[index].to, skipped: 'optedOut' });
		else expect(item.json).toMatchObject({ to: items[index].to, messageid: expect.any(String) });
	});
	// Within a few requests of the least any search could use (log2 of C(100, 3) = 17.3: 18 answers), plus the first request.
	expect(leastTests(100, 3)).toBe(18);
	expect(statuses().length).toBeLessThanOrEqual(1 + 3 * (Math.ceil(Math.log2(100)) + 1));
	expect(statuses().filter((status) => status === 200).length).toBeGreaterThan(0);
});

test('one opted-out number among 100: at most 3 requests above the least any search needs (1 + log2 100)', async () => {
	const items = numbers(100);
	await optOut(items[33].to);
	const run = await runAction(send(), items, gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(gateway.emulator.messages).toHaveLength(99);
	expect(leastTests(100, 1)).toBe(7);
	expect(statuses().length).toBeGreaterThanOrEqual(1 + 7);
	expect(statuses().length).toBeLessThanOrEqual(1 + 7 + 3);
	expect(run.items[33].json).toEqual({ to: items[33].to, skipped: 'optedOut' });
});

test('99 of 100 numbers opted out: the one other sent once, 99 items skipped, at most 110 requests', async () => {
	const items = numbers(100);
	for (const item of items.filter((_, index) => index !== 61)) await optOut(item.to);
	const run = await runAction(send(), items, gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(gateway.emulator.messages.map((message) => message.to)).toEqual([items[61].to]);
	run.items.forEach((item, index) => {
		if (index === 61) expect(item.json).toMatchObject({ to: items[61].to, messageid: expect.any(String) });
		else expect(item.json).toEqual({ to: items[index].to, skipped: 'optedOut' });
	});
	expect(statuses().length).toBeLessThanOrEqual(110);
});

test('one item with three recipients, the middle one opted out: one item per recipient, two SMS', async () => {
	await optOut('31612345602');
	const run = await runAction(send({ to: '31612345601, 31612345602, 31612345603' }), [{}], gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(run.items.map((item) => item.json)).toEqual([
		expect.objectContaining({ to: '31612345601', messageid: expect.any(String) }),
		{ to: '31612345602', skipped: 'optedOut' },
		expect.objectContaining({ to: '31612345603', messageid: expect.any(String) }),
	]);
	expect(gateway.emulator.messages.map((message) => message.to).sort()).toEqual(['31612345601', '31612345603']);
});

test('a single opted-out recipient: its item says so, one request, no error', async () => {
	const run = await runAction(send({ to: '31610009131' }), [{}], gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(run.items).toEqual([{ json: { to: '31610009131', skipped: 'optedOut' }, pairedItem: { item: 0 } }]);
	expect(statuses()).toEqual([400]);
});

test('Send Voice Message: the same', async () => {
	await optOut('31612345602');
	const voice = {
		resource: 'message',
		operation: 'sendVoice',
		to: '31612345601, 31612345602',
		message: 'Your code is 1234',
	};
	const run = await runAction(voice, [{}], gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(run.items.map((item) => item.json)).toEqual([
		expect.objectContaining({ to: '31612345601', messageid: expect.any(String) }),
		{ to: '31612345602', skipped: 'optedOut' },
	]);
	expect(gateway.emulator.messages.map((message) => message.to)).toEqual(['31612345601']);
});

test('Retry On Fail after a 500 amid the search (On Unknown Outcome: Resend): each number still exactly once, the opted-out one never', async () => {
	const items = numbers(10);
	await optOut(items[7].to);
	// Request 1 (all 10) is refused with 131, request 2 (0–4) accepted, request 3 (5–7) answered 500.
	await control('POST', '/emulator/faults', { status: 500, after: 2 });
	const run = await runAction(send({ options: { onUnknownOutcome: 'resend' } }), items, gateway.credentials, {
		retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
	});
	expect(run.error).toBeUndefined();
	expect(statuses().slice(0, 3)).toEqual([400, 200, 500]);
	const counts = sentCount();
	expect(counts.size).toBe(9);
	expect([...counts.values()].every((count) => count === 1)).toBe(true);
	expect(run.items[7].json).toEqual({ to: items[7].to, skipped: 'optedOut' });
});

test('a 500 amid the search with Continue On Fail (Do Not Resend): what was sent is sent, the others carry the error', async () => {
	const items = numbers(10);
	await optOut(items[7].to);
	await control('POST', '/emulator/faults', { status: 500, after: 2 });
	const run = await runAction(send(), items, gateway.credentials, { continueOnFail: true });
	expect(run.error).toBeUndefined();
	expect(gateway.emulator.messages.map((message) => message.to)).toEqual(items.slice(0, 5).map((item) => item.to));
	run.items.slice(0, 5).forEach((item) => expect(item.json.messageid).toEqual(expect.any(String)));
	// 5–7 were in the request answered 500: their outcome is unknown; 8 and 9 were never tried.
	for (const index of [5, 6, 7]) expect(run.items[index].json).toMatchObject({ httpCode: 500, outcome: 'unknown' });
	for (const index of [8, 9]) {
		expect(run.items[index].json).toMatchObject({ httpCode: 500, to: items[index].to, outcome: 'notSent' });
		expect(run.items[index].json.error).toMatch(
			/^Not sent: sending around a number on the opt-out list stopped at an error\. Its request was refused for a number on the opt-out list, and sending the others again stopped at: The gateway answered HTTP 500/,
		);
	}
});

test('Send and Wait for Response to an opted-out number: the error names the number and the opt-out list', async () => {
	const ask = {
		resource: 'message',
		operation: 'sendAndWait',
		sender: '31610000001',
		to: '31610009131',
		message: 'Refund?',
	};
	const run = await runAction(ask, [{}], gateway.credentials, { executionId: '91', nodeId: 'ask-1' });
	expect(run.waiting).toBeUndefined();
	expect(run.error?.message).toBe('Number 31610009131 is on the opt-out list (gateway code 131)');
	expect(gateway.emulator.messages).toHaveLength(0);
});

test('node version 3 keeps failing the whole request (Continue On Fail: every recipient of it gets the 131 error)', async () => {
	const items = numbers(3);
	await optOut(items[1].to);
	const run = await runAction(send(), items, gateway.credentials, { typeVersion: 3, continueOnFail: true });
	expect(statuses()).toEqual([400]);
	for (const item of run.items) expect(item.json).toMatchObject({ code: '131' });
});
