/**
 * A soak of the Inbox Trigger in n8n-core's real PollContext (test/support/poll.ts) against a careless
 * gateway over HTTP (test/support/careless-gateway.ts): 50 polls while 30,000 messages arrive, 100 and 1,100
 * before each poll in turn, in both list orders. The gateway's `total` lies differently on every read (0, the page's own
 * count, three times the truth, none), it cuts pages at 1,000, 400 or 250 on most polls, it deletes messages between
 * two reads (a few, and now and then more than a read overlaps), it answers late, and some polls start
 * while the one before still runs. Expected (docs/inbox-trigger.md): 0 lost (every message not deleted is
 * emitted), 0 emitted twice, oldest first; every failed poll an error that names its cause.
 */
import { CarelessGateway, type Carelessness } from '../support/careless-gateway';
import { ActiveInboxTrigger } from '../support/poll';

const POLLS = 50;
const PER_POLL = 600;
/** The causes a poll may fail with, as docs/inbox-trigger.md#errors names them. */
const NAMED_CAUSES = [
	/does not repeat the last message read\. It should hold again the last message read before it \(ID \d+\)\. Messages were deleted between two reads/,
	/came back empty\. It should repeat the last message read\. Messages were deleted between two reads/,
	// Oldest first, a page 1 without a total: the newest end is more than 20,000 messages on (docs/inbox-trigger.md#bounds).
	/The gateway lists this inbox oldest first, and 20000 messages read from its oldest did not reach its newest message/,
];

/** A fixed sequence of pseudo-random numbers in [0, 1), so every run is the same run. */
function random(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
		return state / 2 ** 31;
	};
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TOTALS: Carelessness['total'][] = ['true', 'zero', 'shown', 'none', 'triple'];

async function soak(order: Carelessness['order']) {
	const next = random(order === 'oldestFirst' ? 7 : 11);
	const gateway = await new CarelessGateway({ order, total: 'true', latencyMs: 2 }).start();
	const deleted = new Set<string>();
	try {
		gateway.receive('Old', 2500);
		const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
		await trigger.activate();
		const added: string[] = [];
		const emitted: string[] = [];
		const failures: string[] = [];
		// Anywhere in the inbox, or among the newest 3,000 (where a poll reads).
		const deleteSome = (count: number) => {
			const from = next() < 0.5 ? 0 : Math.max(0, gateway.messages.length - 3000);
			for (let i = 0; i < count; i++)
				for (const id of gateway.delete(from + Math.floor(next() * (gateway.messages.length - from)), 1))
					deleted.add(id);
		};
		gateway.careless.beforeRead = () => {
			gateway.careless.total = TOTALS[Math.floor(next() * TOTALS.length)];
			const chance = next();
			if (chance < 0.15) deleteSome(1 + Math.floor(next() * 20));
			else if (chance < 0.2) deleteSome(150);
		};
		const pollOnce = async () => {
			try {
				emitted.push(...(await trigger.poll()).map((item) => String(item.json.ID)));
			} catch (error) {
				const { message, description } = error as Error & { description?: string };
				failures.push(`${message}. ${description ?? ''}`);
			}
		};
		for (let poll = 0; poll < POLLS; poll++) {
			// 100 and 1,100 in turn: 600 a poll on average.
			added.push(...gateway.receive(`Poll ${poll}`, poll % 2 === 0 ? PER_POLL - 500 : PER_POLL + 500));
			// A gateway that cuts its pages at 1,000, 400 or 250 on most polls (the same on every read of a poll).
			gateway.careless.cap = [1000, 400, 250, undefined][Math.floor(next() * 4)];
			gateway.careless.capPages = next() < 0.5 ? 'asked' : 'own';
			// Now and then the next poll starts while this one runs.
			if (next() < 0.1) await Promise.all([pollOnce(), wait(3).then(pollOnce)]);
			else await pollOnce();
		}
		// The gateway calms down: the backlog the per-poll cap and the failed polls left comes on the next polls.
		Object.assign(gateway.careless, { beforeRead: undefined, cap: undefined, total: 'true' });
		for (let drain = 0; drain < 40; drain++) {
			const before = emitted.length;
			await pollOnce();
			if (emitted.length === before) break;
		}
		return { added, emitted, failures, deleted, reads: gateway.reads };
	} finally {
		await gateway.close();
	}
}

test.each([['oldestFirst' as const], ['newestFirst' as const]])(
	'listed %s: 50 polls, 30,000 messages: 0 lost, 0 twice, every refusal named',
	async (order) => {
		const started = Date.now();
		const { added, emitted, failures, deleted, reads } = await soak(order);
		const unique = new Set(emitted);
		const lost = added.filter((id) => !deleted.has(id) && !unique.has(id));
		const counts = {
			messages: added.length,
			deleted: [...deleted].filter((id) => added.includes(id)).length,
			emitted: emitted.length,
			lost: lost.length,
			twice: emitted.length - unique.size,
			failedPolls: failures.length,
			reads,
		};
		process.stdout.write(
			`soak ${order}: ${JSON.stringify(counts)} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
		);
		expect(added).toHaveLength(POLLS * PER_POLL);
		expect(lost).toEqual([]);
		expect(counts.twice).toBe(0);
		expect(emitted).toEqual([...emitted].sort((a, b) => Number(a) - Number(b)));
		expect(failures.filter((failure) => !NAMED_CAUSES.some((cause) => cause.test(failure)))).toEqual([]);
	},
	120_000,
);
