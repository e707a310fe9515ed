/**
 * Quiet Hours (node version 4) with a fixed clock, through n8n-core's WorkflowExecute against the
 * emulator over HTTP. Expected times are worked out by hand from the rules they come from: US summer
 * time 2026 starts on 8 March (second Sunday), the EU's on 29 March (last Sunday), so on 10 March
 * New York is UTC−4 and Brussels UTC+1; the area codes' zones are NANPA's (212 New York, 305 Miami,
 * 312 Chicago, 213 Los Angeles). Only Date is faked: timers and sockets stay real.
 */
import { eightZoneItems } from '../support/eight-zones';
import { emulator, fixClock, send, run, sends, scheduled } from '../support/quiet-hours-setup';

test('02:30Z to +1 212: deferred to 08:00 in New York, sent as 13:00 for an account in Brussels', async () => {
	fixClock('2026-03-10T02:30:00Z');
	const { items, error } = await run(send('+1 212 555 0100'));
	expect(error).toBeUndefined();
	expect(sends()).toEqual([expect.objectContaining({ to: '12125550100', date: '2026-03-10 13:00' })]);
	expect(items.map((item) => item.json)).toEqual([
		expect.objectContaining({
			to: '12125550100',
			date: '2026-03-10 13:00',
			timeZone: 'America/New_York',
			timeZoneSource: 'areaCode',
			localTime: '2026-03-09T22:30:00-04:00',
			deferredTo: '2026-03-10T08:00:00-04:00',
		}),
	]);
	expect(await scheduled()).toEqual([
		expect.objectContaining({ to: '12125550100', date: '2026-03-10 13:00', scheduledFor: '2026-03-10T12:00:00.000Z' }),
	]);
});

test('+1 305 at 20:15 local: Florida/Oklahoma preset defers to the next day 08:00; the federal one sends now', async () => {
	fixClock('2026-06-15T00:15:00Z');
	const strict = await run(send('13055550100', { preset: 'usStrict' }));
	expect(strict.items[0].json).toMatchObject({
		localTime: '2026-06-14T20:15:00-04:00',
		deferredTo: '2026-06-15T08:00:00-04:00',
		date: '2026-06-15 14:00',
	});
	const federal = await run(send('13055550100', { preset: 'usFederal' }));
	expect(federal.items[0].json).toMatchObject({ localTime: '2026-06-14T20:15:00-04:00', timeZone: 'America/New_York' });
	expect(federal.items[0].json).not.toHaveProperty('deferredTo');
	expect(sends().map((body) => body.date)).toEqual(['2026-06-15 14:00', undefined]);
});

test('one item with recipients in three zones: three requests, each with its own date', async () => {
	fixClock('2026-03-10T08:00:00Z');
	const { items } = await run(send('12125550100, 13125550100, 12135550100'));
	expect(sends()).toHaveLength(3);
	const byTo = Object.fromEntries(sends().map((body) => [body.to, body.date]));
	expect(byTo).toEqual({
		'12125550100': '2026-03-10 13:00',
		'13125550100': '2026-03-10 14:00',
		'12135550100': '2026-03-10 16:00',
	});
	expect(items.map((item) => item.json.messageid)).toEqual([
		expect.any(String),
		expect.any(String),
		expect.any(String),
	]);
	expect(items.map((item) => [item.json.to, item.json.timeZone, item.json.deferredTo])).toEqual([
		['12125550100', 'America/New_York', '2026-03-10T08:00:00-04:00'],
		['13125550100', 'America/Chicago', '2026-03-10T08:00:00-05:00'],
		['12135550100', 'America/Los_Angeles', '2026-03-10T08:00:00-07:00'],
	]);
});

test('across the US change to summer time: 01:30 EST on 8 March opens at 08:00 EDT (12:00Z, not 13:00Z)', async () => {
	fixClock('2026-03-08T06:30:00Z');
	const { items } = await run(send('12125550100'));
	expect(items[0].json).toMatchObject({
		localTime: '2026-03-08T01:30:00-05:00',
		deferredTo: '2026-03-08T08:00:00-04:00',
		date: '2026-03-08 13:00',
	});
});

test('Skip mode: the recipient in quiet hours gets an item saying so, the other is sent now', async () => {
	fixClock('2026-03-10T02:30:00Z');
	const { items, error } = await run(send('12125550100, 12135550100', { mode: 'skip' }));
	expect(error).toBeUndefined();
	expect(sends()).toEqual([expect.not.objectContaining({ date: expect.anything() })]);
	expect(sends()[0].to).toBe('12135550100');
	expect(items[0].json).toEqual({
		to: '12125550100',
		skipped: 'quietHours',
		timeZone: 'America/New_York',
		timeZoneSource: 'areaCode',
		localTime: '2026-03-09T22:30:00-04:00',
		deferredTo: '2026-03-10T08:00:00-04:00',
	});
	expect(items[1].json).toMatchObject({
		to: '12135550100',
		messageid: expect.any(String),
		localTime: '2026-03-09T19:30:00-07:00',
	});
});

