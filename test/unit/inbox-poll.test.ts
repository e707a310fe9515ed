import {
	activationOutcome,
	compareIds,
	idOf,
	manualOutcome,
	markOf,
	nextPage,
	pollOutcome,
	startWalk,
	type InboxOrder,
	type PollOutcome,
} from '../../nodes/MessagingGateway/core/records/inbox-poll';
import type { Page } from '../../nodes/MessagingGateway/core/records/paging';

/**
 * The Inbox Trigger's "what is new since the mark" against a small model of the gateway's inbox
 * list: pages of `limit` records with `total` (docs/inbox-and-history.md#paging), listed oldest or
 * newest first. Expected emissions are the IDs the test added, in the order it added them.
 */
interface Inbox {
	order: InboxOrder;
	records: { ID: string; date: string; message: string }[];
	/** Called before each page is served: a message arriving between two requests shifts the pages. */
	beforePage?: (pageNumber: number) => void;
}

let nextId = 1;
function receive(inbox: Inbox, count: number, date = '2026-11-25 08:00:00'): string[] {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const ID = String(nextId++);
		inbox.records.push({ ID, date, message: `message ${ID}` });
		ids.push(ID);
	}
	return ids;
}

function pageOf(inbox: Inbox, pageNumber: number, pageSize: number): Page {
	inbox.beforePage?.(pageNumber);
	const listed = inbox.order === 'oldestFirst' ? [...inbox.records] : [...inbox.records].reverse();
	return { records: listed.slice((pageNumber - 1) * pageSize, pageNumber * pageSize), total: listed.length };
}

type Mode = 'activation' | 'poll' | 'manual';

/** One poll as the node runs it: walk the pages from 1 until the walk is done, then its outcome. */
function poll(inbox: Inbox, mark: string | undefined, mode: Mode, options: { pageSize?: number; maxPages?: number; cap?: number } = {}) {
	const pageSize = options.pageSize ?? 3;
	const walk = startWalk(mode === 'manual' ? undefined : mark, pageSize, options.maxPages ?? 100);
	const requested: number[] = [];
	for (let page: number | undefined = 1; page !== undefined; ) {
		requested.push(page);
		page = nextPage(walk, page, pageOf(inbox, page, pageSize));
	}
	const outcome: PollOutcome = mode === 'activation' ? activationOutcome(walk) : mode === 'manual' ? manualOutcome({ ...walk, mark }) : pollOutcome(walk, options.cap);
	return { ...outcome, ids: outcome.emit.map((record) => String(record.ID)), requested, truncated: walk.truncated, failure: walk.failure };
}

beforeEach(() => {
	nextId = 1;
});

describe('IDs compare as numbers', () => {
	test('"9" before "10", numbers and numeric texts alike, leading zeros ignored', () => {
		expect(compareIds('9', '10')).toBeLessThan(0);
		expect(compareIds('100', '99')).toBeGreaterThan(0);
		expect(idOf({ ID: 10 })).toBe('10');
		expect(idOf({ ID: ' 0010 ' })).toBe('10');
		expect(compareIds('12345678901234567890', '12345678901234567891')).toBeLessThan(0);
	});
	test.each([[{ ID: 'abc' }], [{ ID: -3 }], [{ ID: 1.5 }], [{}], ['text']])('no ID: %j', (record) => {
		expect(idOf(record)).toBeUndefined();
	});
});

describe.each<InboxOrder>(['oldestFirst', 'newestFirst'])('listed %s', (order) => {
	test('activation emits nothing and marks the newest; each later poll emits the new ones once, oldest first', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 7);
		const first = poll(inbox, undefined, 'activation');
		expect(first).toMatchObject({ ids: [], mark: '7' });
		const added: string[] = [];
		const emitted: string[] = [];
		let mark = first.mark;
		for (const count of [5, 0, 11, 1]) {
			added.push(...receive(inbox, count));
			const next = poll(inbox, mark, 'poll');
			emitted.push(...next.ids);
			mark = next.mark;
		}
		expect(emitted).toEqual(added);
	});

	test('IDs across a digit boundary ("9" and "10") in order, not as texts', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 8);
		const { mark } = poll(inbox, undefined, 'activation');
		expect(poll(inbox, mark, 'poll', { pageSize: 2 }).ids).toEqual([]);
		const added = receive(inbox, 5); // 9 … 13
		expect(poll(inbox, mark, 'poll', { pageSize: 2 }).ids).toEqual(added);
	});

	test('equal dates: ordered by ID', () => {
		const inbox: Inbox = { order, records: [] };
		const { mark } = poll(inbox, undefined, 'activation');
		expect(mark).toBe('0');
		const added = receive(inbox, 6, '2026-11-25 08:00:00');
		expect(poll(inbox, mark, 'poll').ids).toEqual(added);
	});

	test('a message arriving between two page requests: nothing emitted twice, nothing lost', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 10);
		let { mark } = poll(inbox, undefined, 'activation');
		const added = receive(inbox, 8);
		let arrived: string[] = [];
		inbox.beforePage = (pageNumber) => {
			if (pageNumber !== 1 && arrived.length === 0) arrived = receive(inbox, 2);
		};
		const during = poll(inbox, mark, 'poll');
		inbox.beforePage = undefined;
		mark = during.mark;
		const after = poll(inbox, mark, 'poll');
		expect([...during.ids, ...after.ids]).toEqual([...added, ...arrived]);
		expect(new Set([...during.ids, ...after.ids]).size).toBe(added.length + arrived.length);
	});

	test('the cap: the oldest new ones now, the rest on the next poll', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 4);
		const { mark } = poll(inbox, undefined, 'activation');
		const added = receive(inbox, 25);
		const capped = poll(inbox, mark, 'poll', { cap: 10 });
		expect(capped.ids).toEqual(added.slice(0, 10));
		expect(capped.leftForNextPoll).toBe(15);
		const rest = poll(inbox, capped.mark, 'poll', { cap: 10 });
		const last = poll(inbox, rest.mark, 'poll', { cap: 10 });
		expect([...rest.ids, ...last.ids]).toEqual(added.slice(10));
		expect(last.leftForNextPoll).toBe(0);
	});

	test('a manual run: the newest message only, the mark unchanged', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 9);
		const manual = poll(inbox, '4', 'manual');
		expect(manual.ids).toEqual(['9']);
		expect(manual.mark).toBe('4');
		expect(poll({ order, records: [] }, undefined, 'manual').ids).toEqual([]);
	});

	test('the page budget ends a long walk, marked truncated', () => {
		const inbox: Inbox = { order, records: [] };
		receive(inbox, 2);
		const { mark } = poll(inbox, undefined, 'activation');
		receive(inbox, 30);
		const walked = poll(inbox, mark, 'poll', { pageSize: 3, maxPages: 4 });
		expect(walked.truncated).toBe(true);
		expect(walked.requested).toHaveLength(4);
	});
});

