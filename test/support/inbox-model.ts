import {
	activationOutcome,
	manualOutcome,
	pollOutcome,
	type InboxOrder,
	type PollOutcome,
} from '../../nodes/MessagingGateway/inboxTrigger/mark';
import { firstRead, nextRead, startWalk } from '../../nodes/MessagingGateway/inboxTrigger/walk';
import type { Page, Read } from '../../nodes/MessagingGateway/core/lists/pages';

/**
 * The Inbox Trigger's "what is new since the mark" against a small model of the gateway's inbox
 * list: `page` and `limit`, the records from (page − 1) × limit, with `total` (docs/inbox-and-history.md#paging),
 * listed oldest or newest first; and as a careless gateway answers: a `total` that lies, pages cut at
 * `cap` records, messages deleted between two reads. Expected emissions are the IDs the test added, in
 * the order it added them.
 */
export interface Inbox {
	order: InboxOrder;
	records: { ID: string; date: string; message: string }[];
	/** Called before each read is served: a message arriving or deleted between two requests shifts the pages. */
	beforePage?: (pageNumber: number) => void;
	/** The `total` the gateway sends, from the true count (undefined: none, as a bare array). */
	total?: (count: number, shown: number) => number | undefined;
	/** At most this many records an answer, whatever `limit` asks; counted from (page − 1) × limit, or × cap ('own'). */
	cap?: number;
	capPages?: 'asked' | 'own';
}

let nextId = 1;
/** Messages are numbered from 1 again. */
export const resetIds = () => {
	nextId = 1;
};
export function receive(inbox: Inbox, count: number, date = '2026-11-25 08:00:00'): string[] {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const ID = String(nextId++);
		inbox.records.push({ ID, date, message: `message ${ID}` });
		ids.push(ID);
	}
	return ids;
}

export function pageOf(inbox: Inbox, read: Read): Page {
	inbox.beforePage?.(read.page);
	const listed = inbox.order === 'oldestFirst' ? [...inbox.records] : [...inbox.records].reverse();
	const limit = Math.min(read.limit, inbox.cap ?? read.limit);
	const start = (read.page - 1) * (inbox.capPages === 'own' ? limit : read.limit);
	const records = listed.slice(start, start + limit);
	return { records, total: inbox.total ? inbox.total(listed.length, records.length) : listed.length };
}

type Mode = 'activation' | 'poll' | 'manual';

/** One poll as the node runs it: walk the pages from 1 until the walk is done, then its outcome. */
export function poll(
	inbox: Inbox,
	mark: string | undefined,
	mode: Mode,
	options: { pageSize?: number; maxRecords?: number; cap?: number } = {},
) {
	const pageSize = options.pageSize ?? 100;
	const walk = startWalk(mode === 'manual' ? undefined : mark, pageSize, options.maxRecords ?? 1000);
	const requested: number[] = [];
	const reads: Read[] = [];
	for (let read: Read | undefined = firstRead(walk); read !== undefined; ) {
		requested.push(read.page);
		reads.push(read);
		read = nextRead(walk, read, pageOf(inbox, read));
	}
	// A poll that cannot be trusted fails: nothing emitted, the mark as it was.
	const outcome: PollOutcome =
		walk.failure !== undefined
			? { emit: [], mark, leftForNextPoll: 0 }
			: mode === 'activation'
				? activationOutcome(walk)
				: mode === 'manual'
					? manualOutcome({ ...walk, mark })
					: pollOutcome(walk, options.cap);
	return {
		...outcome,
		ids: outcome.emit.map((record) => String(record.ID)),
		requested,
		reads,
		truncated: walk.truncated,
		failure: walk.failure,
	};
}
