/**
 * Send with Failover's rules. The delivery codes and payload fields are the gateway's (shared spec: codes 1 delivered,
 * 2 not delivered, 4/5 rejected, 9 unknown are final, 0 submitted and 3 buffered are not; a read_report carries the
 * message's messageid and receiver).
 */
import {
	gaveUp,
	goesOn,
	judgeLateEvent,
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

const step = (channel: StepRecord['channel'], outcome: StepOutcome): StepRecord => ({ channel, outcome });

describe('reachedBy', () => {
	test('the channel of the last step that was delivered or read; none when no step was', () => {
		expect(reachedBy([step('whatsapp', 'read')])).toBe('whatsapp');
		expect(reachedBy([step('whatsapp', 'refused'), step('sms', 'delivered')])).toBe('sms');
		expect(reachedBy([step('whatsapp', 'notRead'), step('sms', 'noReport'), step('voice', 'delivered')])).toBe('voice');
		expect(reachedBy([step('sms', 'notDelivered'), step('voice', 'noReport')])).toBe('none');
		expect(reachedBy([])).toBe('none');
	});
});

describe('a late report: the report that would have ended a step given up at its deadline, recorded once', () => {
	const gaveUpRecord: StepRecord = { channel: 'whatsapp', outcome: 'noReport', messageId: 'msg-7', sentAt: 'x' };
	const waiting = { to: STEP.to, goOnWhen: 'noReport' as const };

	test('a final report of a step given up is late: delivered, or not delivered, with its code and time', () => {
		expect(judgeLateEvent(report('1'), gaveUpRecord, waiting)).toEqual({
			resume: true,
			outcome: 'delivered',
			deliveryCode: '1',
			reportAt: '2026-11-30T07:01:02Z',
		});
		expect(judgeLateEvent(report('2'), gaveUpRecord, waiting)).toMatchObject({ resume: true, outcome: 'notDelivered' });
	});

	test('for a step that waited to be read, only the read report is late; delivered is not what it waited for', () => {
		const notRead: StepRecord = { ...gaveUpRecord, outcome: 'notRead' };
		expect(judgeLateEvent(report('1'), notRead, { ...waiting, goOnWhen: 'notRead' })).toMatchObject({ resume: false });
		expect(judgeLateEvent(read(), notRead, { ...waiting, goOnWhen: 'notRead' })).toMatchObject({
			resume: true,
			outcome: 'read',
		});
	});

	test('nothing is late for a step that ended by its report, was refused, or has its late report already', () => {
		const ended: StepRecord = { ...gaveUpRecord, outcome: 'notDelivered', deliveryCode: '2' };
		const refused: StepRecord = { channel: 'whatsapp', outcome: 'refused', error: 'Code 140' };
		const recordedLate: StepRecord = { ...gaveUpRecord, late: { outcome: 'notDelivered', deliveryCode: '2' } };
		expect(judgeLateEvent(report('1'), ended, waiting)).toEqual({ resume: false, reason: 'the step ended in time' });
		expect(judgeLateEvent(report('1'), refused, waiting)).toMatchObject({ resume: false });
		expect(judgeLateEvent(report('1'), recordedLate, waiting)).toEqual({
			resume: false,
			reason: 'its late report is recorded already',
		});
		expect([ended, refused, recordedLate].map(gaveUp)).toEqual([false, false, false]);
		expect(gaveUp(gaveUpRecord)).toBe(true);
	});

	test("another message's or number's report is not the step's late report", () => {
		expect(judgeLateEvent(report('1', { messageid: 'msg-8' }), gaveUpRecord, waiting)).toMatchObject({ resume: false });
		expect(judgeLateEvent(report('1', { receiver: '31600000000' }), gaveUpRecord, waiting)).toMatchObject({
			resume: false,
		});
	});

	test('reachedBy counts a late delivered or read: the item says both channels reached the person', () => {
		const late = { ...gaveUpRecord, late: { outcome: 'delivered' as const } };
		expect(reachedBy([late, step('sms', 'noReport')])).toBe('whatsapp');
		expect(reachedBy([late, step('sms', 'delivered')])).toBe('sms');
		expect(reachedBy([{ ...gaveUpRecord, late: { outcome: 'notDelivered' } }, step('sms', 'noReport')])).toBe('none');
	});
});
