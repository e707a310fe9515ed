/**
 * Send and Wait for Response refuses, before anything is sent, a question n8n could not wait for or
 * that the gateway would not take as asked: a wait limit that is no date or lies after the year
 * 9999, an impossible date, To naming two numbers in any form, a hint or a reminder too long for an
 * SMS; and it takes what Send takes: an epoch number as a date, one number written twice. Driven
 * through n8n-core's WorkflowExecute against the emulator.
 */
import type { IDataObject } from 'n8n-workflow';

import { runAction, type ActionSettings } from '../support/run';
import { useEmulator } from '../support/emulator';

const gateway = useEmulator();

const ask = (fields: IDataObject = {}): IDataObject => ({
	resource: 'message',
	operation: 'sendAndWait',
	sender: '31610000001',
	to: '31612345678',
	message: 'Refund?',
	...fields,
});
const limit = (values: IDataObject): IDataObject => ({ limitWaitTime: { values } });

async function run(parameters: IDataObject, settings: ActionSettings = {}) {
	const before = gateway.emulator.messages.length;
	const result = await runAction(parameters, [{}], gateway.credentials, {
		executionId: '91',
		nodeId: 'ask-1',
		...settings,
	});
	return { ...result, sent: gateway.emulator.messages.slice(before) };
}

describe('a wait limit n8n cannot store is refused before the question is sent', () => {
	test.each([
		['1e9 days', '={{ 1e9 }}'],
		['3e6 days (the year 10 240)', 3e6],
		['a millisecond timestamp typed into Amount', 1_927_000_000_000],
	])('Amount %s', async (_, resumeAmount) => {
		const { error, sent, waiting } = await run(
			ask({ options: limit({ limitType: 'afterTimeInterval', resumeAmount, resumeUnit: 'days' }) }),
		);
		expect(sent).toHaveLength(0);
		expect(waiting).toBeUndefined();
		expect(error?.message).toMatch(/^Limit Wait Time: Amount [\d.e+]+ days ends after the year 9999/);
		expect(error?.description).toMatch(/Nothing was sent\.$/);
	});

	// `date -u -d @253402300800` gives +10000-01-01T00:00:00: the first instant of the year 10 000.
	test('a date after the year 9999 (epoch milliseconds of the year 10 000)', async () => {
		const { error, sent } = await run(
			ask({ options: limit({ limitType: 'atSpecifiedTime', maxDateAndTime: '={{ 253402300800000 }}' }) }),
		);
		expect(sent).toHaveLength(0);
		expect(error?.message).toBe(
			'Limit Wait Time: Max Date and Time: the number 253402300800000 is no date from 1970 to 9999',
		);
		expect(error?.description).toMatch(/^It was read as epoch milliseconds\. /);
	});
});

describe('Max Date and Time is read as Schedule Date is', () => {
	// `date -u -d @1927000000` (GNU date) gives 2031-01-24T05:46:40.
	const EPOCH_SECONDS = 1_927_000_000;
	const INSTANT = '2031-01-24T05:46:40.000Z';

	test.each([
		['milliseconds', EPOCH_SECONDS * 1000],
		['seconds', EPOCH_SECONDS],
	])('an epoch number in %s is the instant it counts', async (_, epoch) => {
		const { error, sent, waiting } = await run(
			ask({ options: limit({ limitType: 'atSpecifiedTime', maxDateAndTime: `={{ ${epoch} }}` }) }),
		);
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(waiting?.waitTill.toISOString()).toBe(INSTANT);
	});

	test('an impossible date (30 February) is refused with the words Schedule Date uses for it', async () => {
		const date = '2031-02-30T10:00:00Z';
		const { error, sent } = await run(ask({ options: limit({ limitType: 'atSpecifiedTime', maxDateAndTime: date }) }));
		expect(sent).toHaveLength(0);
		// February 2031 has 28 days (2031 is not a leap year).
		expect(error?.message).toBe(`Limit Wait Time: Max Date and Time: "${date}" is not a valid calendar date`);
		expect(error?.description).toMatch(/^February 2031 has 28 days\. /);
		const scheduled = await run({
			resource: 'message',
			operation: 'send',
			sender: 'Shop',
			to: '31612345678',
			message: 'Hi',
			additionalFields: { date },
		});
		expect(scheduled.error?.message).toBe(`Schedule Date: "${date}" is not a valid calendar date`);
		expect(scheduled.error?.description).toMatch(/^February 2031 has 28 days\. /);
	});
});

describe('To names one number, counted as Send counts recipients', () => {
	test('a one-item list holding "A, B" is two numbers: refused, nothing sent', async () => {
		const { error, sent } = await run(ask({ to: '={{ ["31611111111, 31622222222"] }}' }));
		expect(sent).toHaveLength(0);
		expect(error?.message).toBe('To: Send and Wait for Response asks one number, not 2');
		expect(error?.description).toMatch(/Nothing was sent\.$/);
	});

	test('one number written twice is one number: asked once', async () => {
		const { error, sent } = await run(ask({ to: '+31 6 1234 5678, 0031612345678' }));
		expect(error).toBeUndefined();
		expect(sent.map((message) => message.to)).toEqual(['31612345678']);
	});
});

describe('an SMS too long for the gateway (612 characters) is refused when asking', () => {
	test('a 600-character question: the message says the appended hint makes it too long', async () => {
		const { error, sent } = await run(ask({ message: 'a'.repeat(600) }));
		expect(sent).toHaveLength(0);
		// 600 + " Reply YES or NO" (16 characters) = 616.
		expect(error?.message).toBe('Message: the question with its hint has 616 characters');
		expect(error?.description).toMatch(/^The gateway takes at most 612, and the hint "Reply YES or NO" adds 16\. /);
		const unhinted = await run(ask({ message: 'a'.repeat(600), options: { appendHint: false } }));
		expect(unhinted.error).toBeUndefined();
		expect(unhinted.sent).toHaveLength(1);
	});

	test('a 700-character Unclear Reply Reminder is refused before the question goes out', async () => {
		const { error, sent } = await run(ask({ options: { unclearReplyReminder: 'b'.repeat(700) } }));
		expect(sent).toHaveLength(0);
		expect(error?.message).toBe('Unclear Reply Reminder: the reminder has 700 characters');
		expect(error?.description).toMatch(/^The gateway takes at most 612\. /);
	});
});

test('a sender the gateway refuses gets the refusal Send gives it, not one of its own', async () => {
	const sender = '+31 970 1000 0001';
	const { error, sent } = await run(ask({ sender }));
	expect(sent).toHaveLength(0);
	const send = await run({ resource: 'message', operation: 'send', sender, to: '31612345678', message: 'Hi' });
	expect(send.error?.message).toMatch(/^Sender: /);
	expect(error?.message).toBe(send.error?.message);
});
