/**
 * Inbox → Get Many, Conversation → Get and Message → Get Many in n8n-core's real WorkflowExecute
 * against the emulator over HTTP. Expected pages follow the gateway's documented paging
 * (docs/inbox-and-history.md#paging): `limit` at most 2000, `page` from 1, so Return All over
 * N records takes ⌈N ÷ 2000⌉ requests and a Limit L takes ⌈L ÷ 2000⌉.
 */
import type { IDataObject } from 'n8n-workflow';

import { INBOX_ITEM_FIELDS } from '../fixtures/spec-events';
import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();
const PHONE = '31612000001';
const OTHER = '31612000002';

const { control, api } = emulatorClient(() => gateway.emulator);
/** The list requests the run made: path and query, in order. */
const listRequests = () => gateway.emulator.requests.map((request) => `${request.path}?${request.query}`);
const run = (parameters: IDataObject, items: IDataObject[] = [{}], settings: { continueOnFail?: boolean } = {}) => {
	gateway.emulator.requests.length = 0;
	return runAction(parameters, items, gateway.credentials, settings);
};
const pages = (path: string, size: number, count: number, filter = '') =>
	Array.from({ length: count }, (_, i) => `${path}?${filter}limit=${size}&page=${i + 1}`);

beforeAll(async () => {
	await control('POST', '/emulator/inbox', { count: 4100, from: PHONE, content: 'Inbound {n}' });
	await control('POST', '/emulator/inbox', { count: 30, from: OTHER, type: 'whatsapp', content: 'WhatsApp {n}' });
	for (let batch = 0; batch < 42; batch++) {
		const to = Array.from({ length: 100 }, (_, i) => `3162${String(batch * 100 + i).padStart(7, '0')}`);
		await api('POST', '/v1/message/send', { message: `Batch ${batch}`, sender: 'Shop', to });
	}
	await api('POST', '/v1/message/send', { message: 'Your reply, thanks', sender: 'Shop', to: PHONE });
});

