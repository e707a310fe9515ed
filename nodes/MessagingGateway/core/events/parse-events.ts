/**
 * parseEvents: a webhook body holds one event or a JSON array of them. The work per entry and the
 * size of the result are bounded whatever the body holds.
 */
import type { WebhookEventType } from './events';
import type { WebhookEvent } from './event-fields';
import { deviationsOf, parseEvent, routingProblems, type ParsedEvent, type ParseOptions } from './parse-event';

/** At most this many problems are named in an answer or a log line; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 10;
/** A problem text is cut to this length, so that an answer stays small whatever it is sent. */
const MAX_PROBLEM_LENGTH = 200;

export interface ParseEventsResult {
	/** True when every entry is an event (strict: every one matches the spec exactly). */
	ok: boolean;
	/** The entries that are events, in order; empty in strict mode when anything is wrong. */
	events: ParsedEvent[];
	/** Entries that are not events. */
	rejected: number;
	/** The first problems, at most MAX_LISTED_PROBLEMS, each naming its entry in an array. */
	errors: string[];
	/** Problems found in all (in strict mode: until validation stopped). */
	errorCount: number;
	/** Strict mode stops at the first MAX_LISTED_PROBLEMS problems: the body is refused anyway. */
	stoppedEarly: boolean;
	/** Lenient mode: the first deviations from the spec among accepted events, for the log. */
	deviations: string[];
	/** Deviations found until MAX_LISTED_PROBLEMS were listed (the comparison stops there). */
	deviationCount: number;
}

const clip = (text: string) => (text.length > MAX_PROBLEM_LENGTH ? `${text.slice(0, MAX_PROBLEM_LENGTH - 1)}…` : text);

/**
 * A body holds one event or a JSON array of events. Lenient (`strict: false`): every entry that is
 * an event is returned, the others are counted and the first few named. Strict: any problem refuses
 * the body, and validation stops once MAX_LISTED_PROBLEMS are found. Either way the work per entry
 * and the size of the result are bounded, whatever the body holds.
 */
export function parseEvents(body: unknown, { strict = true }: ParseOptions = {}): ParseEventsResult {
	const isArray = Array.isArray(body);
	const list: unknown[] = isArray ? body : [body];
	const result: ParseEventsResult = {
		ok: true,
		events: [],
		rejected: 0,
		errors: [],
		errorCount: 0,
		stoppedEarly: false,
		deviations: [],
		deviationCount: 0,
	};
	const note = (target: string[], index: number, problems: string[]) => {
		for (const problem of problems) {
			if (target.length < MAX_LISTED_PROBLEMS) target.push(clip(isArray ? `event ${index}: ${problem}` : problem));
		}
	};
	if (list.length === 0) {
		return { ...result, ok: false, errors: ['the array holds no event'], errorCount: 1 };
	}
	for (let index = 0; index < list.length; index++) {
		if (strict && result.errorCount >= MAX_LISTED_PROBLEMS) {
			result.stoppedEarly = true;
			break;
		}
		const entry = list[index];
		// Lenient: the cheap routing check decides; the spec comparison (for the log) runs only
		// until enough deviations are listed, so a huge array costs little more than its parsing.
		let count: number;
		let errors: string[];
		let type: WebhookEventType | undefined;
		if (strict) {
			const parsed = parseEvent(entry);
			[errors, type] = parsed.ok ? [[], parsed.type] : [parsed.errors, undefined];
			count = errors.length;
		} else {
			({ count, errors, type } = routingProblems(entry, result.errors.length < MAX_LISTED_PROBLEMS));
		}
		if (count > 0) {
			result.ok = false;
			result.rejected++;
			result.errorCount += count;
			note(result.errors, index, errors);
			continue;
		}
		const event = entry as WebhookEvent;
		result.events.push({ event, type });
		if (!strict && result.deviations.length < MAX_LISTED_PROBLEMS) {
			const deviations = deviationsOf(event, type);
			result.deviationCount += deviations.length;
			note(result.deviations, index, deviations);
		}
	}
	if (strict && !result.ok) result.events = [];
	return result;
}
