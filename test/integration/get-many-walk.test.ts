/**
 * Get Many (Inbox, Return All; n8n-core's WorkflowExecute) against a careless gateway over HTTP
 * (test/harness/careless-gateway.ts) where records are deleted while the list is read. Expected
 * (docs/inbox-and-history.md#paging): every record once, or an error naming why; never a short list in
 * silence. Records deleted near page 1 move the rest towards it, past a reader that goes on where it stopped.
 */
import { CarelessGateway, type Carelessness } from '../harness/careless-gateway';
import { runAction } from '../harness/run';

const readAll = { resource: 'inbox', operation: 'getAll', returnAll: true, filters: {} };
const ids = (items: { json: Record<string, unknown> }[]) => items.map((item) => String(item.json.ID));

let gateway: CarelessGateway;
async function careless(careless: Carelessness) {
	gateway = await new CarelessGateway(careless).start();
	return gateway;
}
afterEach(() => gateway?.close());

test('pages cut at 1,000 and the first 1,000 deleted before the read that confirms the end: an error, not 1,000 records of 1,500', async () => {
	await careless({ order: 'oldestFirst', total: 'none', cap: 1000 });
	gateway.receive('Message', 1500);
	gateway.careless.beforeRead = (read) => {
		if (read === 2) gateway.delete(0, 1000);
	};
	const run = await runAction(readAll, [{}], gateway.credentials);
	expect(run.error?.message).toMatch(
		/^The gateway's list \/v1\/message\/inbox could not be read: page \d+ \(of \d+\) came back empty where it should repeat the records read before it: records were deleted meanwhile\. Run it again$/,
	);
});

test('an empty page 3 where page 1 counted 6,000 (2,000 deleted meanwhile): an error, not 4,000 records', async () => {
	await careless({ order: 'oldestFirst', total: 'true' });
	gateway.receive('Message', 6000);
	gateway.careless.beforeRead = (read) => {
		if (read === 3) gateway.delete(0, 2000);
	};
	const run = await runAction(readAll, [{}], gateway.credentials);
	expect(run.error?.message).toMatch(/could not be read: page \d+ \(of \d+\) does not go on from the records read before it: records were deleted meanwhile/);
});

test.each([['triple' as const], ['true' as const]])('a total of %s over 4,000 records (2 full pages): every record once', async (total) => {
	await careless({ order: 'newestFirst', total });
	const added = gateway.receive('Message', 4000);
	const run = await runAction(readAll, [{}], gateway.credentials);
	expect(run.error).toBeUndefined();
	expect(ids(run.items)).toEqual([...added].reverse());
	// Page 3 comes back empty; where a total counts more than was read, one read that overlaps page 2 confirms the end.
	expect(gateway.reads).toBe(total === 'triple' ? 4 : 3);
});
