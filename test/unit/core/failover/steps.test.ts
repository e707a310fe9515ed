/**
 * Send with Failover's rules. The delivery codes and payload fields are the gateway's (shared spec: codes 1 delivered,
 * 2 not delivered, 4/5 rejected, 9 unknown are final, 0 submitted and 3 buffered are not; a read_report carries the
 * message's messageid and receiver).
 */
import {
	goesOn,
	judgeStepEvent,
	outcomeAtDeadline,
	reachedBy,
	type StepOutcome,
	type StepRecord,
} from '../../../../nodes/MessagingGateway/core/failover/steps';

const STEP = { messageId: 'msg-7', to: '31612345678', goOnWhen: 'noReport' as const };

const report = (code: string, message: Record<string, unknown> = {}) => ({
	webhook_type: 'delivery_report',
	created_utc: '2026-11-30 07:01:02',
	message: { messageid: 'msg-7', receiver: '31612345678', delivery_code: code, ...message },
});
const read = (message: Record<string, unknown> = {}) => ({
	webhook_type: 'read_report',
	created_utc: '2026-11-30 07:03:04',
	message: { messageid: 'msg-7', receiver: '31612345678', read_status: 'message_read', ...message },
});

describe('goesOn: each level goes on for its own outcome and the ones before it', () => {
	const table: Array<[string, StepOutcome, boolean]> = [
		['refused', 'refused', true],
		['refused', 'notDelivered', false],
		['refused', 'noReport', false],
		['notDelivered', 'refused', true],
		['notDelivered', 'notDelivered', true],
		['notDelivered', 'noReport', false],
		['noReport', 'notDelivered', true],
		['noReport', 'noReport', true],
		['notRead', 'notRead', true],
		['notRead', 'noReport', true],
	];
	test.each(table)('Go On When %s, outcome %s: %s', (goOnWhen, outcome, expected) => {
		expect(goesOn(goOnWhen as never, outcome)).toBe(expected);
	});
	test('a delivered or read step never goes on', () => {
		for (const goOnWhen of ['refused', 'notDelivered', 'noReport', 'notRead'] as const) {
			expect(goesOn(goOnWhen, 'delivered')).toBe(false);
			expect(goesOn(goOnWhen, 'read')).toBe(false);
		}
	});
	test('at the deadline a step that waits to be read was not read; any other had no report', () => {
		expect(outcomeAtDeadline('notRead')).toBe('notRead');
		expect(outcomeAtDeadline('noReport')).toBe('noReport');
		expect(outcomeAtDeadline('notDelivered')).toBe('noReport');
	});
});

describe("judgeStepEvent: only the step's own final or read report ends it", () => {
	test('delivered (1) ends the step, with the report time in UTC', () => {
		expect(judgeStepEvent(report('1'), STEP)).toEqual({
			resume: true,
			outcome: 'delivered',
			deliveryCode: '1',
			reportAt: '2026-11-30T07:01:02Z',
		});
	});
	test.each(['2', '4', '5', '9'])('final failure %s: not delivered', (code) => {
		expect(judgeStepEvent(report(code), STEP)).toMatchObject({
			resume: true,
			outcome: 'notDelivered',
			deliveryCode: code,
		});
	});
	test.each(['0', '3', '', 'x'])('interim or unknown code %p keeps it waiting', (code) => {
		expect(judgeStepEvent(report(code), STEP)).toMatchObject({ resume: false });
	});
	test('a step that waits to be read keeps waiting on delivered, and ends on its read report', () => {
		const waitsToBeRead = { ...STEP, goOnWhen: 'notRead' as const };
		expect(judgeStepEvent(report('1'), waitsToBeRead)).toMatchObject({ resume: false });
		expect(judgeStepEvent(report('2'), waitsToBeRead)).toMatchObject({ resume: true, outcome: 'notDelivered' });
		expect(judgeStepEvent(read(), waitsToBeRead)).toEqual({
			resume: true,
			outcome: 'read',
			reportAt: '2026-11-30T07:03:04Z',
		});
	});
	test("another message's or another number's report, a reply, or no report keeps it waiting", () => {
		expect(judgeStepEvent(report('1', { messageid: 'msg-8' }), STEP)).toMatchObject({ resume: false });
		expect(judgeStepEvent(read({ receiver: '31612345679' }), STEP)).toMatchObject({ resume: false });
		expect(judgeStepEvent({ webhook_type: 'inbox_message', message: { sender: '31612345678' } }, STEP)).toMatchObject({
			resume: false,
		});
		for (const body of [null, 'text', {}, { webhook_type: 'delivery_report' }, []])
			expect(judgeStepEvent(body, STEP)).toMatchObject({ resume: false });
	});
	test('a receiver written with + or spaces is the same number; a report without a time has no reportAt', () => {
		const decision = judgeStepEvent({ ...report('1', { receiver: '+31 6 1234 5678' }), created_utc: undefined }, STEP);
		expect(decision).toEqual({ resume: true, outcome: 'delivered', deliveryCode: '1' });
	});
});

describe('reachedBy', () => {
	const step = (channel: StepRecord['channel'], outcome: StepOutcome): StepRecord => ({ channel, outcome });
	test('the channel of the last step that was delivered or read; none when no step was', () => {
		expect(reachedBy([step('whatsapp', 'read')])).toBe('whatsapp');
		expect(reachedBy([step('whatsapp', 'refused'), step('sms', 'delivered')])).toBe('sms');
		expect(reachedBy([step('whatsapp', 'notRead'), step('sms', 'noReport'), step('voice', 'delivered')])).toBe('voice');
		expect(reachedBy([step('sms', 'notDelivered'), step('voice', 'noReport')])).toBe('none');
		expect(reachedBy([])).toBe('none');
	});
});
