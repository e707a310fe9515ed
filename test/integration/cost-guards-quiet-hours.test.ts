/**
 * Send SMS's guards count input items, however many requests Quiet Hours makes of one: one item to
 * three US zones (New York, Chicago, Los Angeles by NANPA's area codes) at 08:00Z on 10 March 2026 is
 * deferred to three dates, three requests. Through n8n-core's WorkflowExecute against the emulator.
 */
import { fixClock, run, send, sends } from '../support/quiet-hours-setup';

test('Max Segments: one item split into three requests by Quiet Hours is "1 of 1 items"', async () => {
	fixClock('2026-03-10T08:00:00Z');
	const parameters = send('12125550100, 13125550100, 12135550100', {}, { message: 'a'.repeat(200) });
	const { error } = await run({
		...parameters,
		options: { ...(parameters.options as object), maxSegments: 1 },
	});
	expect(error?.message).toBe('Max Segments per Message: item 0 takes 2 segments (GSM-7); the limit is 1');
	expect(error?.description).toBe(
		'1 of 1 items takes more segments than allowed: shorten the message or raise the limit. Nothing was sent.',
	);
	expect(sends()).toEqual([]);
});