test('Error mode: the item is refused and nothing is sent; with Continue On Fail an error item', async () => {
	fixClock('2026-03-10T02:30:00Z');
	const stopped = await run(send('12125550100, 12135550100', { mode: 'error' }));
	expect(stopped.error?.message).toBe('Quiet Hours: 12125550100 is in quiet hours');
	// 02:30Z is 22:30 the evening before in New York (UTC-4 from 8 March 2026).
	expect(stopped.error?.description).toMatch(
		/^Its local time is 2026-03-09T22:30:00-04:00 \(America\/New_York\)\. Mode is Error, so nothing of this item was sent\. /,
	);
	const continued = await run(send('12125550100', { mode: 'error' }), { continueOnFail: true });
	expect(continued.items[0].json.error).toMatch(/quiet hours/);
	expect(sends()).toEqual([]);
});

test('an explicit Schedule Date after the opening is kept; one inside quiet hours is moved, or refused in Error mode', async () => {
	fixClock('2026-03-10T02:30:00Z');
	await run(send('12125550100', {}, { additionalFields: { date: '2026-03-10 18:00' } }));
	await run(send('12125550100', {}, { additionalFields: { date: '2026-03-10 05:00' } }));
	expect(sends().map((body) => body.date)).toEqual(['2026-03-10 18:00', '2026-03-10 13:00']);
	const refused = await run(send('12125550100', { mode: 'error' }, { additionalFields: { date: '2026-03-10 05:00' } }));
	expect(refused.error?.description).toMatch(/Its local time is 2026-03-10T00:00:00-04:00/);
	expect(sends()).toHaveLength(2);
});

test('the day summer time ends in Brussels (the account): +66 Bangkok opens 08:00 at the second 02:00, so it is sent as 03:00 and the emulator sends at 09:00 Bangkok, never 07:00', async () => {
	// 25 October 2026: Brussels goes from 03:00 CEST back to 02:00 CET at 01:00Z; Bangkok is UTC+7 all year, so its
	// 08:00 is 01:00Z, the second 02:00 in Brussels. "02:00", read as its first occurrence (00:00Z), would be 07:00 in
	// Bangkok; "03:00" CET is 02:00Z, 09:00 in Bangkok, the first minute that is read as no earlier than the opening.
	fixClock('2026-10-24T20:00:00Z');
	const { items, error } = await run(send('+66 81 234 5678'));
	expect(error).toBeUndefined();
	expect(items[0].json).toMatchObject({
		timeZone: 'Asia/Bangkok',
		localTime: '2026-10-25T03:00:00+07:00',
		date: '2026-10-25 03:00',
		deferredTo: '2026-10-25T09:00:00+07:00',
	});
	expect(await scheduled()).toEqual([
		expect.objectContaining({ to: '66812345678', date: '2026-10-25 03:00', scheduledFor: '2026-10-25T02:00:00.000Z' }),
	]);
});

test('2,000 items over 8 zones, one recipient each, interleaved: Batch Recipients still holds (one request per date and 100 recipients)', async () => {
	// At 02:30Z on 10 March: New York (22:30) and Chicago (21:30), London (02:30) and Paris (03:30) wait for 08:00, each
	// on its own date; Denver (20:30), Los Angeles and Phoenix (19:30), Honolulu (16:30) are sent now: 5 dates.
	fixClock('2026-03-10T02:30:00Z');
	const items = eightZoneItems(2000);
	const { items: out, error } = await run(send('={{ $json.to }}'), {}, items);
	expect(error).toBeUndefined();
	expect(out).toHaveLength(2000);
	const perDate = new Map<unknown, number>();
	for (const item of out) perDate.set(item.json.date, (perDate.get(item.json.date) ?? 0) + 1);
	expect(perDate.size).toBe(5);
	// Each date's recipients in requests of at most 100: the fewest requests there can be.
	const fewest = [...perDate.values()].reduce((sum, count) => sum + Math.ceil(count / 100), 0);
	expect(sends()).toHaveLength(fewest);
	expect(fewest).toBe(22);
	expect(out.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
	expect(new Set(emulator.messages.map((message) => message.to)).size).toBe(2000);
});
