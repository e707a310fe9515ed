import type { Page, Read } from '../../../../nodes/MessagingGateway/core/lists/pages';
import {
	budgetLeft,
	firstPage,
	isRead,
	nextRead,
	startList,
	takePage,
	type ListWalk,
	type WalkRules,
} from '../../../../nodes/MessagingGateway/core/lists/walk';

/**
 * The one page walk, guard by guard, against a list paged as the gateway pages (docs/inbox-and-history.md#paging:
 * `page` from 1, the records from (page − 1) × limit, `total` the records listed): records `{ ID }` numbered from 1.
 */
const records = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ ID: String(from + i) }));
const listOf = (count: number) => records(1, count);
function pageOf(list: { ID: string }[], read: Read, total: number | undefined = list.length): Page {
	const start = (read.page - 1) * read.limit;
	return { records: list.slice(start, start + read.limit), total };
}
const getMany = (pageSize: number, more: Partial<WalkRules> = {}) =>
	startList({ pageSize, overlapEveryRead: false, boundByTotal: true, maxPages: 500, ...more });
const overlapping = (pageSize: number, more: Partial<WalkRules> = {}) =>
	startList({ pageSize, overlapEveryRead: true, boundByTotal: false, ...more });

/** Takes `read`'s page and returns the next read, failing the test on anything else. */
function onward(walk: ListWalk, read: Read, page: Page): Read {
	const taken = takePage(walk, read, page);
	expect(taken).toMatchObject({ ok: true, ended: false });
	const next = nextRead(walk, read);
	if (!isRead(next)) throw new Error(`no next read: ${JSON.stringify(next)}`);
	return next;
}

describe('going on', () => {
	test('full pages follow each other; a short page after them ends the list; each record once', () => {
		const list = listOf(250);
		const walk = getMany(100);
		let read = firstPage(walk);
		expect(read).toEqual({ page: 1, limit: 100 });
		read = onward(walk, read, pageOf(list, read));
		expect(read).toEqual({ page: 2, limit: 100 });
		read = onward(walk, read, pageOf(list, read));
		const last = takePage(walk, read, pageOf(list, read));
		expect(last).toEqual({ ok: true, fresh: records(201, 50), ended: true });
	});
	test('every read overlapping (the Inbox Trigger): the read after a full page starts among its records', () => {
		const walk = overlapping(100);
		const next = onward(walk, firstPage(walk), pageOf(listOf(500), firstPage(walk)));
		const start = (next.page - 1) * next.limit;
		expect(start).toBeLessThan(100);
		expect(next.limit).toBeLessThanOrEqual(100);
	});
	test('a short page that may be cut (no total) is confirmed by a read that overlaps it: a short answer then ends the list', () => {
		// A gateway that answers at most 60 records whatever `limit` asks.
		const list = listOf(100);
		const cut = (read: Read): Page => ({ records: pageOf(list, read).records.slice(0, 60) });
		const walk = getMany(100);
		const second = onward(walk, firstPage(walk), cut(firstPage(walk)));
		expect((second.page - 1) * second.limit).toBeLessThan(60);
		expect(second.limit).toBeLessThanOrEqual(60);
		const taken = takePage(walk, second, cut(second));
		expect(taken).toMatchObject({ ok: true, fresh: records(61, 40) });
	});
});

describe('guards: a page that cannot be trusted is a failure, never a short list or a walk without end', () => {
	test('empty where the read should repeat the last record read (records deleted meanwhile)', () => {
		const list = listOf(60);
		const walk = getMany(100);
		const confirm = onward(walk, firstPage(walk), { records: list });
		expect(takePage(walk, confirm, { records: [] })).toEqual({ ok: false, failure: { kind: 'empty', read: confirm } });
	});
	test.each([
		['records it never read', records(200, 30)],
		['a record read before, then not the last one read', [...records(55, 3), ...records(200, 30)]],
		['the last record read, after one it never read', [{ ID: '999' }, ...records(56, 5), ...records(200, 30)]],
	])('a read that does not go on from the records read before it: %s', (_name, answer) => {
		const walk = getMany(100);
		const confirm = onward(walk, firstPage(walk), { records: listOf(60) });
		expect(takePage(walk, confirm, { records: answer })).toEqual({
			ok: false,
			failure: { kind: 'notOnward', read: confirm, lastKey: 'ID 60' },
		});
	});
	test('a full page of records read before (a gateway that ignores page)', () => {
		const list = listOf(300);
		const walk = getMany(100);
		const second = onward(walk, firstPage(walk), pageOf(list, firstPage(walk)));
		expect(takePage(walk, second, pageOf(list, firstPage(walk)))).toEqual({
			ok: false,
			failure: { kind: 'repeats', read: second },
		});
	});
	test("an empty page where page 1's total counted more: not the end; the read that overlaps then tells", () => {
		const list = listOf(200);
		const walk = getMany(100);
		let read = onward(walk, firstPage(walk), pageOf(list, firstPage(walk), 300));
		read = onward(walk, read, pageOf(list, read, 300));
		expect(read).toEqual({ page: 3, limit: 100 });
		const confirm = onward(walk, read, { records: [], total: 300 });
		expect((confirm.page - 1) * confirm.limit).toBeLessThan(200);
		expect(takePage(walk, confirm, pageOf(list, confirm))).toMatchObject({ ok: true, fresh: [], ended: true });
	});
	test('an empty page where no total counted more ends the list', () => {
		const list = listOf(200);
		const walk = getMany(100);
		let read = onward(walk, firstPage(walk), pageOf(list, firstPage(walk)));
		read = onward(walk, read, pageOf(list, read));
		expect(takePage(walk, read, pageOf(list, read))).toEqual({ ok: true, fresh: [], ended: true });
	});
});

