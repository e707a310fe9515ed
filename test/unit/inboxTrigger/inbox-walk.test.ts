import type { InboxOrder } from '../../../nodes/MessagingGateway/inboxTrigger/mark';
import { firstRead, nextRead, outsizedIds, startWalk } from '../../../nodes/MessagingGateway/inboxTrigger/walk';
import type { Page, Read } from '../../../nodes/MessagingGateway/core/lists/pages';
import { pageOf, poll, receive, resetIds, type Inbox } from '../../support/inbox-model';
import { plainText } from '../../../nodes/MessagingGateway/core/error-text';

/** The Inbox Trigger's walk against a careless gateway's inbox (inbox-model.ts): lying totals, cut pages, deletions. */
beforeEach(resetIds);

describe.each<InboxOrder>(['oldestFirst', 'newestFirst'])(
	'a careless gateway, listed %s: never a message lost, each once, or a poll that fails naming why',
	(order) => {
		/** 250 messages there at activation, 550 new: what the polls emit until nothing is new, and their failures. */
		function pollsOf(inbox: Inbox, options: { maxRecords?: number } = {}, activated?: () => void) {
			receive(inbox, 250);
			let { mark } = poll(inbox, undefined, 'activation');
			activated?.();
			const added = receive(inbox, 550);
			const emitted: string[] = [];
			const failures: string[] = [];
			for (let i = 0; i < 5; i++) {
				const next = poll(inbox, mark, 'poll', { cap: 5000, ...options });
				if (next.failure !== undefined) failures.push(plainText(next.failure));
				emitted.push(...next.ids);
				mark = next.mark;
			}
			return { added, emitted, failures };
		}

		test.each([
			['total 0', () => 0],
			["the page's own count", (_count: number, shown: number) => shown],
			['no total (a bare array)', () => undefined],
			['a total far too large', (count: number) => count * 3],
		])('a total that lies (%s)', (_name, total) => {
			const { added, emitted, failures } = pollsOf({ order, records: [], total });
			expect(failures).toEqual([]);
			expect(emitted).toEqual(added);
		});

		test.each([['asked' as const], ['own' as const]])(
			'pages cut at 60 records where 100 are asked (counted at the %s limit), with and without a total',
			(capPages) => {
				for (const total of [undefined, () => undefined]) {
					resetIds();
					const { added, emitted, failures } = pollsOf({ order, records: [], cap: 60, capPages, total });
					expect(failures).toEqual([]);
					expect(emitted).toEqual(added);
				}
			},
		);

		test('messages deleted between two reads: none skipped; when too many to tell, the poll fails and the next one emits them', () => {
			// Pages of 100 overlap by 10: fewer deletions than that are told apart; more fail the poll.
			for (const deleted of [8, 150]) {
				resetIds();
				// Read from page 1 onwards: newest first, or oldest first without a total.
				const inbox: Inbox = { order, records: [], total: order === 'oldestFirst' ? () => undefined : undefined };
				let reads = 0;
				const gone = new Set<string>();
				const deleting = () => {
					// Between the first and second read of the first poll: messages deleted where the first read was
					// (newest first: among the newest; oldest first: the oldest), which moves the rest towards page 1.
					if (++reads !== 2) return;
					const from = order === 'newestFirst' ? inbox.records.length - 5 - deleted : 0;
					for (const record of inbox.records.splice(from, deleted)) gone.add(record.ID);
				};
				const { added, emitted, failures } = pollsOf(inbox, {}, () => (inbox.beforePage = deleting));
				expect(emitted).toEqual([...new Set(emitted)].sort((x, y) => Number(x) - Number(y)));
				expect(added.filter((id) => !gone.has(id) && !emitted.includes(id))).toEqual([]);
				if (deleted > 100)
					expect(failures).toEqual([
						expect.stringMatching(
							/does not repeat the last message read\. It should hold again the last message read before it .*Messages were deleted between two reads/,
						),
					]);
				else expect(failures).toEqual([]);
			}
		});
	},
);

