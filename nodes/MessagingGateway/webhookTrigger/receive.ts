/**
 * The trigger's policy on a verified body: judge every entry (parseEvents), then keep the events
 * that start the workflow (the selected types; with Final Delivery Reports Only, no interim report).
 * Kept apart from n8n's webhook context so that the benchmark measures exactly the node's work.
 */
import { isEventSelected, isInterimDeliveryReport } from '../core/events/events';
import type { WebhookEvent } from '../core/events/event-fields';
import { parseEvents, type ParseEventsResult } from '../core/events/parse-events';
import type { ParseOptions } from '../core/events/parse-event';

export interface ReceiveOptions extends ParseOptions {
	/** The trigger's Events selection (ALL_EVENTS for every type). */
	selected: readonly string[];
	/** Leave out delivery reports after which another one follows. */
	finalReportsOnly?: boolean;
}

export interface Received {
	parsed: ParseEventsResult;
	/** The events that start the workflow, in order. */
	starting: WebhookEvent[];
	/** The types of the events left out because they are not selected, each once. */
	unselected: string[];
}

export function receiveEvents(
	body: unknown,
	{ selected, finalReportsOnly = false, ...parse }: ReceiveOptions,
): Received {
	const parsed = parseEvents(body, parse);
	const starting: WebhookEvent[] = [];
	const unselected = new Set<string>();
	for (const { event } of parsed.events) {
		if (!isEventSelected(event.webhook_type, selected)) unselected.add(event.webhook_type);
		else if (!(finalReportsOnly && isInterimDeliveryReport(event))) starting.push(event);
	}
	return { parsed, starting, unselected: [...unselected] };
}
