/** The Sender of Send SMS (node version 2) and the Sender list search (LoadOptionsContext), against the emulator (the other vendor operations: vendor-operations.test.ts). */
import { NodeApiError, type IDataObject } from 'n8n-workflow';
import { runAction, searchList } from '../support/run';
import { MessagingGateway } from '../../nodes/MessagingGateway/MessagingGateway.node';
import { emulator, credentials, control, requestLine, withAuth, wrongSecret } from '../support/vendor-operations-setup';

describe('Send: the Sender (node version 2)', () => {
	const send = (sender: string | IDataObject) => ({
		resource: 'message',
		operation: 'send',
		sender,
		to: '31612345678',
		message: 'Hello',
	});
	const sentSender = () =>
		JSON.parse(emulator.requests.find((request) => request.path === '/v1/message/send')!.body).sender;

	test('picked from the list', async () => {
		const run = await runAction(
			send({ __rl: true, mode: 'list', value: 'Alerts', cachedResultName: 'Alerts' }),
			[{}],
			credentials,
		);
		expect(run.error).toBeUndefined();
		expect(sentSender()).toBe('Alerts');
		expect(run.items[0].json.sender).toBe('Alerts');
	});

	test('by value, also one not in the list; no sender ID request is made', async () => {
		const run = await runAction(send({ __rl: true, mode: 'id', value: 'NewBrand' }), [{}], credentials);
		expect(run.error).toBeUndefined();
		expect(requestLine().map((request) => request.path)).toEqual(['/v1/message/send']);
		expect(sentSender()).toBe('NewBrand');
	});

	test('an expression in the value is resolved per item', async () => {
		const run = await runAction(
			send({ __rl: true, mode: 'id', value: '={{ $json.brand }}' }),
			[{ brand: 'Shop' }, { brand: 'Alerts' }],
			credentials,
		);
		expect(run.items.map((item) => [item.json.sender, item.pairedItem])).toEqual([
			['Shop', { item: 0 }],
			['Alerts', { item: 1 }],
		]);
	});

	test('the checks of the sender still apply', async () => {
		const run = await runAction(send({ __rl: true, mode: 'id', value: 'TwelveChars1' }), [{}], credentials);
		expect(run.error?.message).toContain('Sender: the sender name "TwelveChars1" has 12 characters');
		expect(emulator.requests).toHaveLength(0);
	});

	test('version 1 keeps the plain text field of saved workflows', async () => {
		const run = await runAction(send('Shop'), [{}], credentials, { typeVersion: 1 });
		expect(run.error).toBeUndefined();
		expect(sentSender()).toBe('Shop');
	});
});

describe('Sender list search (LoadOptionsContext)', () => {
	const parameters = { resource: 'message', operation: 'send', sender: { __rl: true, mode: 'list', value: '' } };

	test("lists the account's sender IDs from GET /v1/senderids with the credential's headers", async () => {
		const result = await searchList('searchSenderIds', parameters, credentials);
		expect(requestLine()).toEqual([withAuth({ method: 'GET', path: '/v1/senderids' })]);
		expect(result).toEqual({
			results: [
				{ name: 'Shop', value: 'Shop', description: 'approved' },
				{ name: 'Alerts', value: 'Alerts', description: 'approved' },
				{ name: '3197010000001', value: '3197010000001', description: 'approved' },
			],
		});
	});

	test('the filter keeps senders containing it, in any letter case', async () => {
		expect(
			(await searchList('searchSenderIds', parameters, credentials, { filter: 'AL' })).results.map(
				(entry) => entry.value,
			),
		).toEqual(['Alerts']);
		expect(
			(await searchList('searchSenderIds', parameters, credentials, { filter: '3197' })).results.map(
				(entry) => entry.value,
			),
		).toEqual(['3197010000001']);
	});

	test("Send and Wait's list offers only the numbers, the senders a reply can reach; its Sender field asks that list", async () => {
		const question = { resource: 'message', operation: 'sendAndWait', sender: { __rl: true, mode: 'list', value: '' } };
		expect(await searchList('searchReplySenderIds', question, credentials)).toEqual({
			results: [{ name: '3197010000001', value: '3197010000001', description: 'approved' }],
		});
		const senderOf = (operation: string) =>
			new MessagingGateway().description.properties.find(
				(property) =>
					property.name === 'sender' &&
					property.type === 'resourceLocator' &&
					property.displayOptions?.show?.operation?.includes(operation),
			);
		expect(senderOf('sendAndWait')?.modes?.[0].typeOptions?.searchListMethod).toBe('searchReplySenderIds');
		expect(senderOf('send')?.modes?.[0].typeOptions?.searchListMethod).toBe('searchSenderIds');
	});

	test('a list the gateway will not give is a NodeApiError with its code; sending by value is unaffected', async () => {
		const error = await searchList('searchSenderIds', parameters, wrongSecret()).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toBe('Invalid credentials (gateway code 104)');
		// A read is tried again after a 500 (it changes nothing at the gateway): three 500s make it fail.
		await control('POST', '/emulator/faults', { status: 500, count: 3 });
		const failed = await searchList('searchSenderIds', parameters, credentials).catch((caught: unknown) => caught);
		expect((failed as NodeApiError).message).toBe('The gateway answered HTTP 500 (a failure on its side), 3 tries');
		const run = await runAction(
			{
				resource: 'message',
				operation: 'send',
				sender: { __rl: true, mode: 'id', value: 'Shop' },
				to: '31612345678',
				message: 'Hi',
			},
			[{}],
			credentials,
		);
		expect(run.error).toBeUndefined();
		expect(run.items[0].json.messageid).toEqual(expect.any(String));
	});
});
