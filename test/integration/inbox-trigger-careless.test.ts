/**
 * The Inbox Trigger (n8n-core's real PollContext, test/support/poll.ts) and Get Many (n8n-core's
 * WorkflowExecute) under a careless gateway (test/support/careless-gateway.ts) over HTTP: a `total` that
 * lies, pages cut at 1,000, messages deleted between two reads, a list that grows between two reads, a
 * poll that outlasts the next. Expected (docs/inbox-trigger.md): every message added while the trigger
 * is active is emitted exactly once, oldest first — or a poll fails naming why and the next emits it;
 * Get Many returns every record once, or fails naming why; never a short list in silence.
 */
import { CarelessGateway, type Carelessness } from '../support/careless-gateway';
import { runAction } from '../support/run';
import { ActiveInboxTrigger } from '../support/poll';

const ORDERS = ['oldestFirst', 'newestFirst'] as const;
const ids = (items: { json: Record<string, unknown> }[]) => items.map((item) => String(item.json.ID));

let gateway: CarelessGateway;
async function careless(careless: Carelessness) {
	gateway = await new CarelessGateway(careless).start();
	return gateway;
}
afterEach(() => gateway?.close());

/** A trigger activated on `before` old messages of the careless gateway. */
async function activeOn(before = 2500): Promise<ActiveInboxTrigger> {
	gateway.receive('Old', before);
	const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
	expect(await trigger.activate()).toEqual([]);
	return trigger;
}

/** Activates on `before` old messages, adds `count` new ones, and polls until a poll emits nothing new (at most `polls`). */
async function pollAll(before: number, count: number, polls = 8) {
	const trigger = await activeOn(before);
	const added = gateway.receive('New', count);
	const emitted: string[] = [];
	const failures: string[] = [];
	for (let i = 0; i < polls; i++) {
		try {
			const items = await trigger.poll();
			if (items.length === 0 && failures.length === 0) break;
			emitted.push(...ids(items));
		} catch (error) {
			failures.push((error as Error).message);
		}
	}
	return { trigger, added, emitted, failures };
}

describe.each(ORDERS)('Inbox Trigger, inbox listed %s', (order) => {
	test.each([['zero' as const], ['shown' as const], ['triple' as const], ['none' as const]])(
		'a total that lies (%s): every new message once, oldest first',
		async (total) => {
			await careless({ order, total });
			const { added, emitted, failures } = await pollAll(2500, 2600);
			expect(failures).toEqual([]);
			expect(emitted).toEqual(added);
		},
	);

	test.each([
		['none' as const, 'asked' as const],
		['none' as const, 'own' as const],
		['true' as const, 'asked' as const],
	])(
		'pages cut at 1,000 where 2,000 are asked (total: %s, pages counted at the %s limit): every new message once',
		async (total, capPages) => {
			await careless({ order, total, cap: 1000, capPages });
			const { added, emitted, failures } = await pollAll(2500, 1500);
			expect(failures).toEqual([]);
			expect(emitted).toEqual(added);
		},
	);

	test('19,000 new messages since the last poll: the first poll emits the oldest 1,000 of them (the budget counts from the newest end)', async () => {
		await careless({ order, total: 'true' });
		const trigger = await activeOn();
		// 21,500 listed: 11 pages of 2,000; the new ones from record 2,500 on, the newest 19,000 (under 20,000).
		const added = gateway.receive('New', 19_000);
		expect(ids(await trigger.poll())).toEqual(added.slice(0, 1000));
	});
});

test('newest first: 10 messages deleted between the reads of page 1 and 2 skip no other message', async () => {
	await careless({ order: 'newestFirst', total: 'true' });
	const trigger = await activeOn();
	const added = gateway.receive('New', 3000);
	const gone = new Set<string>();
	const first = gateway.reads + 1;
	// Among the newest 2,000 (page 1), after page 1 was read: the rest of the list moves up by 10.
	gateway.careless.beforeRead = (read) => {
		if (read === first + 1) for (const id of gateway.delete(gateway.messages.length - 500, 10)) gone.add(id);
	};
	const emitted = [...ids(await trigger.poll()), ...ids(await trigger.poll()), ...ids(await trigger.poll())];
	expect(gone.size).toBe(10);
	expect(emitted).toEqual(added.filter((id) => !gone.has(id) || emitted.includes(id)));
	expect(added.filter((id) => !gone.has(id) && !emitted.includes(id))).toEqual([]);
});

