/**
 * Send and Wait for Response given odd values by expressions, driven through n8n-core's
 * WorkflowExecute against the emulator: a value that cannot make a question that can be answered
 * is refused before anything is sent, with an error that names the field; the resume link's
 * signature never shows in an output or an error.
 */
import type { IDataObject } from 'n8n-workflow';

import { startEmulator, type Emulator } from '../../emulator/server';
import { runAction, type ActionSettings, type GatewayCredentials } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

let emulator: Emulator;
let credentials: GatewayCredentials;
beforeAll(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 60_000 }, account: { balance: 1e9 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
});
afterAll(() => emulator.close());

const ask = (fields: IDataObject = {}): IDataObject => ({
	resource: 'message',
	operation: 'sendAndWait',
	sender: '31610000001',
	to: '31612345678',
	message: 'Refund?',
	...fields,
});
const waiting = { executionId: '77', nodeId: 'ask-1' };
const SIGNATURE = /[0-9a-f]{64}/;

async function run(parameters: IDataObject, settings: ActionSettings = {}, input: IDataObject[] = [{}]) {
	const before = emulator.messages.length;
	const result = await runAction(parameters, input, credentials, { ...waiting, ...settings });
	return { ...result, sent: emulator.messages.slice(before) };
}

test.each([
	['a bogus value', 'bogus'],
	['null', '={{ null }}'],
])(
	'Response Type from an expression that gives %s is refused before the send (no answer could resume it)',
	async (_, responseType) => {
		const { error, sent, items } = await run(ask({ responseType }));
		expect(sent).toHaveLength(0);
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/^Response Type: ".*" is not one of approval, freeText, deliveryReport$/);
		expect(error?.description).toMatch(/Nothing was sent\.$/);
	},
);

test.each([
	['an object', '={{ {a: 1} }}', /expected text .* but got object/],
	['a list', '={{ ["yes"] }}', /expected text .* but got a list/],
	['a boolean', '={{ true }}', /expected text .* but got boolean/],
])(
	'Approve and Disapprove Words from an expression that gives %s are refused with the field named, nothing sent',
	async (_, words, message) => {
		for (const field of ['approveWords', 'disapproveWords']) {
			const { error, sent } = await run(ask({ options: { [field]: words } }));
			expect(sent).toHaveLength(0);
			expect(error?.message).toMatch(new RegExp(`^${field === 'approveWords' ? 'Approve' : 'Disapprove'} Words: `));
			expect(error?.message).toMatch(message);
		}
	},
);

test.each([
	['an object', '={{ {text: "Reply YES or NO"} }}', /but got object$/],
	['a list', '={{ ["Reply YES or NO"] }}', /but got a list$/],
	['a boolean', '={{ true }}', /but got boolean$/],
])(
	'an Unclear Reply Reminder that an expression makes %s is refused when asking, not found unusable at the first unclear reply',
	async (_, unclearReplyReminder, message) => {
		const { error, sent } = await run(ask({ options: { unclearReplyReminder } }));
		expect(sent).toHaveLength(0);
		expect(error?.message).toMatch(/^Unclear Reply Reminder: expected text but got /);
		expect(error?.message).toMatch(message);
		expect(error?.description).toMatch(/Nothing was sent\.$/);
	},
);

test('a number as Approve Words is the word of its digits', async () => {
	const { error, sent } = await run(ask({ options: { approveWords: '={{ 1 }}', disapproveWords: '={{ 2 }}' } }));
	expect(error).toBeUndefined();
	expect(sent).toHaveLength(1);
	expect(sent[0].content).toBe('Refund? Reply 1 or 2');
});

test("the question's output and a Continue On Fail error item never carry the link's signature", async () => {
	const ok = await run(ask());
	expect(ok.sent).toHaveLength(1);
	expect(JSON.stringify(ok.items)).not.toMatch(SIGNATURE);
	const failed = await run(ask({ to: '123' }), { continueOnFail: true });
	expect(failed.sent).toHaveLength(0);
	expect(JSON.stringify(failed.items)).not.toMatch(SIGNATURE);
});

test.each([
	['two items', {}, [{ to: '31611111111' }, { to: '31622222222' }], /^Send and Wait for Response got 2 items; /],
	['a bogus Response Type', { responseType: 'bogus' }, [{ to: '31611111111' }], /^Response Type: "bogus" is not one /],
	['an object as Approve Words', { options: { approveWords: '={{ {a: 1} }}' } }, [{}], /^Approve Words: expected text/],
])(
	'Continue On Fail with %s: an error item per input item, paired with it; nothing asked, nothing waits',
	async (_, fields, input, message) => {
		const {
			error,
			sent,
			items,
			waiting: waits,
		} = await run(ask({ to: '={{ $json.to ?? "31612345678" }}', ...fields }), { continueOnFail: true }, input);
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(0);
		expect(waits).toBeUndefined();
		expect(items.map((item) => Object.keys(item.json).sort())).toEqual(input.map(() => ['code', 'error', 'httpCode']));
		for (const item of items) expect(item.json.error).toMatch(message);
		expect(items.map((item) => item.pairedItem)).toEqual(input.map((_, index) => ({ item: index })));
	},
);

describe('Retry On Fail never asks the question twice after a send whose outcome is unknown', () => {
	const { control } = emulatorClient(() => emulator);
	const sendRequests = () => emulator.requests.filter((request) => request.path.startsWith('/v1/message/send')).length;
	afterEach(async () => {
		for (const path of ['/emulator/requests', '/emulator/faults']) await control('DELETE', path);
	});

	test.each([1, 2, 3])(
		'node version %s: a 500 then Retry On Fail: one send request, the error says it was not sent again',
		async (typeVersion) => {
			await control('DELETE', '/emulator/requests');
			await control('POST', '/emulator/faults', { status: 500 });
			const { error, sent } = await run(ask(), { typeVersion, retryOnFail: { maxTries: 3, waitBetweenTries: 1 } });
			expect(sendRequests()).toBe(1);
			expect(sent).toHaveLength(0);
			expect(error?.message).toMatch(/^Not sent again to 31612345678/);
			expect(JSON.stringify(error)).not.toMatch(SIGNATURE);
		},
	);

	test('a 503 (the gateway did not take it) is asked again and goes out once', async () => {
		await control('POST', '/emulator/faults', { status: 503 });
		const { error, sent } = await run(ask(), { typeVersion: 2, retryOnFail: { maxTries: 3, waitBetweenTries: 1 } });
		expect(error).toBeUndefined();
		expect(sent).toHaveLength(1);
	});
});

test('two items with Execute Once ask one question, of the first item', async () => {
	const { error, sent, items } = await run(ask({ to: '={{ $json.to }}' }), { executeOnce: true }, [
		{ to: '31611111111' },
		{ to: '31622222222' },
	]);
	expect(error).toBeUndefined();
	expect(sent.map((message) => message.to)).toEqual(['31611111111']);
	expect(items).toHaveLength(1);
});