describe('few requests', () => {
	test('newest first: stops at the page that reaches the mark', () => {
		const inbox: Inbox = { order: 'newestFirst', records: [] };
		receive(inbox, 30);
		const { mark } = poll(inbox, undefined, 'activation');
		receive(inbox, 4);
		expect(poll(inbox, mark, 'poll').requested).toEqual([1, 2]);
	});
	test('oldest first: page 1, then back from the last page to the one that reaches the mark', () => {
		const inbox: Inbox = { order: 'oldestFirst', records: [] };
		receive(inbox, 30);
		const activation = poll(inbox, undefined, 'activation');
		expect(activation.requested).toEqual([1, 10]);
		receive(inbox, 4); // 34 records: pages 1…12, the new ones (31…34) on 11 and 12, the mark (30) on 10
		expect(poll(inbox, activation.mark, 'poll').requested).toEqual([1, 12, 11, 10]);
	});
});

describe('a poll that cannot be trusted fails instead of moving the mark', () => {
	/** 30 messages marked, 6 new: page 1 of 12 (pages of 3) read, page 12 (the newest end) asked next. */
	function walkToTheNewestEnd() {
		const inbox: Inbox = { order: 'oldestFirst', records: [] };
		receive(inbox, 30);
		const { mark } = poll(inbox, undefined, 'activation');
		receive(inbox, 6);
		const walk = startWalk(mark, 3, 100);
		expect(nextPage(walk, 1, pageOf(inbox, 1, 3))).toBe(12);
		return { inbox, walk };
	}

	test('a later page that comes back empty although page 1 counted its messages', () => {
		const { walk } = walkToTheNewestEnd();
		expect(nextPage(walk, 12, { records: [], total: 36 })).toBeUndefined();
		expect(walk.failure).toMatch(/page 12 came back empty although page 1 counted 36 messages/);
	});

	test('a gateway that ignores page: page 1 again where page 12 was asked', () => {
		const { inbox, walk } = walkToTheNewestEnd();
		expect(nextPage(walk, 12, pageOf(inbox, 1, 3))).toBeUndefined();
		expect(walk.failure).toBe('page 12 repeats page 1: the gateway may not page this list');
	});

	test('oldest first without a total: a walk that the page budget stops before the newest end', () => {
		const inbox: Inbox = { order: 'oldestFirst', records: [] };
		receive(inbox, 40);
		const walk = startWalk(undefined, 3, 4);
		for (let page: number | undefined = 1; page !== undefined; ) page = nextPage(walk, page, { records: pageOf(inbox, page, 3).records });
		expect(walk.failure).toMatch(/oldest first without a total, and 4 pages of 3 did not reach its newest message/);
	});
});

describe('the saved mark', () => {
	test.each([[null], [1003000], ['abc'], [{ id: '5' }], ['-1'], ['']])('%j is not a mark: start afresh', (lastId) => {
		expect(markOf({ lastId, account: 'a' }, 'a')).toEqual({ afresh: expect.stringContaining('is not one this trigger writes') });
	});
	test("another account's mark: start afresh; a mark saved before marks named their account is kept", () => {
		expect(markOf({ lastId: '17', account: 'a' }, 'b')).toEqual({ afresh: expect.stringContaining('another gateway account') });
		expect(markOf({ lastId: '0017' }, 'b')).toEqual({ mark: '17' });
		expect(markOf({}, 'b')).toEqual({});
	});
});
