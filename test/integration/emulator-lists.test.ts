/**
 * The emulator's inbox, conversation and history lists over HTTP: the documented envelope
 * `{ total, shown, page, limit, <list> }`, `limit` 1–2000 (default 1000), `page` from 1
 * (docs/emulator.md#inbox-conversation-and-history), and the control routes that fill the inbox.
 * Then the node reading a gateway that answers a list as a bare array (the shape one client assumes).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();

const { api, controlAnswer } = emulatorClient(() => gateway.emulator);
/** The API (with the account's credentials) or, with `auth` false, the control API. */
const call = (method: string, path: string, body?: unknown, auth = false) =>
	(auth ? api : controlAnswer)(method, path, body);
const list = (path: string) => call('GET', path, undefined, true);

beforeEach(() => call('POST', '/emulator/reset'));

describe('the inbox', () => {
	test('POST /emulator/inbound lands in the inbox with the id, numbers, text and local date of its webhook', async () => {
		const { body } = await call('POST', '/emulator/inbound', {
			from: '31612345678',
			content: 'Is my order on its way?',
		});
		const event = (body.event as { message: Record<string, unknown> }).message;
		const { body: inbox } = await list('/v1/message/inbox');
		expect(inbox).toEqual({
			total: 1,
			shown: 1,
			page: 1,
			limit: 1000,
			messages: [
				{
					ID: String(event.id),
					message: 'Is my order on its way?',
					sender: '31612345678',
					type: 'sms',
					date: event.date,
					receiver: gateway.emulator.account.virtualNumber,
				},
			],
		});
	});

	test('pages: the envelope counts, a page past the end is empty, the order can be newest first', async () => {
		await call('POST', '/emulator/inbox', { count: 5, content: 'M{n}' });
		const page2 = await list('/v1/message/inbox?limit=2&page=2');
		expect(page2.body).toMatchObject({ total: 5, shown: 2, page: 2, limit: 2 });
		expect((page2.body.messages as { message: string }[]).map((m) => m.message)).toEqual(['M3', 'M4']);
		expect((await list('/v1/message/inbox?limit=2&page=4')).body).toMatchObject({
			total: 5,
			shown: 0,
			page: 4,
			messages: [],
		});
		await call('PATCH', '/emulator/inbox', { order: 'newestFirst' });
		expect(
			((await list('/v1/message/inbox?limit=2')).body.messages as { message: string }[]).map((m) => m.message),
		).toEqual(['M5', 'M4']);
	});

	test.each([
		['limit=0', '135'],
		['limit=2001', '135'],
		['limit=ten', '135'],
		['page=0', '136'],
		['type=fax', '139'],
	])('%s is refused with code %s', async (query, code) => {
		const { status, body } = await list(`/v1/message/inbox?${query}`);
		expect(status).toBe(400);
		expect(body.error).toBe(code);
	});

	test('an inbox number the account does not have is code 132', async () => {
		expect((await list('/v1/message/inbox/31610000000')).body.error).toBe('132');
	});

	test.each([[{ count: 0 }], [{ count: 100_001 }], [{ type: 'fax' }], [{ from: '+31 6' }]])(
		'POST /emulator/inbox refuses %j',
		async (body) => {
			expect((await call('POST', '/emulator/inbox', body)).status).toBe(400);
		},
	);
});

describe("a client that sends every optional key, empty when unused (as the vendor's own n8n node does)", () => {
	test.each([
		[
			'POST /v1/contact with unsubscribed ""',
			'POST',
			'/v1/contact',
			{ phone: '31612345601', groupid: '4821', firstname: '', birthday: '', extra1: '', unsubscribed: '' },
		],
		[
			'POST /v1/contact with unsubscribed null',
			'POST',
			'/v1/contact',
			{ phone: '31612345602', groupid: '4821', unsubscribed: null },
		],
		['GET /v1/message/inbox?type=', 'GET', '/v1/message/inbox?type=&limit=&page=', undefined],
		['GET /v1/groups?limit=&page=', 'GET', '/v1/groups?limit=&page=', undefined],
	])('%s: empty means not set', async (_, method, path, body) => {
		const { status } = await call(method, path, body, true);
		expect(status).toBeLessThan(300);
	});
});

