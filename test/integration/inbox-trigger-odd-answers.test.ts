/**
 * The Inbox Trigger (n8n-core's real PollContext) and Inbox → Get Many against a careless gateway over HTTP
 * (test/support/careless-gateway.ts) whose answers are odd rather than short: a `type` filter it ignores, one
 * message with an outsized ID, and the same account's Base URL spelled another way in the credential.
 * Expected (docs/inbox-trigger.md): only messages of the filtered type, each later message emitted despite
 * the outsized ID (left out with a warning), and the same account's mark kept.
 */
import { CarelessGateway } from '../support/careless-gateway';
import { ActiveInboxTrigger } from '../support/poll';
import { runAction } from '../support/run';
import { catchLogLines } from '../support/n8n-logger';

const ids = (items: { json: Record<string, unknown> }[]) => items.map((item) => String(item.json.ID));
let gateway: CarelessGateway;
afterEach(() => gateway?.close());

test('a gateway that ignores ?type=: an SMS trigger and Get Many give SMS only', async () => {
	gateway = await new CarelessGateway({ order: 'newestFirst', total: 'true', ignoreType: true }).start();
	gateway.receive('Old', 10);
	const trigger = new ActiveInboxTrigger({ filters: { type: 'sms' } }, gateway.credentials);
	await trigger.activate();
	const sms = gateway.receive('SMS', 3);
	gateway.receive('WhatsApp', 2, 'whatsapp');
	gateway.receive('Call', 2, 'call');
	const more = gateway.receive('SMS later', 2);
	expect(ids(await trigger.poll())).toEqual([...sms, ...more]);
	const run = await runAction(
		{ resource: 'inbox', operation: 'getAll', returnAll: true, filters: { type: 'sms' } },
		[{}],
		gateway.credentials,
	);
	expect(run.items.map((item) => item.json.type)).toEqual(Array.from({ length: 15 }, () => 'sms'));
});

test('one message with an outsized ID: left out with a warning; the messages after it are emitted', async () => {
	gateway = await new CarelessGateway({ order: 'oldestFirst', total: 'true' }).start();
	gateway.receive('Old', 10);
	const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
	await trigger.activate();
	const before = gateway.receive('New', 3);
	gateway.receive('Odd', 1);
	gateway.messages[gateway.messages.length - 1].ID = '99999999999999999999';
	const logged = catchLogLines();
	const first = await trigger.poll().finally(logged.stop);
	expect(ids(first)).toEqual(before);
	expect(logged.of('warn', 'far beyond')).toEqual([expect.stringContaining('99999999999999999999')]);
	const later = gateway.receive('Later', 5);
	expect(ids(await trigger.poll())).toEqual(later);
});

test.each([['HTTP://127.0.0.1:PORT'], ['http://127.0.0.1:PORT/'], ['http://127.0.0.1:PORT//']])(
	'the same account with its Base URL spelled %s: the mark is kept, the messages between are emitted',
	async (spelling) => {
		gateway = await new CarelessGateway({ order: 'oldestFirst', total: 'true' }).start();
		gateway.receive('Old', 10);
		const trigger = new ActiveInboxTrigger({ filters: {} }, gateway.credentials);
		await trigger.activate();
		const between = gateway.receive('Between', 4);
		const port = new URL(gateway.credentials.baseUrl).port;
		const respelled = new ActiveInboxTrigger(
			{ filters: {} },
			{ ...gateway.credentials, baseUrl: spelling.replace('PORT', port) },
		);
		respelled.saved = trigger.saved;
		const logged = catchLogLines();
		const emitted = await respelled.activate('init').finally(logged.stop);
		expect(logged.of('warn', 'starts afresh')).toEqual([]);
		expect(ids(emitted)).toEqual(between);
	},
);
