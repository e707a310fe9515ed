import { filterSenderIds, parseSenderIds } from '../../../../nodes/MessagingGateway/core/sending/senderids';

// The answer of GET /v1/senderids is not documented: every shape a gateway plausibly gives is read.
test.each([
	['a list of names', ['Shop', 'Alerts'], [{ sender: 'Shop' }, { sender: 'Alerts' }]],
	['numbers as numbers', [3197010000001], [{ sender: '3197010000001' }]],
	[
		'objects under one key',
		{ senderids: [{ senderid: 'Shop', status: 'approved' }] },
		[{ sender: 'Shop', detail: 'approved' }],
	],
	[
		'other field names',
		{ data: [{ sender_id: 'A' }, { sender: 'B' }, { name: 'C', type: 'alphanumeric' }] },
		[{ sender: 'A' }, { sender: 'B' }, { sender: 'C', detail: 'alphanumeric' }],
	],
	['entries without a name are skipped', [{ status: 'pending' }, '', null, 'Shop'], [{ sender: 'Shop' }]],
	['no list at all', { success: true }, []],
	['not an object', 'Shop', []],
])('%s', (_, response, expected) => {
	expect(parseSenderIds(response)).toEqual(expected);
});

test('the filter matches anywhere in the name, in any letter case, and keeps the order', () => {
	const senders = [{ sender: 'Shop' }, { sender: 'Alerts' }, { sender: 'ShopNL' }];
	expect(filterSenderIds(senders, 'SHOP')).toEqual([{ sender: 'Shop' }, { sender: 'ShopNL' }]);
	expect(filterSenderIds(senders, '  ')).toEqual(senders);
	expect(filterSenderIds(senders, undefined)).toEqual(senders);
});
