import {
	claimReminder,
	maxRemindersOf,
} from '../../../../../nodes/MessagingGateway/actions/message/sendAndWait/reminders';

describe('claimReminder', () => {
	test('a reply to reminder k says k went out, also in a process that remembers nothing of the question (restart, another webhook process)', () => {
		expect(claimReminder('fresh-1', 'wh_a', 1, 1)).toEqual({
			ok: false,
			reason: expect.stringContaining('1 reminder'),
		});
		expect(claimReminder('fresh-2', 'wh_b', 1, 2)).toMatchObject({ ok: true, round: 2 });
		expect(claimReminder('fresh-3', 'wh_c', 0, 1)).toMatchObject({ ok: true, round: 1 });
	});

	test('a claim given back (the reminder was certainly not sent) can be claimed again; a seen webhook_id cannot', () => {
		const claim = claimReminder('q-release', 'wh_1', 0, 1);
		if (!claim.ok) throw new Error('the first reminder may go out');
		claim.release();
		expect(claimReminder('q-release', 'wh_1', 0, 1)).toEqual({
			ok: false,
			reason: expect.stringContaining('webhook_id'),
		});
		expect(claimReminder('q-release', 'wh_2', 0, 1)).toMatchObject({ ok: true, round: 1 });
	});
});

test.each([
	[undefined, 1],
	['', 1],
	['abc', 1],
	[0, 1],
	[-3, 1],
	[2, 2],
	['3', 3],
	[2.7, 2],
	[5, 5],
	[99, 5],
	[Number.POSITIVE_INFINITY, 1],
])('Max Reminders per Question %j means %i', (value, expected) => {
	expect(maxRemindersOf(value)).toBe(expected);
});