describe('few requests', () => {
	test('newest first: stops at the read that reaches the mark', () => {
		const inbox: Inbox = { order: 'newestFirst', records: [] };
		receive(inbox, 300);
		const { mark } = poll(inbox, undefined, 'activation');
		receive(inbox, 130);
		expect(poll(inbox, mark, 'poll').requested).toHaveLength(2);
	});
	test('oldest first with a total: page 1, the last page, then back to the one that reaches the mark', () => {
		const inbox: Inbox = { order: 'oldestFirst', records: [] };
		receive(inbox, 1000);
		const activation = poll(inbox, undefined, 'activation');
		expect(activation.reads).toEqual([
			{ page: 1, limit: 100 },
			{ page: 10, limit: 100 },
			expect.objectContaining({ limit: expect.any(Number) }),
		]);
		receive(inbox, 140); // 1140 records: the new ones (1001…1140) on pages 11 and 12, the mark (1000) on 10
		expect(poll(inbox, activation.mark, 'poll').requested.slice(0, 2)).toEqual([1, 12]);
	});
	test('oldest first, a small inbox whose total matches: one request', () => {
		const inbox: Inbox = { order: 'oldestFirst', records: [] };
		receive(inbox, 30);
		const { mark } = poll(inbox, undefined, 'activation');
		receive(inbox, 4);
		expect(poll(inbox, mark, 'poll').requested).toEqual([1]);
	});
});

describe('a poll that cannot be trusted fails instead of moving the mark', () => {
	test('a gateway that ignores page: page 1 again wherever another page is asked', () => {
		for (const order of ['oldestFirst', 'newestFirst'] as const) {
			const inbox: Inbox = { order, records: [] };
			receive(inbox, 300);
			const { mark } = poll(inbox, undefined, 'activation');
			receive(inbox, 200);
			const ignoring = (read: Read): Page => pageOf(inbox, { page: 1, limit: read.limit });
			const walk = startWalk(mark, 100, 1000);
			for (let read: Read | undefined = firstRead(walk); read !== undefined; )
				read = nextRead(walk, read, ignoring(read));
			expect(walk.failure).toMatch(/repeats messages read already|does not repeat the last message read/);
		}
	});

	test('oldest first: a read that comes back empty where it should repeat the last message read', () => {
		const inbox: Inbox = { order: 'oldestFirst', records: [], total: () => undefined };
		receive(inbox, 300);
		const walk = startWalk('100', 100, 1000);
		const second = nextRead(walk, firstRead(walk), pageOf(inbox, firstRead(walk)));
		expect(second).toBeDefined();
		expect(nextRead(walk, second!, { records: [] })).toBeUndefined();
		expect(plainText(walk.failure!)).toMatch(
			/^page \d+ \(of \d+\) came back empty\. It should repeat the last message read\. Messages were deleted/,
		);
	});

	test('a full page of messages read already, where the read should go on past them', () => {
		const inbox: Inbox = { order: 'newestFirst', records: [] };
		receive(inbox, 300);
		const walk = startWalk('1', 100, 1000);
		const second = nextRead(walk, firstRead(walk), pageOf(inbox, firstRead(walk)))!;
		// The newest 100 read; the answer holds the last of them again, then only messages read already.
		const readAlready = [...inbox.records].reverse().slice(100 - second.limit, 100);
		expect(nextRead(walk, second, { records: readAlready })).toBeUndefined();
		expect(plainText(walk.failure!)).toBe(
			`page 2 (of ${second.limit}) repeats messages read already. The gateway may not page this list.`,
		);
	});

	test('oldest first without a total: a walk that the budget stops before the newest end', () => {
		const inbox: Inbox = { order: 'oldestFirst', records: [], total: () => undefined };
		receive(inbox, 600);
		const walked = poll(inbox, undefined, 'activation', { maxRecords: 300 });
		expect(walked.failure).toMatch(
			/oldest first, and 300 messages read from its oldest did not reach its newest message/,
		);
	});
});

describe('outsizedIds: an ID far beyond the others of its page', () => {
	test('3 digits or more longer than the median ID; a page of one ID has none', () => {
		expect([...outsizedIds(['5000001', '5000002', '99999999999999999999'])]).toEqual(['99999999999999999999']);
		expect([...outsizedIds(['5000001', '5000002', '500000300'])]).toEqual([]);
		expect([...outsizedIds(['99999999999999999999'])]).toEqual([]);
	});
});
