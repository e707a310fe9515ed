/**
 * What this run of the node already did, per recipient, kept while n8n retries it ("Retry On
 * Fail"): the sends the gateway accepted, those whose outcome is unknown, and the recipients it
 * refused as opted out. Keyed by what identifies a send — the operation's endpoint, the input item
 * and the recipient — never by the request body, so an expression that evaluates differently on
 * the retry (`$now`, a schedule date) does not make an accepted send look new.
 */
import type { IDataObject, IExecuteData, IExecuteFunctions } from 'n8n-workflow';

import type { FallbackReason } from '../../../core/whatsapp/fallback';

/** An accepted send: its message id and the item's checked send when it was accepted (for the output). */
export interface AcceptedSend<P> {
	kind: 'accepted';
	endpoint: string;
	item: number;
	to: string;
	messageid: string;
	/** A group send: the gateway's id of each message it sent to the group's contacts (`messageid` is the first). */
	messageids?: string[];
	/** What the gateway's answer said besides the message ids, when it said more. */
	answer?: IDataObject;
	plan: P;
}

/** A send whose request ended without knowing whether the gateway processed it, and why. */
export interface UnknownSend {
	kind: 'unknown';
	endpoint: string;
	item: number;
	to: string;
	message: string;
	code: string | null;
	httpCode: number | null;
}

/** A recipient the gateway refused with 131 (on the opt-out list): nothing was sent to it, and it is not tried again. */
export interface OptedOutSend<P> {
	kind: 'optedOut';
	to: string;
	plan: P;
}

/** A recipient refused for a reason that sends it an SMS instead (WhatsApp's SMS Fallback): nothing was sent to it on this channel. */
export interface FallbackSend<P> {
	kind: 'fallback';
	endpoint: string;
	item: number;
	to: string;
	plan: P;
	reason: FallbackReason;
}

export type RememberedSend<P> = AcceptedSend<P> | UnknownSend | OptedOutSend<P> | FallbackSend<P>;

export type RunMemory<P> = Map<string, RememberedSend<P>>;

/**
 * WorkflowExecute retries a node by calling execute() again with the same execution data object,
 * within the same process (also in queue mode); a new run (another execution, or the node's next
 * run in a loop) gets a new object. Held weakly in memory: nothing is persisted, and the phone
 * numbers go when n8n drops the execution.
 */
const memories = new WeakMap<IExecuteData, RunMemory<unknown>>();

export function runMemory<P>(ctx: IExecuteFunctions): RunMemory<P> {
	const key = ctx.getExecuteData();
	let memory = memories.get(key);
	if (!memory) {
		memory = new Map();
		memories.set(key, memory);
	}
	return memory as RunMemory<P>;
}

export const sendKey = (endpoint: string, item: number, to: string) => JSON.stringify([endpoint, item, to]);

/**
 * The recipients `endpoint` refused for SMS Fallback, in input order: while the WhatsApp requests are under way none of
 * them has had its SMS yet, so a run that stops there names them (and a retry that stops before any request too).
 */
export const refusedRecipients = <P>(memory: RunMemory<P>, endpoint: string): Array<{ item: number; to: string }> =>
	[...memory.values()]
		.filter((send): send is FallbackSend<P> => send.kind === 'fallback' && send.endpoint === endpoint)
		.map(({ item, to }) => ({ item, to }))
		.sort((a, b) => a.item - b.item);

/** The accepted sends of `endpoint`, per item in input order, with their recipients and message ids. */
export function sentItems<P>(
	memory: RunMemory<P>,
	endpoint: string,
): Array<{ item: number; to: string[]; messageids: string[] }> {
	const byItem = new Map<number, { item: number; to: string[]; messageids: string[] }>();
	for (const send of memory.values()) {
		if (send.kind !== 'accepted' || send.endpoint !== endpoint) continue;
		const entry = byItem.get(send.item) ?? { item: send.item, to: [], messageids: [] };
		entry.to.push(send.to);
		entry.messageids.push(...(send.messageids ?? [send.messageid]));
		byItem.set(send.item, entry);
	}
	return [...byItem.values()].sort((a, b) => a.item - b.item);
}
