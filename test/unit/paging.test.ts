import { isLastPage, pageSizeFor, readLimit, readPage, shortPageProblem } from '../../nodes/MessagingGateway/core/records/paging';

/**
 * The gateway's list answers and page walk. Expected values follow the documented envelope
 * `{ total, shown, page, limit, <list>: [...] }`, the bare arrays some lists answer with, and the
 * largest page of 2000 (docs/inbox-and-history.md#paging).
 */
describe('readPage: both shapes, every record unchanged', () => {
	const record = { ID: '19951477', message: 'Hi', extra: { nested: [1, 2] } };

	test('an envelope: the records under its key, its total as a number even when sent as text', () => {
		expect(readPage({ total: '3', shown: 1, page: 1, limit: 1, messages: [record] }, 'messages')).toEqual({ records: [record], total: 3 });
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

describe('isLastPage', () => {
	test.each([
		['a short page', { records: [1, 2], total: undefined }, 1, 3, true],
		['a full page with more after it', { records: [1, 2, 3], total: 7 }, 2, 3, false],
		['a full page that reaches the total', { records: [1, 2, 3], total: 6 }, 2, 3, true],
		['a full bare-array page: the next one tells', { records: [1, 2, 3] }, 1, 3, false],
		['an empty page', { records: [], total: 10 }, 9, 3, true],
	])('%s', (_name, page, pageNumber, size, last) => {
		expect(isLastPage(page, pageNumber, size)).toBe(last);
	});
});

describe('shortPageProblem: a short page is believed only where its total ends', () => {
	test.each([
		['the last page of 7 in pages of 3', { records: [7], total: 7 }, 3, 3, undefined],
		['a short bare-array page', { records: [1] }, 1, 3, undefined],
		['a full page', { records: [1, 2, 3], total: 100 }, 1, 3, undefined],
		['page 1 of 1500 capped at 1000', { records: Array.from({ length: 1000 }, (_, i) => i), total: 1500 }, 1, 2000, 'page 1 holds 1000 records where 2000 were asked, although the list counts 1500'],
		['an empty page 2 of 10 records', { records: [], total: 10 }, 2, 3, 'page 2 holds 0 records where 3 were asked, although the list counts 10'],
	])('%s', (_name, page, pageNumber, size, problem) => {
		expect(shortPageProblem(page, pageNumber, size)).toBe(problem);
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
	test.each([[0], [-1], [2.5], ['0'], ['2.5'], ['1e3'], [''], ['ten'], [Number.NaN], [2 ** 60], [undefined], [null], [{}]])('%j is refused', (value) =>
		expect(readLimit(value)).toEqual({ ok: false, error: expect.stringMatching(/whole number of at least 1 \(got /) }),
	);
});
