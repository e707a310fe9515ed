/** Quiet Hours (node version 4) with a fixed clock against the emulator: where the zone comes from, voice and group sends, node version 3, the broadcast example (the rules behind the expected times: quiet-hours.test.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import { QUIET_HOURS_OPTION } from '../../nodes/MessagingGateway/actions/message/send/quiet-hours-option';
import { emulator, fixClock, send, run, sends, api } from '../support/quiet-hours-setup';

test('the zone comes from the item, else the number (area code, country), else the account', async () => {
	fixClock('2026-03-10T02:30:00Z');
	const items = [
		{ to: '12125550100', tz: 'Asia/Tokyo' },
		{ to: '12125550100', tz: '' },
		{ to: '32470123456', tz: '' },
		{ to: '61851100123', tz: '' },
	];
	const { items: out } = await run(send('={{ $json.to }}', { timeZoneField: '={{ $json.tz }}' }), {}, items);
	expect(out.map((item) => [item.json.timeZone, item.json.timeZoneSource, item.json.date])).toEqual([
		['Asia/Tokyo', 'item', undefined],
		['America/New_York', 'areaCode', '2026-03-10 13:00'],
		['Europe/Brussels', 'country', '2026-03-10 08:00'],
		['Europe/Brussels', 'account', '2026-03-10 08:00'],
	]);
});

test('area codes in two zones: 850-230 (Central) at 07:00 local and 423-232 (Eastern) at 21:30 local wait for 08:00 local', async () => {
	// 10 March 2026: Chicago UTC−5, New York UTC−4, Brussels UTC+1 (NANPA: 850-230 Panama City Beach, 423-232 Johnson City).
	fixClock('2026-03-10T12:00:00Z');
	const central = await run(send('+1 850 230 1234'));
	fixClock('2026-03-11T01:30:00Z');
	const eastern = await run(send('+1 423 232 1234'));
	expect([central.items[0].json, eastern.items[0].json]).toEqual([
		expect.objectContaining({
			timeZone: 'America/Chicago',
			localTime: '2026-03-10T07:00:00-05:00',
			deferredTo: '2026-03-10T08:00:00-05:00',
			date: '2026-03-10 14:00',
		}),
		expect.objectContaining({
			timeZone: 'America/New_York',
			localTime: '2026-03-10T21:30:00-04:00',
			deferredTo: '2026-03-11T08:00:00-04:00',
			date: '2026-03-11 13:00',
		}),
	]);
	expect(sends().map((body) => [body.to, body.date])).toEqual([
		['18502301234', '2026-03-10 14:00'],
		['14232321234', '2026-03-11 13:00'],
	]);
});

test('Send Voice Message defers the same way', async () => {
	fixClock('2026-03-10T02:30:00Z');
	const voice = {
		resource: 'message',
		operation: 'sendVoice',
		to: '+1 212 555 0100',
		message: 'Your order is ready',
		options: { quietHours: { values: {} } },
	};
	const { items } = await run(voice);
	const calls = emulator.requests
		.filter((request) => request.path === '/v1/voice/send')
		.map((request) => JSON.parse(request.body) as IDataObject);
	expect(calls).toEqual([expect.objectContaining({ to: '12125550100', date: '2026-03-10 13:00' })]);
	expect(items[0].json).toMatchObject({ deferredTo: '2026-03-10T08:00:00-04:00', timeZoneSource: 'areaCode' });
});

test("a group send: the zone is Time Zone's; without one it is refused before anything is sent (the members' numbers are unknown)", async () => {
	fixClock('2026-03-10T02:30:00Z');
	await api('POST', '/v1/contact', [{ phone: '12125550100', groupid: '4821' }]);
	const group = { sendTo: 'group', groupId: { __rl: true, mode: 'id', value: '4821' } };
	const refused = await run(send('', {}, group));
	expect(refused.error?.message).toMatch(/^Quiet Hours: a group send needs Time Zone/);
	expect(sends()).toEqual([]);
	const eastern = await run(send('', { timeZoneField: 'America/New_York' }, group));
	expect(eastern.items[0].json).toMatchObject({
		groupId: '4821',
		date: '2026-03-10 13:00',
		timeZone: 'America/New_York',
		timeZoneSource: 'item',
		deferredTo: '2026-03-10T08:00:00-04:00',
	});
	const western = await run(send('', { timeZoneField: 'America/Los_Angeles' }, group));
	expect(western.items[0].json).toMatchObject({
		groupId: '4821',
		timeZoneSource: 'item',
		localTime: '2026-03-09T19:30:00-07:00',
	});
	expect(sends().map((body) => [body.type, body.date])).toEqual([
		['group', '2026-03-10 13:00'],
		['group', undefined],
	]);
});

test('Quiet Hours as the panel adds it (its default window: US Federal, Defer) holds a send to New York at 22:24 local; one whose window was removed is refused', async () => {
	fixClock('2026-03-10T02:24:00Z');
	const added = await run({ ...send('+1 212 555 0100'), options: { quietHours: QUIET_HOURS_OPTION.default } });
	expect(added.items[0].json).toMatchObject({
		localTime: '2026-03-09T22:24:00-04:00',
		deferredTo: '2026-03-10T08:00:00-04:00',
		date: '2026-03-10 13:00',
	});
	const empty = await run({ ...send('+1 212 555 0100'), options: { quietHours: {} } });
	expect(empty.error?.message).toMatch(/^Quiet Hours: it has no window/);
	expect(sends().map((body) => body.date)).toEqual(['2026-03-10 13:00']);
});

test('Time Zone holding a field name ("timeZone") is refused with the expression that reads the field', async () => {
	fixClock('2026-03-10T02:24:00Z');
	const { error } = await run(send('+1 212 555 0100', { timeZoneField: 'timeZone' }));
	expect(error?.message).toBe('Quiet Hours: Time Zone: "timeZone" is not an IANA time zone name');
	expect(error?.description).toContain("To read an item's field, use an expression: {{ $json.timeZone }}");
	expect(sends()).toEqual([]);
});

test('node version 3 ignores the option: saved workflows send as before', async () => {
	fixClock('2026-03-10T02:30:00Z');
	const { items } = await run(send('12125550100'), { typeVersion: 3 });
	expect(sends()).toEqual([expect.not.objectContaining({ date: expect.anything() })]);
	expect(items[0].json).not.toHaveProperty('timeZone');
});

test('the example "Marketing broadcast with quiet hours" at 02:30Z: New York and Chicago wait for 08:00, Los Angeles (19:30) gets it now', async () => {
	fixClock('2026-03-10T02:30:00Z');
	const example = JSON.parse(
		readFileSync(join(__dirname, '../../examples/marketing-broadcast-with-quiet-hours.json'), 'utf8'),
	) as { nodes: Array<{ type: string; parameters: IDataObject }> };
	const node = example.nodes.find((entry) => entry.type.endsWith('.messagingGateway'))!;
	const { items, error } = await run({ ...node.parameters, sender: 'Shop' });
	expect(error).toBeUndefined();
	// Three requests, one per date; they run concurrently, so in any order.
	expect(Object.fromEntries(sends().map((body) => [body.to, body.date]))).toEqual({
		'12125550100': '2026-03-10 13:00',
		'13125550100': '2026-03-10 14:00',
		'12135550100': undefined,
	});
	expect(sends()).toHaveLength(3);
	expect(items.map((item) => item.json.localTime)).toEqual([
		'2026-03-09T22:30:00-04:00',
		'2026-03-09T21:30:00-05:00',
		'2026-03-09T19:30:00-07:00',
	]);
});