describe('Inbox → Get Many', () => {
	test('Return All walks 3 pages of 2000, one item per message with exactly the documented fields, oldest first', async () => {
		const result = await run({ resource: 'inbox', operation: 'getAll', returnAll: true, filters: { type: 'sms' } });
		expect(result.error).toBeUndefined();
		expect(listRequests()).toEqual(pages('/v1/message/inbox', 2000, 3, 'type=sms&'));
		expect(result.items.map((item) => item.json.message)).toEqual(
			Array.from({ length: 4100 }, (_, i) => `Inbound ${i + 1}`),
		);
		expect(Object.keys(result.items[0].json).sort()).toEqual(INBOX_ITEM_FIELDS);
		expect(result.items[0].json).toMatchObject({
			sender: PHONE,
			receiver: gateway.emulator.account.virtualNumber,
			type: 'sms',
		});
		expect(result.items[0].json.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
		expect(result.items.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
	});

	test('a Limit of 2500 takes the fewest requests (2) and returns exactly 2500', async () => {
		const result = await run({
			resource: 'inbox',
			operation: 'getAll',
			returnAll: false,
			limit: 2500,
			filters: { type: 'sms' },
		});
		expect(listRequests()).toEqual(pages('/v1/message/inbox', 2000, 2, 'type=sms&'));
		expect(result.items.map((item) => item.json.message)).toEqual(
			Array.from({ length: 2500 }, (_, i) => `Inbound ${i + 1}`),
		);
	});

	test('the default Limit (50) is one request; the type and inbox number filters reach the gateway', async () => {
		const result = await run({
			resource: 'inbox',
			operation: 'getAll',
			filters: {
				type: 'whatsapp',
				inboxNumber: `+${gateway.emulator.account.virtualNumber.replace(/^(\d{2})/, '$1 ')}`,
			},
		});
		expect(listRequests()).toEqual([
			`/v1/message/inbox/${gateway.emulator.account.virtualNumber}?type=whatsapp&limit=50&page=1`,
		]);
		expect(result.items).toHaveLength(30);
		expect(result.items[0].json).toEqual(expect.not.objectContaining({ receiver: expect.anything() }));
		expect(result.items.map((item) => item.json.message)).toEqual(
			Array.from({ length: 30 }, (_, i) => `WhatsApp ${i + 1}`),
		);
	});

	test.each([
		['Limit', { limit: 0 }, /^Limit: must be a whole number of at least 1/],
		['Limit', { limit: 2.5 }, /^Limit: must be a whole number of at least 1/],
		['Type', { filters: { type: 'fax' } }, /^Type: must be one of sms, whatsapp, call/],
		['Inbox Number', { filters: { inboxNumber: '0612345678' } }, /^Inbox Number: "0612345678" is a national number/],
	])('a wrong %s is refused naming the field, before any request', async (_field, parameters, message) => {
		const result = await run({ resource: 'inbox', operation: 'getAll', ...parameters }, [{}, {}]);
		expect(result.error?.message).toMatch(message);
		expect(gateway.emulator.requests).toHaveLength(0);
	});
});

describe('a page that fails', () => {
	const readAll = { resource: 'inbox', operation: 'getAll', returnAll: true, filters: { type: 'sms' } };
	afterEach(() => control('DELETE', '/emulator/faults'));

	test('is asked again like any read (429): the read goes on and every record comes once', async () => {
		await control('POST', '/emulator/faults', { status: 429, retryAfter: 0, count: 1, after: 1 });
		const result = await run(readAll);
		expect(listRequests()).toEqual([
			...pages('/v1/message/inbox', 2000, 2, 'type=sms&'),
			...pages('/v1/message/inbox', 2000, 3, 'type=sms&').slice(1),
		]);
		expect(result.items.map((item) => item.json.message)).toEqual(
			Array.from({ length: 4100 }, (_, i) => `Inbound ${i + 1}`),
		);
	});

	test('with Continue On Fail, an item whose page 2 keeps failing is one error item (no half list); the next item reads everything', async () => {
		await control('POST', '/emulator/faults', { status: 429, retryAfter: 0, count: 3, after: 1 });
		const result = await run(readAll, [{}, {}], { continueOnFail: true });
		expect(result.items[0]).toEqual({
			json: expect.objectContaining({ code: null, httpCode: 429 }),
			pairedItem: { item: 0 },
		});
		expect(result.items.slice(1).map((item) => item.json.message)).toEqual(
			Array.from({ length: 4100 }, (_, i) => `Inbound ${i + 1}`),
		);
		expect(result.items.slice(1).every((item) => (item.pairedItem as { item: number }).item === 1)).toBe(true);
	});
});

describe('Conversation → Get', () => {
	test('Return All: both directions of the thread over 3 pages, oldest first', async () => {
		const result = await run({ resource: 'conversation', operation: 'get', phone: `+${PHONE}`, returnAll: true });
		expect(result.error).toBeUndefined();
		expect(listRequests()).toEqual(pages(`/v1/conversation/${PHONE}`, 2000, 3));
		expect(result.items).toHaveLength(4101);
		expect(result.items[0].json).toMatchObject({
			messageId: null,
			direction: 'inbound',
			sender: PHONE,
			message: 'Inbound 1',
		});
		const sent = gateway.emulator.messages.at(-1)!;
		expect(result.items[4100].json).toMatchObject({
			messageId: sent.messageid,
			direction: 'outbound',
			receiver: PHONE,
			message: 'Your reply, thanks',
		});
		expect(typeof result.items[4100].json.unixDatetime).toBe('number');
	});

	test('a Limit of 3 is one request for 3', async () => {
		const result = await run({ resource: 'conversation', operation: 'get', phone: PHONE, limit: 3 });
		expect(listRequests()).toEqual([`/v1/conversation/${PHONE}?limit=3&page=1`]);
		expect(result.items.map((item) => item.json.message)).toEqual(['Inbound 1', 'Inbound 2', 'Inbound 3']);
	});

	test.each([
		['empty (an expression giving nothing)', '={{ "" }}', /^Phone Number: is required/],
		['not a number', 'abc', /^Phone Number: "abc" contains "a"/],
	])('a Phone Number that is %s is refused naming the field, nothing requested', async (_name, phone, message) => {
		const result = await run({ resource: 'conversation', operation: 'get', phone, returnAll: true });
		expect(result.error?.message).toMatch(message);
		expect(gateway.emulator.requests).toHaveLength(0);
	});
});

describe('Message → Get Many (sent history)', () => {
	test('Return All: every sent message with its status over 3 pages, in the order sent', async () => {
		const result = await run({ resource: 'message', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(listRequests()).toEqual(pages('/v1/message/history', 2000, 3));
		expect(result.items.map((item) => item.json.to)).toEqual(gateway.emulator.messages.map((message) => message.to));
		expect(Object.keys(result.items[0].json).sort()).toEqual([
			'ID',
			'amount',
			'date',
			'message',
			'sender',
			'status',
			'to',
			'type',
		]);
		expect(result.items[0].json).toMatchObject({ message: 'Batch 0', sender: 'Shop', type: 'single', amount: '1' });
	});

	test('one item per record for each input item, paired with it; a Limit of 1 is one request each', async () => {
		const result = await run({ resource: 'message', operation: 'getAll', limit: 1 }, [{}, {}]);
		expect(listRequests()).toEqual(['/v1/message/history?limit=1&page=1', '/v1/message/history?limit=1&page=1']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('a Limit written as text ("10", as an expression may give it) is that number', async () => {
		const result = await run({ resource: 'message', operation: 'getAll', limit: '={{ "10" }}' });
		expect(result.error).toBeUndefined();
		expect(listRequests()).toEqual(['/v1/message/history?limit=10&page=1']);
		expect(result.items).toHaveLength(10);
	});

	test('a Limit that is not a whole number is refused before any request', async () => {
		const result = await run({ resource: 'message', operation: 'getAll', limit: '={{ "ten" }}' });
		expect(result.error?.message).toMatch(/^Limit: must be a whole number of at least 1 \(got "ten"\)/);
		expect(gateway.emulator.requests).toHaveLength(0);
	});
});
