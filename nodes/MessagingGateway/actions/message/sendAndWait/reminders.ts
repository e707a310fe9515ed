/**
 * How many Unclear Reply Reminders a waiting question has had, so that an auto-responder, a
 * burst of replies or the gateway delivering one event again cannot make the node send reminder after
 * reminder. The waiting webhook cannot write to its waiting execution (n8n saves nothing, not even
 * static data, when it answers without resuming), so the count is known from two places:
 * - the reference of each reminder carries its round (core/questions/resume-link.ts): a reply to reminder k says
 *   that k went out, in any process, after a restart, in queue mode;
 * - this process's memory: the reminders it sent per question and the `webhook_id`s it judged. It is
 *   bounded (the most recent MAX_QUESTIONS questions, MAX_EVENTS_PER_QUESTION events each) and lost on
 *   restart; with several webhook processes (queue mode) each has its own.
 */

/** Questions remembered at once; the least recently judged one is forgotten first. */
const MAX_QUESTIONS = 1000;
/** `webhook_id`s remembered per question. */
const MAX_EVENTS_PER_QUESTION = 50;

export const DEFAULT_MAX_REMINDERS = 1;
export const MAX_MAX_REMINDERS = 5;

interface QuestionRecord {
	sent: number;
	webhookIds: string[];
}

const questions = new Map<string, QuestionRecord>();

/** The option Max Reminders per Question as a whole number from 1 to MAX_MAX_REMINDERS; anything else means the default. */
export function maxRemindersOf(value: unknown): number {
	const max = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof max !== 'number' || !Number.isFinite(max)) return DEFAULT_MAX_REMINDERS;
	return Math.min(MAX_MAX_REMINDERS, Math.max(1, Math.floor(max)));
}

function recordOf(key: string): QuestionRecord {
	const record = questions.get(key) ?? { sent: 0, webhookIds: [] };
	// Re-inserted, so that the Map's order is the order of last use.
	questions.delete(key);
	questions.set(key, record);
	if (questions.size > MAX_QUESTIONS) questions.delete(questions.keys().next().value as string);
	return record;
}

export type ReminderClaim = { ok: true; round: number; release: () => void } | { ok: false; reason: string };

/**
 * Claims the next reminder of the question `key` (execution, node and question message id) for the
 * event `webhookId`, before anything is sent, so that events judged at the same moment cannot both
 * claim it. `roundsKnown`: the reminders the replied-to message shows went out (its round; 0 for the
 * question itself). `release` gives the claim back when the reminder was certainly not sent.
 */
export function claimReminder(
	key: string,
	webhookId: unknown,
	roundsKnown: number,
	maxReminders: number,
): ReminderClaim {
	const record = recordOf(key);
	if (typeof webhookId === 'string' && webhookId !== '') {
		if (record.webhookIds.includes(webhookId))
			return { ok: false, reason: 'the gateway delivered this event before (same webhook_id)' };
		record.webhookIds.push(webhookId);
		if (record.webhookIds.length > MAX_EVENTS_PER_QUESTION) record.webhookIds.shift();
	}
	const sent = Math.max(record.sent, roundsKnown);
	if (sent >= maxReminders)
		return {
			ok: false,
			reason: `the question had its ${maxReminders} reminder${maxReminders === 1 ? '' : 's'} already`,
		};
	const round = sent + 1;
	record.sent = round;
	return {
		ok: true,
		round,
		release: () => {
			if (record.sent === round) record.sent = sent;
		},
	};
}