describe('budgets', () => {
	test("2 pages past what page 1's total counted (bound by the total)", () => {
		const list = listOf(1000);
		const walk = getMany(100);
		let read = firstPage(walk);
		// Page 1 says 250: the walk reads on while it has read fewer than 250 + 2 × 100 records (pages 1–5), then stops.
		for (let page = 1; page < 5; page++) read = onward(walk, read, pageOf(list, read, 250));
		takePage(walk, read, pageOf(list, read, 250));
		expect(nextRead(walk, read)).toEqual({ kind: 'noEnd', pages: 5, records: 500, pastTotal: true });
	});
	test('the page budget', () => {
		const list = listOf(1000);
		const walk = getMany(100, { maxPages: 3, boundByTotal: false });
		let read = onward(walk, firstPage(walk), pageOf(list, firstPage(walk)));
		read = onward(walk, read, pageOf(list, read));
		takePage(walk, read, pageOf(list, read));
		expect(nextRead(walk, read)).toEqual({ kind: 'noEnd', pages: 3, records: 300, pastTotal: false });
	});
	test('the record budget, counted from where the walk started reading on (page 1, or the read it jumped to)', () => {
		const list = listOf(1000);
		const walk = overlapping(100, { maxRecords: 150 });
		const read = onward(walk, firstPage(walk), pageOf(list, firstPage(walk)));
		takePage(walk, read, pageOf(list, read));
		expect(nextRead(walk, read)).toMatchObject({ kind: 'noEnd', pastTotal: false });
		// A jump to page 9 moves where the budget counts from; a page read again (back) is not checked.
		const jump = { page: 9, limit: 100 };
		expect(takePage(walk, jump, pageOf(list, jump), 'jump')).toMatchObject({ ok: true, ended: false });
		expect(budgetLeft(walk)).toBeUndefined();
		expect(budgetLeft(walk, 700)).toMatchObject({ kind: 'noEnd', records: 200 });
		expect(takePage(walk, firstPage(walk), pageOf(list, firstPage(walk)), 'back')).toMatchObject({
			ok: true,
			fresh: [],
		});
	});
});

describe("records without an ID (a conversation's received messages)", () => {
	const yes = { direction: 'inbound', message: 'Yes', unixDatetime: 1764324000 };

	test('records alike on one page are each new; a read overlapping them takes only those past its place', () => {
		const list = [yes, yes, yes, { ...yes, message: 'No' }, yes];
		const walk = getMany(3);
		expect(takePage(walk, { page: 1, limit: 3 }, { records: list.slice(0, 3) })).toEqual({
			ok: true,
			fresh: [yes, yes, yes],
			ended: false,
		});
		// A read from record 2 on: records 2 and 3 were read, 4 and 5 are new.
		expect(takePage(walk, { page: 2, limit: 2 }, { records: list.slice(2, 4) })).toMatchObject({
			ok: true,
			fresh: [{ ...yes, message: 'No' }],
		});
	});

	test('a gateway that answers page 1 again for page 2 is still caught', () => {
		const walk = getMany(2);
		takePage(walk, { page: 1, limit: 2 }, { records: [yes, yes] });
		expect(takePage(walk, { page: 2, limit: 2 }, { records: [yes, yes] })).toEqual({
			ok: false,
			failure: { kind: 'repeats', read: { page: 2, limit: 2 } },
		});
	});
});