test('a poll that outlasts the next one (a slow gateway): each message emitted once', async () => {
	await careless({ order: 'oldestFirst', total: 'true' });
	const trigger = await activeOn();
	const added = gateway.receive('New', 700);
	gateway.careless.latencyMs = 300;
	const [one, two] = await Promise.all([
		trigger.poll(),
		new Promise((resolve) => setTimeout(resolve, 100)).then(() => trigger.poll()),
	]);
	gateway.careless.latencyMs = 0;
	const emitted = [...ids(one), ...ids(two), ...ids(await trigger.poll())];
	expect(emitted).toEqual(added);
});

describe('Get Many (Inbox) with Return All', () => {
	const readAll = { resource: 'inbox', operation: 'getAll', returnAll: true, filters: {} };

	test.each([['zero' as const], ['shown' as const]])(
		'over 5,000 records whose total lies (%s): all 5,000, never 2,000 in silence',
		async (total) => {
			await careless({ order: 'oldestFirst', total });
			const added = gateway.receive('Message', 5000);
			const run = await runAction(readAll, [{}], gateway.credentials);
			if (run.error)
				expect(`${run.error.message}. ${run.error.description}`).toMatch(
					/^Could not read \/v1\/message\/inbox: it did not end after \d+ pages\. Page 1 counted fewer records\./,
				);
			else expect(ids(run.items)).toEqual(added);
		},
	);

	test('a list that grows between two page reads (newest first): no record output twice', async () => {
		await careless({ order: 'newestFirst', total: 'true' });
		const before = gateway.receive('Message', 4500);
		gateway.careless.beforeRead = (read) => {
			if (read === 2) gateway.receive('Meanwhile', 5);
		};
		const run = await runAction(readAll, [{}], gateway.credentials);
		expect(run.error).toBeUndefined();
		const output = ids(run.items);
		expect(new Set(output).size).toBe(output.length);
		expect([...before].reverse().filter((id) => !output.includes(id))).toEqual([]);
	});
});

/** Records deleted near page 1 move the rest towards it, past a reader that goes on where it stopped: an error naming why, never a short list. */
describe('Get Many (Inbox) with Return All, records deleted during the read', () => {
	const readAll = { resource: 'inbox', operation: 'getAll', returnAll: true, filters: {} };

	test('pages cut at 1,000 and the first 1,000 deleted before the read that confirms the end: an error, not 1,000 records of 1,500', async () => {
		await careless({ order: 'oldestFirst', total: 'none', cap: 1000 });
		gateway.receive('Message', 1500);
		gateway.careless.beforeRead = (read) => {
			if (read === 2) gateway.delete(0, 1000);
		};
		const run = await runAction(readAll, [{}], gateway.credentials);
		expect(run.error?.message).toMatch(/^Could not read \/v1\/message\/inbox: page \d+ \(of \d+\) came back empty$/);
		expect(run.error?.description).toMatch(
			/^It should repeat the records read before it\. Records were deleted meanwhile: run it again\. /,
		);
	});

	test('an empty page 3 where page 1 counted 6,000 (2,000 deleted meanwhile): an error, not 4,000 records', async () => {
		await careless({ order: 'oldestFirst', total: 'true' });
		gateway.receive('Message', 6000);
		gateway.careless.beforeRead = (read) => {
			if (read === 3) gateway.delete(0, 2000);
		};
		const run = await runAction(readAll, [{}], gateway.credentials);
		expect(run.error?.message).toMatch(
			/^Could not read \/v1\/message\/inbox: page (\d+) \(of \d+\) does not go on from page \d+$/,
		);
		expect(run.error?.description).toMatch(
			/^It should go on from the records read before it\. Records were deleted meanwhile/,
		);
	});

	test.each([['triple' as const], ['true' as const]])(
		'a total of %s over 4,000 records (2 full pages): every record once',
		async (total) => {
			await careless({ order: 'newestFirst', total });
			const added = gateway.receive('Message', 4000);
			const run = await runAction(readAll, [{}], gateway.credentials);
			expect(run.error).toBeUndefined();
			expect(ids(run.items)).toEqual([...added].reverse());
			// Page 3 comes back empty; where a total counts more than was read, one read that overlaps page 2 confirms the end.
			expect(gateway.reads).toBe(total === 'triple' ? 4 : 3);
		},
	);
});