describe('a gateway that answers lists as bare arrays', () => {
	let server: Server;
	const seen: string[] = [];
	let ignorePage = false;
	let endless = false;
	let capped = false;
	const records = Array.from({ length: 5 }, (_, i) => ({
		ID: String(i + 1),
		name: `Group ${i + 1}`,
		unknownField: { kept: true },
	}));
	beforeAll(async () => {
		server = createServer((req, res) => {
			seen.push(req.url ?? '');
			const url = new URL(req.url ?? '/', 'http://x');
			const limit = Number(url.searchParams.get('limit'));
			const page = Number(url.searchParams.get('page'));
			res.writeHead(200, { 'Content-Type': 'application/json' });
			// Ignoring `page`: always the first `limit` records of a long list.
			const answer = ignorePage
				? Array.from({ length: limit }, (_, i) => ({ ID: String(i + 1) }))
				: records.slice((page - 1) * limit, page * limit);
			// Endless: every page full and new, its total always a page ahead (page 1 says 3000).
			const endlessPage = {
				total: page * limit + 1000,
				messages: Array.from({ length: limit }, (_, i) => ({ ID: String(page * limit + i) })),
			};
			// Capped: at most 1000 a page from where the page starts, however many are asked, in an honest envelope.
			const cappedPage = {
				total: 1500,
				limit: 1000,
				messages: Array.from({ length: Math.max(0, Math.min(limit, 1000, 1500 - (page - 1) * limit)) }, (_, i) => ({
					ID: String((page - 1) * limit + i + 1),
				})),
			};
			res.end(JSON.stringify(endless ? endlessPage : capped ? cappedPage : answer));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	});
	afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

	test('Return All reads every record unchanged; a Limit stops at it', async () => {
		const credentials = {
			...gateway.credentials,
			baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		};
		const all = await runAction({ resource: 'message', operation: 'getAll', returnAll: true }, [{}], credentials);
		expect(all.items.map((item) => item.json)).toEqual(records);
		// A short bare array may be a page the gateway cut: a read that overlaps it, as short, confirms the end.
		expect(seen).toEqual(['/v1/message/history?limit=2000&page=1', '/v1/message/history?limit=4&page=2']);
		seen.length = 0;
		const two = await runAction({ resource: 'message', operation: 'getAll', limit: 2 }, [{}], credentials);
		expect(two.items.map((item) => item.json)).toEqual(records.slice(0, 2));
		expect(seen).toEqual(['/v1/message/history?limit=2&page=1']);
	});

	test('a gateway that ignores `page` (page 2 repeats page 1) stops the read with an error, not an endless walk', async () => {
		const credentials = {
			...gateway.credentials,
			baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		};
		ignorePage = true;
		seen.length = 0;
		const run = await runAction({ resource: 'message', operation: 'getAll', returnAll: true }, [{}], credentials);
		ignorePage = false;
		expect(run.error?.message).toBe('Could not read /v1/message/history: page 2 repeats records read before');
		expect(run.error?.description).toMatch(/^The gateway may not page this list\. /);
		expect(seen).toEqual(['/v1/message/history?limit=2000&page=1', '/v1/message/history?limit=2000&page=2']);
	});

	test('a list that goes on past what page 1 counted stops the read with an error after 2 extra pages, not an endless walk', async () => {
		const credentials = {
			...gateway.credentials,
			baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		};
		endless = true;
		seen.length = 0;
		const run = await runAction({ resource: 'message', operation: 'getAll', returnAll: true }, [{}], credentials);
		endless = false;
		// 3000 counted: 2 pages of 2000, and 2 more for messages arriving meanwhile.
		expect(run.error?.message).toBe('Could not read /v1/message/history: it did not end after 4 pages');
		expect(run.error?.description).toMatch(/^Page 1 counted fewer records\. Read it with a Limit\. /);
		expect(seen).toHaveLength(4);
	});

	test('a gateway that answers smaller pages than asked (at most 1000) is read on with reads it answers whole: every record once, not a short list', async () => {
		const credentials = {
			...gateway.credentials,
			baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		};
		capped = true;
		const run = await runAction({ resource: 'message', operation: 'getAll', returnAll: true }, [{}], credentials);
		capped = false;
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json.ID)).toEqual(Array.from({ length: 1500 }, (_, i) => String(i + 1)));
	});
});
