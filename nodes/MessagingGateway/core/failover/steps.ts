/**
 * Send with Failover's rules (docs/send-with-failover.md): steps in order, each one channel with a deadline; what a
 * step's delivery or read report means for it (judgeStepEvent), whether the chain goes on to the next step after a
 * step's outcome (goesOn), and which channel reached the person (reachedBy). Pure: the node sends and waits.
 */
import { FINAL_DELIVERY_CODES } from '../codes';
import { isObject } from '../objects';
import { digitsOf, textOf } from '../questions/answers';

export const FAILOVER_CHANNELS = ['whatsappTemplate', 'sms', 'voice'] as const;
export type FailoverChannel = (typeof FAILOVER_CHANNELS)[number];

/** The channel a step's message went by, as the output names it. */
export type ReachedChannel = 'whatsapp' | 'sms' | 'voice';
export const OUTPUT_CHANNEL: Readonly<Record<FailoverChannel, ReachedChannel>> = {
	whatsappTemplate: 'whatsapp',
	sms: 'sms',
	voice: 'voice',
};

/**
 * When the chain goes on to the next step, each level including the ones before it: `refused` (the gateway did not
 * take the message), `notDelivered` (… or a final report said it was not delivered), `noReport` (… or no report said
 * delivered within the step's minutes), `notRead` (… or it was not read within them; WhatsApp only).
 */
export const GO_ON_WHEN = ['refused', 'notDelivered', 'noReport', 'notRead'] as const;
export type GoOnWhen = (typeof GO_ON_WHEN)[number];

export type StepOutcome = 'delivered' | 'read' | GoOnWhen;

/** At most this many steps: three channels, each twice (another sender, a second call). */
export const MAX_STEPS = 6;
/** A step's minutes: from 1 to a week. */
export const MAX_MINUTES = 7 * 24 * 60;

/** Whether a step that ended with `outcome` passes the person on to the next step. */
export function goesOn(goOnWhen: GoOnWhen, outcome: StepOutcome): boolean {
	if (outcome === 'delivered' || outcome === 'read') return false;
	return GO_ON_WHEN.indexOf(outcome) <= GO_ON_WHEN.indexOf(goOnWhen);
}

/** What a step's deadline means when it passes without a report that ended the step. */
export const outcomeAtDeadline = (goOnWhen: GoOnWhen): StepOutcome => (goOnWhen === 'notRead' ? 'notRead' : 'noReport');

/** One step as the output tells it. */
export interface StepRecord {
	channel: ReachedChannel;
	outcome: StepOutcome;
	messageId?: string;
	/** When the gateway took the message (ISO 8601), or when Quiet Hours let it go out. */
	sentAt?: string;
	/** When the report that ended the step was made (ISO 8601, UTC). */
	reportAt?: string;
	deliveryCode?: string;
	/** Why the gateway refused the step, or why it was not sent (Loop Guard, the opt-out list, Quiet Hours). */
	error?: string;
	skipped?: string;
	/** The report that would have ended the step, come after the step was given up and the next step went out. */
	late?: LateReport;
}

/** What a report that came too late said: recorded, nothing resumed early, nothing sent again. */
export interface LateReport {
	outcome: StepOutcome;
	reportAt?: string;
	deliveryCode?: string;
}

const reaches = (outcome: StepOutcome | undefined) => outcome === 'read' || outcome === 'delivered';

/**
 * The channel that reached the person: the step whose report said read or delivered, in time or late, the last such;
 * else none.
 */
export function reachedBy(records: readonly StepRecord[]): ReachedChannel | 'none' {
	const reached = records.filter((record) => reaches(record.outcome) || reaches(record.late?.outcome));
	return reached.at(-1)?.channel ?? 'none';
}

/** Whether a step was given up at its deadline with no report that ended it, and no late one recorded yet. */
export const gaveUp = (record: StepRecord) =>
	record.messageId !== undefined && (record.outcome === 'noReport' || record.outcome === 'notRead') && !record.late;

/** What a waiting step knows of its message. */
export interface WaitingStep {
	messageId: string;
	/** The number's digits. */
	to: string;
	goOnWhen: GoOnWhen;
}

export type StepDecision =
	| { resume: true; outcome: StepOutcome; reportAt?: string; deliveryCode?: string }
	| { resume: false; reason: string };

/** The report's instant: the payload's UTC creation time as ISO 8601. */
function reportInstant(event: Record<string, unknown>): string | undefined {
	const utc = textOf(event.created_utc);
	return utc && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(utc) ? `${utc.replace(' ', 'T')}Z` : undefined;
}

/**
 * Whether a forwarded event ends the waiting step: a final delivery report or a read report of the step's own
 * message to its own number. A delivered report ends a step that waits to be read only when it is not read.
 */
export function judgeStepEvent(event: unknown, step: WaitingStep): StepDecision {
	if (!isObject(event) || !isObject(event.message)) return { resume: false, reason: 'the body is not a report' };
	const { message } = event;
	const kind = event.webhook_type;
	if (kind !== 'delivery_report' && kind !== 'read_report')
		return { resume: false, reason: 'the step waits for its delivery or read report only' };
	if (textOf(message.messageid) !== step.messageId)
		return { resume: false, reason: "it is about another message than the step's" };
	if (digitsOf(message.receiver) !== step.to) return { resume: false, reason: 'it names another number' };
	const reportAt = reportInstant(event);
	if (kind === 'read_report') return { resume: true, outcome: 'read', ...(reportAt ? { reportAt } : {}) };
	const code = textOf(message.delivery_code)?.trim() ?? '';
	if (!FINAL_DELIVERY_CODES.includes(code)) return { resume: false, reason: 'the delivery report is not final' };
	if (code === '1' && step.goOnWhen === 'notRead')
		return { resume: false, reason: 'delivered: the step waits until it is read' };
	const outcome: StepOutcome = code === '1' ? 'delivered' : 'notDelivered';
	return { resume: true, outcome, deliveryCode: code, ...(reportAt ? { reportAt } : {}) };
}

/**
 * Whether a forwarded event is a late report of a step given up earlier: the report that would have ended the step
 * had it come in time (judgeStepEvent), recorded once.
 */
export function judgeLateEvent(event: unknown, record: StepRecord, step: Omit<WaitingStep, 'messageId'>): StepDecision {
	if (!gaveUp(record))
		return { resume: false, reason: record.late ? 'its late report is recorded already' : 'the step ended in time' };
	return judgeStepEvent(event, { ...step, messageId: record.messageId! });
}
