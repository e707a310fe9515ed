/**
 * Messaging Gateway Trigger → Opt-Out Keywords: the gateway is answered within the trigger's time budget
 * however slow the opt-out request (which goes on after the answer), no Help Reply to a number known to be
 * opted out, and the Help Reply field. n8n-core's WebhookContext, the emulator as the gateway.
 */
import type { INodeProperties } from 'n8n-workflow';

import { TRIGGER_PROPERTIES } from '../../nodes/MessagingGateway/webhookTrigger/description';
import { loggedText, post } from '../support/trigger-helpers';
import { keywordTriggerKit } from '../support/keyword-trigger';

const kit = keywordTriggerKit('wh_budget');
const { trigger, incoming, control, optOutRequests, optOutList } = kit;

/** Polls `check` until it holds or `ms` pass. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
	for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200)))
		if (await check()) return true;
	return check();
}

test('a gateway that never answers the opt-out request: the webhook answered within 5 s (pending), the STOP still reaches the list', async () => {
	const server = await trigger();
	await control('POST', '/emulator/faults', { status: 'hang', path: '/v1/optouts' });
	const event = incoming('STOP', '31612340020');
	const started = Date.now();
	const call = await server.call(post(JSON.stringify(event)));
	expect(Date.now() - started).toBeLessThan(5_000);
	expect(call.status).toBe(200);
	expect(call.items?.[0]).toMatchObject({ keyword: 'stop', optOut: 'pending' });
	// The gateway delivers the event again meanwhile: no second request while the first goes on.
	const again = await server.call(post(JSON.stringify(event)));
	expect(again.items?.[0]).toMatchObject({ keyword: 'stop', optOut: 'pending' });
	// The hung try times out and is asked again, after the answer.
	expect(await eventually(async () => (await optOutList()).includes('31612340020'), 20_000)).toBe(true);
	expect(optOutRequests()).toHaveLength(2);
	const third = await server.call(post(JSON.stringify(event)));
	expect(third.items?.[0]).toMatchObject({ keyword: 'stop', optOut: 'added' });
	expect(optOutRequests()).toHaveLength(2);
});

test('an opt-out request that fails after the answer: logged as a warning, nothing thrown', async () => {
	const server = await trigger();
	await control('PUT', '/emulator/settings', { apiLatencyMs: 4_000 });
	await control('POST', '/emulator/faults', { status: 400, path: '/v1/optouts' });
	const call = await server.call(post(JSON.stringify(incoming('STOP', '31612340021'))));
	expect(call.items?.[0]).toMatchObject({ keyword: 'stop', optOut: 'pending' });
	const logged = () =>
		/could not put the sender of the inbox_message wh_budget_\d+ on the opt-out list/.test(loggedText());
	expect(await eventually(async () => logged(), 10_000)).toBe(true);
});

test('HELP from a number on the opt-out list: refused with 131 once, then never tried again', async () => {
	const server = await trigger({ helpReply: 'Shop alerts. Reply STOP to opt out.' });
	await control('POST', '/emulator/optouts', { number: '31612340022' });
	const replies = [];
	for (const content of ['HELP', 'help', 'INFO'])
		replies.push((await server.call(post(JSON.stringify(incoming(content, '31612340022'))))).items?.[0].helpReply);
	expect(replies).toEqual(['optedOut', 'optedOut', 'optedOut']);
	expect(kit.emulator().requests.filter((request) => request.path === '/v1/message/send')).toHaveLength(1);
	expect(kit.emulator().messages).toHaveLength(0);
});

test('HELP after a STOP from the same number: no Help Reply attempted; after a START it is tried again', async () => {
	const server = await trigger({ helpReply: 'Shop alerts. Reply STOP to opt out.' });
	await server.call(post(JSON.stringify(incoming('STOP', '31612340023'))));
	const help = await server.call(post(JSON.stringify(incoming('HELP', '31612340023'))));
	expect(help.items?.[0]).toMatchObject({ keyword: 'help', helpReply: 'optedOut' });
	expect(kit.emulator().requests.filter((request) => request.path === '/v1/message/send')).toHaveLength(0);
	await server.call(post(JSON.stringify(incoming('START', '31612340023'))));
	const after = await server.call(post(JSON.stringify(incoming('HELP', '31612340023'))));
	// Still on the emulator's list (the API cannot take it off): tried, refused with 131.
	expect(after.items?.[0]).toMatchObject({ keyword: 'help', helpReply: 'optedOut' });
	expect(kit.emulator().requests.filter((request) => request.path === '/v1/message/send')).toHaveLength(1);
});

test('Help Reply is a text of several lines in every version that offers it, its example short enough to show whole', () => {
	const helpReplies = TRIGGER_PROPERTIES.flatMap((property) => property.options ?? []).filter(
		(option): option is INodeProperties => 'name' in option && option.name === 'helpReply',
	);
	expect(helpReplies.length).toBeGreaterThanOrEqual(2);
	for (const helpReply of helpReplies) {
		expect(helpReply.typeOptions?.rows).toBeGreaterThanOrEqual(2);
		// n8n's parameter panel shows about 40 characters per line at its default width; the example fits on the rows given.
		expect((helpReply.placeholder ?? '').length).toBeLessThanOrEqual(40 * (helpReply.typeOptions?.rows ?? 1));
	}
});
