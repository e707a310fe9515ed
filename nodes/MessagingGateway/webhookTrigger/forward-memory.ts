/**
 * What this n8n process knows about the questions its triggers hand events to, shared by every
 * Messaging Gateway Trigger of the process (several workflows may receive the account's webhooks):
 *
 * - one question's events are handed on one after the other, in the order they came, across requests
 *   and triggers (`inTurn`), so two replies of one person cannot race and two triggers never resume
 *   the same question at once;
 * - the final outcome of each event (by question and `webhook_id`) and the questions known to be
 *   answered are remembered (the most recent MEMORY_SIZE of each), so that a redelivered event, or the
 *   same event reaching another trigger, costs no request to n8n.
 *
 * No n8n import: plain data and promises (docs/send-and-wait.md#redeliveries-order-and-limits).
 */
import type { ForwardOutcome } from '../core/questions/forwarding';
import { isObject } from '../core/objects';
import type { ResumeTarget } from '../core/questions/resume-link';

/** How many events and answered questions the process remembers (each entry is a short key and a small object). */
export const MEMORY_SIZE = 10_000;

/** An event's final outcome, and which trigger (workflow id and node name) got it. */
export interface Settled {
	outcome: ForwardOutcome;
	by: string;
}

/** A map that forgets its oldest entries beyond `limit`. */
export class BoundedMap<V> {
	private readonly entries = new Map<string, V>();

	constructor(private readonly limit: number) {}

	get(key: string): V | undefined {
		return this.entries.get(key);
	}

	set(key: string, value: V): void {
		this.entries.delete(key);
		this.entries.set(key, value);
		if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
	}

	get size(): number {
		return this.entries.size;
	}
}

/**
 * One waiting question: n8n's waiting webhook of one execution's node (a node in a loop asks again under
 * the same key), with the link's signature, so that a forged link never shares what a real one settled.
 * Kept in memory only, never logged.
 */
export const questionKeyOf = (target: ResumeTarget): string =>
	`${target.executionId}/${target.nodeId}/${target.signature}`;

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** One event about one question, when the event has an id (the gateway's `webhook_id`, the same on every delivery). */
export function eventKeyOf(event: unknown, target: ResumeTarget): string | undefined {
	const id = isObject(event) ? textOf(event.webhook_id) : undefined;
	return id === undefined ? undefined : `${questionKeyOf(target)}#${id}`;
}

/**
 * One SMS question: the node's key and the question's message id (a reminder's reference names it;
 * a reply names the message it answers, a delivery report its own message). Each round of a loop
 * asks with a new message id.
 */
export function askedKeyOf(event: unknown, target: ResumeTarget): string | undefined {
	if (!isObject(event) || !isObject(event.message)) return undefined;
	const replied = isObject(event.isreply) ? textOf(event.isreply.orig_messageid) : undefined;
	const messageid =
		target.questionMessageId ?? (event.webhook_type === 'inbox_message' ? replied : textOf(event.message.messageid));
	return messageid === undefined ? undefined : `${questionKeyOf(target)}@${messageid}`;
}

export class ForwardMemory {
	private readonly settled = new BoundedMap<Settled>(MEMORY_SIZE);
	private readonly answered = new BoundedMap<string>(MEMORY_SIZE);
	private readonly tails = new Map<string, Promise<void>>();

	/** Runs `task` once every task started earlier for the same question has ended. */
	async inTurn<T>(questionKey: string, task: () => Promise<T>): Promise<T> {
		const previous = this.tails.get(questionKey);
		let release = () => {};
		const mine = new Promise<void>((resolve) => (release = resolve));
		const tail = previous ? previous.then(() => mine) : mine;
		this.tails.set(questionKey, tail);
		try {
			if (previous) await previous;
			return await task();
		} finally {
			release();
			if (this.tails.get(questionKey) === tail) this.tails.delete(questionKey);
		}
	}

	/** What is known of the event without asking n8n: its own earlier outcome, or that its question was answered. */
	recall(event: unknown, target: ResumeTarget): Settled | undefined {
		const eventKey = eventKeyOf(event, target);
		const known = eventKey === undefined ? undefined : this.settled.get(eventKey);
		if (known) return known;
		const askedKey = askedKeyOf(event, target);
		const by = askedKey === undefined ? undefined : this.answered.get(askedKey);
		return by === undefined
			? undefined
			: { outcome: { kind: 'answered', reason: 'the question was answered already' }, by };
	}

	/** Keeps a final outcome of the event (and, when the question is over, that it is). */
	remember(event: unknown, target: ResumeTarget, settled: Settled): void {
		const eventKey = eventKeyOf(event, target);
		if (eventKey !== undefined) this.settled.set(eventKey, settled);
		const askedKey = askedKeyOf(event, target);
		if (askedKey !== undefined && (settled.outcome.kind === 'resumed' || settled.outcome.kind === 'answered'))
			this.answered.set(askedKey, settled.by);
	}
}
