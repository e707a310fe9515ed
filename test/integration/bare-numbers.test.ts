/**
 * Issue 33, item 12, through n8n-core's WorkflowExecute against the emulator: a national number that lost its
 * leading 0 (a spreadsheet's 612345678, often as a JSON number) is not sent to another country by version 4.
 * Version 5 refuses it too (no valid +61 number): test/integration/phone-numbers.test.ts.
 */
import { startEmulator, type Emulator } from '../../emulator/server';
import { runAction, type GatewayCredentials } from '../support/run';

let emulator: Emulator;
let credentials: GatewayCredentials;

const send = (fields: Record<string, unknown> = {}) => ({
	resource: 'message',
	operation: 'send',
	sender: 'Shop',
	to: '={{ $json.phone }}',
	message: 'Hello',
	...fields,
});
/** These are node version 4's rules; version 5 reads numbers by libphonenumber (phone-numbers.test.ts). */
const V4 = { typeVersion: 4 };
const ADVICE =
	'If it is a national number that lost its leading 0, set the Default Country option; otherwise write it with + and its country code.';
/** Why +61 with 7 digits is refused, as the description opens. */
const WHY_61 = 'Without + or 00 it is read as country code 61, after which a number has 9 digits, not 7.';

beforeEach(async () => {
	emulator = await startEmulator({ settings: { deliveryDelayMs: 5 } });
	credentials = { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
});
afterEach(() => emulator.close());

describe('Send, version 4', () => {
	test.each([['612345678'], [612345678]])(
		'refuses %p with the advice, naming the field and the item, and sends nothing',
		async (phone) => {
			const run = await runAction(send(), [{ phone: '+31612345678' }, { phone }], credentials, V4);
			expect(run.error?.message).toBe('To: "612345678" is not a complete international number');
			expect(run.error?.description).toBe(`${WHY_61} ${ADVICE} Item 1 was refused before anything was sent.`);
			expect(emulator.requests).toHaveLength(0);
		},
	);

	test('refuses 7700100123 (a UK mobile without its 0) as a number of +7', async () => {
		const run = await runAction(send(), [{ phone: 7700100123 }], credentials, V4);
		expect(run.error?.message).toBe('To: "7700100123" is not a complete international number');
		expect(run.error?.description).toMatch(/country code 7, after which a number has 10 digits, not 9\. /);
		expect(emulator.requests).toHaveLength(0);
	});

	test('with Default Country NL reads 612345678 as +31 6 12345678', async () => {
		const run = await runAction(
			send({ options: { defaultCountry: 'NL' } }),
			[{ phone: 612345678 }, { phone: '612345678' }, { phone: '31612345679' }],
			credentials,
			V4,
		);
		expect(run.error).toBeUndefined();
		expect(emulator.messages.map((message) => message.to).sort()).toEqual([
			'31612345678',
			'31612345678',
			'31612345679',
		]);
	});

	test('complete bare international numbers go out as before', async () => {
		const run = await runAction(
			send(),
			[{ phone: 447700100123 }, { phone: '6834002' }, { phone: '12025550123' }],
			credentials,
			V4,
		);
		expect(run.error).toBeUndefined();
		expect(emulator.messages.map((message) => message.to).sort()).toEqual(['12025550123', '447700100123', '6834002']);
	});
});

test('Estimate Cost, version 4, refuses 612345678 as Send does, and with Default Country NL counts it as +31', async () => {
	const estimate = (options: Record<string, unknown> = {}) => ({ ...send({ options }), operation: 'estimate' });
	const refused = await runAction(estimate(), [{ phone: 612345678 }], credentials, V4);
	expect(refused.error?.message).toBe('To: "612345678" is not a complete international number');
	expect(refused.error?.description).toBe(`${WHY_61} ${ADVICE} Item 0 was refused before anything was sent.`);
	const counted = await runAction(estimate({ defaultCountry: 'NL' }), [{ phone: 612345678 }], credentials, V4);
	expect(counted.error).toBeUndefined();
	expect(counted.items[0].json).toMatchObject({ recipients: 1, segments: 1 });
	expect(emulator.requests).toHaveLength(0);
});

test('Send, version 3, reads 612345678 as before (+61)', async () => {
	const run = await runAction(send(), [{ phone: 612345678 }], credentials, { typeVersion: 3 });
	expect(run.error).toBeUndefined();
	expect(emulator.messages.map((message) => message.to)).toEqual(['612345678']);
});

describe('other operations that read a number, version 4', () => {
	test.each([
		[
			'Contact → Create',
			{
				resource: 'contact',
				operation: 'create',
				phone: '={{ $json.phone }}',
				groupId: { __rl: true, mode: 'id', value: '1' },
			},
			'Phone',
		],
		['Opt-Out → Create', { resource: 'optOut', operation: 'create', number: '={{ $json.phone }}' }, 'Number'],
	])('%s refuses 612345678, advising +, and sends nothing', async (_, parameters, label) => {
		const run = await runAction(parameters, [{ phone: 612345678 }], credentials, V4);
		expect(run.error?.message).toBe(`${label}: "612345678" is not a complete international number`);
		expect(run.error?.description).toBe(
			`${WHY_61} Write it with + and its country code. Item 0 was refused before anything was sent.`,
		);
		expect(emulator.requests).toHaveLength(0);
		// Version 3 sends it as before, read as +61.
		await runAction(parameters, [{ phone: 612345678 }], credentials, { typeVersion: 3 });
		expect(emulator.requests.map((request) => JSON.parse(request.body) as Record<string, unknown>)).toEqual([
			expect.objectContaining({ [label.toLowerCase()]: '612345678' }),
		]);
	});
});

describe('lists read by a number, version 4', () => {
	test.each([
		[
			'Conversation → Get',
			{ resource: 'conversation', operation: 'get', phone: '={{ $json.phone }}' },
			'Phone Number',
			'/v1/conversation/612345678',
		],
		[
			'Inbox → Get Many',
			{ resource: 'inbox', operation: 'getAll', filters: { inboxNumber: '={{ $json.phone }}' } },
			'Inbox Number',
			'/v1/message/inbox/612345678',
		],
	])('%s refuses 612345678 before any request; version 3 reads it as before', async (_, parameters, label, v3Path) => {
		const run = await runAction(parameters, [{ phone: 612345678 }], credentials, V4);
		expect(run.error?.message).toBe(`${label}: "612345678" is not a complete international number`);
		expect(run.error?.description).toMatch(/ not 7\. Write it with \+ and its country code\. /);
		expect(emulator.requests).toHaveLength(0);
		await runAction(parameters, [{ phone: 612345678 }], credentials, { typeVersion: 3 });
		expect(emulator.requests.map((request) => request.path)).toEqual([v3Path]);
	});
});
