/**
 * Messaging Gateway Trigger → Opt-Out Keywords (on by default from node version 3): signed requests
 * through n8n-core's WebhookContext, the gateway's API being the emulator. The answer's time budget and
 * the Help Reply to opted-out numbers: trigger-keywords-budget.test.ts.
 */
import { loggedText, post } from '../support/trigger-helpers';
import { keywordTriggerKit } from '../support/keyword-trigger';
import { itemOf } from '../fixtures/spec-events';

const kit = keywordTriggerKit('wh_keywords');
const { trigger, incoming, control, optOutRequests, optOutList } = kit;

test('STOP delivered 3 times (twice at once): one opt-out request, the number on the list, each item says added', async () => {
	const server = await trigger();
	const body = JSON.stringify(incoming('Stop.', '31612340001'));
	const calls = await Promise.all([server.call(post(body)), server.call(post(body))]);
	calls.push(await server.call(post(body)));
	expect(optOutRequests()).toHaveLength(1);
	expect(JSON.parse(optOutRequests()[0].body)).toEqual({ number: '31612340001' });
	expect(await optOutList()).toEqual(['31612340001']);
	for (const call of calls) {
		expect(call.status).toBe(200);
		expect(call.items).toEqual([expect.objectContaining({ keyword: 'stop', optOut: 'added' })]);
	}
});

test.each([
	'STOP',
	'stopall',
	'UNSUBSCRIBE',
	'cancel',
	'End',
	'QUIT',
	'opt-out',
	'OPTOUT',
	'Revoke',
	'Arrêt',
	'STOPP',
	'afmelden',
	'Abmelden',
	'BAJA',
	' stop! ',
])('%j is an opt-out keyword', async (content) => {
	const server = await trigger();
	const call = await server.call(post(JSON.stringify(incoming(content, '31612340002'))));
	expect(call.items?.[0]).toMatchObject({ keyword: 'stop', optOut: 'added' });
	expect(optOutRequests()).toHaveLength(1);
});

test('a second STOP (another event) from a number on the list: one more request, answered 131, the item says alreadyOnList', async () => {
	const server = await trigger();
	await server.call(post(JSON.stringify(incoming('STOP', '31612340003'))));
	const again = await server.call(post(JSON.stringify(incoming('stop', '31612340003'))));
	expect(optOutRequests().map((request) => request.status)).toEqual([200, 400]);
	expect(again.items?.[0]).toMatchObject({ keyword: 'stop', optOut: 'alreadyOnList' });
});

test('the opt-out request is refused (400): logged, the item says failed, the gateway still gets its 200', async () => {
	const server = await trigger();
	await control('POST', '/emulator/faults', { status: 400 });
	const call = await server.call(post(JSON.stringify(incoming('STOP', '31612340004'))));
	expect(call.status).toBe(200);
	expect(call.items?.[0]).toMatchObject({ keyword: 'stop', optOut: 'failed' });
	expect(loggedText()).toMatch(
		/could not put the sender of the inbox_message wh_keywords_\d+ on the opt-out list: Emulated fault: HTTP 400/,
	);
});

test('the opt-out request answered 500 once: asked again (adding twice is harmless), the number on the list', async () => {
	const server = await trigger();
	await control('POST', '/emulator/faults', { status: 500, path: '/v1/optouts' });
	const call = await server.call(post(JSON.stringify(incoming('STOP', '31612340018'))));
	expect(call.items?.[0]).toMatchObject({ keyword: 'stop', optOut: 'added' });
	expect(optOutRequests().map((request) => request.status)).toEqual([500, 200]);
	expect(await optOutList()).toEqual(['31612340018']);
});

test.each(['STOP STOP', 'stop\nstop', 'Stop.\r\nUnsubscribe'])(
	'%j (a keyword repeated, on several lines) acts: the number on the list',
	async (content) => {
		const server = await trigger();
		const call = await server.call(post(JSON.stringify(incoming(content, '31612340019'))));
		expect(call.items?.[0]).toMatchObject({ keyword: 'stop', optOut: 'added' });
		expect(await optOutList()).toEqual(['31612340019']);
	},
);

test('"stop texting me" and "please STOP" are no keyword: nothing is done, the item says possibleOptOut', async () => {
	const server = await trigger();
	for (const content of ['stop texting me', 'please STOP']) {
		const call = await server.call(post(JSON.stringify(incoming(content, '31612340005'))));
		expect(call.items?.[0]).toMatchObject({ possibleOptOut: true });
		expect(call.items?.[0]).not.toHaveProperty('keyword');
	}
	const plain = await server.call(post(JSON.stringify(incoming('Where is my order?', '31612340005'))));
	expect(plain.items?.[0]).not.toHaveProperty('possibleOptOut');
	expect(optOutRequests()).toHaveLength(0);
});

