import {
	endsList,
	MAX_OVERLAP,
	MIN_OVERLAP,
	pageSizeFor,
	readAfter,
	readLimit,
	readPage,
	recordKey,
	startOf,
} from '../../../../nodes/MessagingGateway/core/lists/pages';

/**
 * The gateway's list answers and page walk. Expected values follow the documented envelope
 * `{ total, shown, page, limit, <list>: [...] }`, the bare arrays some lists answer with, and the
 * largest page of 2000 (docs/inbox-and-history.md#paging).
 */
describe('readPage: both shapes, every record unchanged', () => {
	const record = { ID: '19951477', message: 'Hi', extra: { nested: [1, 2] } };

	test('an envelope: the records under its key, its total as a number even when sent as text', () => {
		expect(readPage({ total: '3', shown: 1, page: 1, limit: 1, messages: [record] }, 'messages')).toEqual({
			records: [record],
			total: 3,
		});
	});
	test('a bare array: the records, no total', () => {
		expect(readPage([record, 'text'], 'groups')).toEqual({ records: [record, 'text'] });
	});
	test('an envelope that says it is empty, without its list', () => {
		expect(readPage({ total: 0, shown: 0, page: 1, limit: 50 }, 'messages')).toEqual({ records: [], total: 0 });
	});
	test.each([
		['an envelope without the list that claims records', { total: 5, shown: 5, page: 1, limit: 5 }],
		['the list under another key', { total: 1, contacts: [record] }],
		['a text', 'OK'],
		['null', null],
	])('a problem, never silently empty: %s', (_name, body) => {
		expect(typeof readPage(body, 'messages')).toBe('string');
	});
});

describe('page size: the fewest requests', () => {
	test.each([
		[1, 1],
		[50, 50],
		[2000, 2000],
		[2001, 2000],
		[10_000, 2000],
		['all' as const, 2000],
	])('wanting %s asks pages of %s', (wanted, size) => {
		expect(pageSizeFor(wanted)).toBe(size);
	});
});

describe('endsList: a short answer ends the list only where it cannot be a cut page', () => {
	test.each([
		[
			'a full page, whatever its total (0, or its own count)',
			{ page: 1, limit: 3 },
			{ records: [1, 2, 3], total: 0 },
			0,
			false,
		],
		['a full page that reaches the total', { page: 2, limit: 3 }, { records: [1, 2, 3], total: 6 }, 3, false],
		['a short page 1 whose total is what it holds', { page: 1, limit: 2000 }, { records: [1, 2], total: 2 }, 0, true],
		[
			'a short page 1 without a total: the gateway may cut pages',
			{ page: 1, limit: 2000 },
			{ records: [1, 2] },
			0,
			false,
		],
		['a short page 1 whose total says 0', { page: 1, limit: 2000 }, { records: [1, 2], total: 0 }, 0, false],
		[
			'page 1 of 1500 cut at 1000',
			{ page: 1, limit: 2000 },
			{ records: Array.from({ length: 1000 }, (_, i) => i), total: 1500 },
			0,
			false,
		],
		[
			'a short page after the gateway answered as many as asked',
			{ page: 3, limit: 2000 },
			{ records: [1] },
			2000,
			true,
		],
		['an empty page after full ones', { page: 9, limit: 3 }, { records: [], total: 10 }, 3, true],
	])('%s', (_name, read, page, largest, ends) => {
		expect(endsList(read, page, largest)).toBe(ends);
	});
});

describe('readAfter: the read that goes on overlaps what was read, and can come back short', () => {
	test.each([
		[2000, 2000],
		[3900, 2000],
		[20_000, 2000],
		[1000, 1000],
		[37, 37],
		[3, 3],
	])('after %i records, at most %i a read', (end, maxLimit) => {
		const read = readAfter(end, maxLimit);
		const start = startOf(read);
		expect(read.limit).toBeLessThanOrEqual(maxLimit);
		// It begins among the records read (at most MAX_OVERLAP back), and asks for more than it repeats.
		expect(start).toBeLessThan(end);
		expect(end - start).toBeLessThanOrEqual(MAX_OVERLAP);
		expect(end - start).toBeLessThan(read.limit);
		if (end >= 2 * MIN_OVERLAP) expect(end - start).toBeGreaterThanOrEqual(MIN_OVERLAP);
	});
	test('one or two records read: the next one alone', () => {
		expect(readAfter(2, 2)).toEqual({ page: 3, limit: 1 });
	});
});

describe('recordKey', () => {
	test('the ID when there is one (a number or a text alike), else the record', () => {
		expect(recordKey({ ID: 7, a: 1 })).toBe(recordKey({ ID: '7', a: 2 }));
		expect(recordKey({ a: 1 })).not.toBe(recordKey({ a: 2 }));
	});
});

describe('readLimit', () => {
	test.each([
		[1, 1],
		[50, 50],
		[10_001, 10_001],
		['50', 50],
		[' 7 ', 7],
	])('%j is a Limit of %s', (value, limit) => expect(readLimit(value)).toEqual({ ok: true, limit }));
	test.each([
		[0],
		[-1],
		[2.5],
		['0'],
		['2.5'],
		['1e3'],
		[''],
		['ten'],
		[Number.NaN],
		[2 ** 60],
		[undefined],
		[null],
		[{}],
	])('%j is refused', (value) =>
		expect(readLimit(value)).toEqual({ ok: false, error: expect.stringMatching(/whole number of at least 1 \(got /) }),
	);
});