test('HELP with a Help Reply: answered once per number in 24 hours, from the number it reached', async () => {
	const server = await trigger({ helpReply: 'Shop alerts. Reply STOP to opt out.' });
	const first = await server.call(post(JSON.stringify(incoming('HELP', '31612340006'))));
	const second = await server.call(post(JSON.stringify(incoming('info', '31612340006'))));
	expect(first.items?.[0]).toMatchObject({ keyword: 'help', helpReply: 'sent' });
	expect(second.items?.[0]).toMatchObject({ keyword: 'help', helpReply: 'sentEarlier' });
	expect(kit.emulator().messages.map((message) => [message.to, message.sender, message.content])).toEqual([
		['31612340006', '3197010000001', 'Shop alerts. Reply STOP to opt out.'],
	]);
});

test('HELP without a Help Reply, and START: marked, nothing sent or requested', async () => {
	const server = await trigger();
	expect((await server.call(post(JSON.stringify(incoming('Help', '31612340007'))))).items?.[0]).toMatchObject({
		keyword: 'help',
	});
	const start = await server.call(post(JSON.stringify(incoming('UNSTOP', '31612340007'))));
	expect(start.items?.[0]).toMatchObject({ keyword: 'start' });
	expect(start.items?.[0]).not.toHaveProperty('optOut');
	expect(kit.emulator().requests).toHaveLength(0);
});

test('an opt-out counts whatever the Events selection: STOP to a trigger of delivery reports only', async () => {
	const server = await trigger({}, 3, ['delivery_report']);
	const call = await server.call(post(JSON.stringify(incoming('STOP', '31612340008'))));
	expect(call.items).toBeUndefined();
	expect(await optOutList()).toEqual(['31612340008']);
});

test('an unsigned request (Accept Unsigned Requests) is not acted on', async () => {
	const server = await trigger({ acceptUnsigned: true }, 3, ['inbox_message'], '');
	const body = JSON.stringify(incoming('STOP', '31612340009'));
	const call = await server.call({ body, headers: { 'Content-Type': 'application/json' } });
	expect(call.items?.[0]).toMatchObject({ keyword: 'stop' });
	expect(call.items?.[0]).not.toHaveProperty('optOut');
	expect(optOutRequests()).toHaveLength(0);
	expect(loggedText()).toContain('the request is unsigned');
});

test('versions 1 and 2 keep their behaviour (no keyword fields, no request) unless the option is on', async () => {
	for (const version of [1, 2]) {
		const server = await trigger({}, version);
		const event = incoming('STOP', `3161234001${version}`);
		expect((await server.call(post(JSON.stringify(event))))?.items).toEqual([itemOf(event)]);
	}
	expect(optOutRequests()).toHaveLength(0);
	const on = await trigger({ optOutKeywords: true }, 2);
	expect((await on.call(post(JSON.stringify(incoming('STOP', '31612340013'))))).items?.[0]).toMatchObject({
		keyword: 'stop',
		optOut: 'added',
	});
	const off = await trigger({ optOutKeywords: false }, 3);
	const event = incoming('STOP', '31612340014');
	expect((await off.call(post(JSON.stringify(event)))).items).toEqual([itemOf(event)]);
	expect(optOutRequests()).toHaveLength(1);
});

test('emulator setting optOutKeywords: an incoming STOP puts the sender on its list and fires add_optout', async () => {
	await control('PUT', '/emulator/settings', { optOutKeywords: true });
	await control('POST', '/emulator/inbound', { from: '31612340015', content: 'Stop' });
	await control('POST', '/emulator/inbound', { from: '31612340016', content: 'stop texting me' });
	expect(await optOutList()).toEqual(['31612340015']);
	const events = await control<Array<{ event: { optout: { number: string; memo: string } } }>>(
		'GET',
		'/emulator/events?type=add_optout',
	);
	expect(events.map((entry) => entry.event.optout)).toEqual([
		expect.objectContaining({ number: '31612340015', memo: 'Replied Stop' }),
	]);
});

test('emulator default: an incoming STOP changes nothing at the gateway (left to the trigger)', async () => {
	await control('POST', '/emulator/inbound', { from: '31612340017', content: 'STOP' });
	expect(await optOutList()).toEqual([]);
});
