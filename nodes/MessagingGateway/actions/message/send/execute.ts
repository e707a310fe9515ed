/**
 * The requests of a send run: items that differ only in their recipients share a request (Batch
 * Recipients), requests run with bounded concurrency, the first failure stops new requests, an
 * answer counts only with a message id per recipient, n8n's Retry On Fail never sends an accepted
 * item twice, and an error that stops the run lists what was already sent.
 */
import type { IDataObject, IExecuteData, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { SendRequestBody } from '../../../core/send';
import { asNodeError, gatewayRequest } from '../../../transport';
import type { RunSettings } from './options';

/** One item's checked request: its position among the items, its body and its normalised recipients. */
export interface PlannedSend {
	index: number;
	body: SendRequestBody;
	recipients: readonly string[];
}

/** What the gateway accepted for one item: the request it answered and the message ids it gave. */
export interface Accepted {
	request: string;
	messageids: string[];
	recipients: string[];
}

export interface SendResults {
	accepted: Map<number, Accepted>;
	/** With Continue On Fail: the items whose request failed, with the error. */
	failed: Map<number, NodeApiError | NodeOperationError>;
}

/** A request to make: the items it serves, in input order, and the body to send. */
interface Batch {
	members: PlannedSend[];
	body: SendRequestBody;
	recipients: string[];
}

/**
 * Sends the gateway accepted in this run of the node, kept while n8n retries it. WorkflowExecute
 * retries a node ("Retry On Fail") by calling execute() again with the same execution data object,
 * within the same process (also in queue mode); a new run (another execution, or the node's next
 * run in a loop) gets a new object. Held weakly in memory: nothing is persisted, and the phone
 * numbers go when n8n drops the execution.
 */
const acceptedInRun = new WeakMap<IExecuteData, Map<number, Accepted>>();

function acceptedSends(ctx: IExecuteFunctions): Map<number, Accepted> {
	const key = ctx.getExecuteData();
	let accepted = acceptedInRun.get(key);
	if (!accepted) {
		accepted = new Map();
		acceptedInRun.set(key, accepted);
	}
	return accepted;
}

/** Everything of a send except its recipients: two sends with the same key can share a request. */
function batchKey(body: SendRequestBody): string {
	const fields = Object.entries(body).filter(([key]) => key !== 'to');
	return JSON.stringify(fields.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Groups consecutive sends with the same batch key into requests of at most `size` recipients
 * (docs/gateway-api.md#send-sms: `to` as an array, `messageids` in its order). A send alone in its
 * group keeps its own body (`to` as it was built), so it makes exactly the request it made before
 * batching existed. A send with more recipients than `size` goes alone; `size` 0 sends each alone.
 */
function planBatches(sends: readonly PlannedSend[], size: number): Batch[] {
	const groups: PlannedSend[][] = [];
	let current: PlannedSend[] = [];
	let key: string | undefined;
	let count = 0;
	for (const send of sends) {
		const sendKey = batchKey(send.body);
		if (current.length > 0 && (sendKey !== key || count + send.recipients.length > size)) {
			groups.push(current);
			current = [];
			count = 0;
		}
		current.push(send);
		key = sendKey;
		count += send.recipients.length;
	}
	if (current.length > 0) groups.push(current);
	return groups.map((group) => {
		const recipients = group.flatMap((send) => [...send.recipients]);
		return { members: group, body: group.length === 1 ? group[0].body : { ...group[0].body, to: recipients }, recipients };
	});
}

/**
 * Runs `task` over `items` with at most `limit` running at once; results keep the input order.
 * After a task fails, no new task starts and the first failure is thrown once the running ones end.
 */
export async function mapWithConcurrency<T, R>(
	items: readonly T[],
	limit: number,
	task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
	if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`concurrency must be a whole number of at least 1, not ${limit}`);
	const results = new Array<R>(items.length);
	let next = 0;
	let failure: { error: unknown } | undefined;
	const worker = async () => {
		while (failure === undefined && next < items.length) {
			const index = next++;
			try {
				results[index] = await task(items[index], index);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	const workers = Math.min(limit, items.length);
	await Promise.all(Array.from({ length: workers }, worker));
	if (failure) throw failure.error;
	return results;
}

/** The send answers 200 with `messageid`, or `messageids` in the order of `to` (docs/gateway-api.md#send-sms). */
const SEND_ANSWER_STATUS = 200;

/** The message ids of a 2xx answer, one per recipient; a NodeApiError when the answer does not confirm the send. */
function confirmedIds(ctx: IExecuteFunctions, body: IDataObject, count: number, itemIndex: number): string[] {
	const ids = Array.isArray(body.messageids) ? body.messageids : body.messageid !== undefined ? [body.messageid] : [];
	const valid = ids.filter((id): id is string => typeof id === 'string' && id !== '');
	if (valid.length === count && valid.length === ids.length) return valid;
	const missing = count === 1 ? 'the recipient' : `each of the ${count} recipients`;
	// Only the ids go into the error: an answer from something that is not the gateway may echo the request's headers.
	const error = new NodeApiError(ctx.getNode(), { messageid: body.messageid ?? null, messageids: body.messageids ?? null } as JsonObject, {
		message: `The gateway did not confirm the send: the answer has no message id for ${missing}`,
		description: `It answered HTTP ${SEND_ANSWER_STATUS} without the expected message ids, so this item is not counted as sent. Check that the Base URL points at the gateway's API.`,
		httpCode: String(SEND_ANSWER_STATUS),
		itemIndex,
	});
	Object.assign(error.context, { code: null, httpCode: SEND_ANSWER_STATUS });
	throw error;
}

/** Adds to `error` which items had already been sent when the run stopped, with their message ids. */
function withSentItems(error: NodeApiError | NodeOperationError, accepted: Map<number, Accepted>, total: number) {
	const sent = [...accepted.entries()].sort(([a], [b]) => a - b);
	const list = sent.map(([item, { messageids, recipients }]) => ({ item, to: recipients, messageids }));
	error.context.sentItems = list;
	error.context.sentCount = list.length;
	const summary =
		list.length === 0
			? 'No item had been sent when the run stopped.'
			: `${list.length} of ${total} items had been sent when the run stopped (items ${list.map((entry) => entry.item).join(', ')}); no further item was started.`;
	if (total > 1) error.message = `${error.message}. ${summary}`;
	const ids = list.map((entry) => `item ${entry.item}: ${entry.messageids.join(', ')}`).join('; ');
	error.description = [error.description, list.length > 0 ? `Sent, with message ids: ${ids}.` : undefined].filter(Boolean).join(' ');
	return error;
}

/**
 * Sends the planned items to `endpoint`; `itemCount` is the number of input items (for the error
 * that stops the run). With Continue On Fail a failed request fails every item of its batch.
 */
export async function sendPlanned(
	ctx: IExecuteFunctions,
	endpoint: string,
	planned: readonly PlannedSend[],
	settings: RunSettings,
	itemCount: number,
): Promise<SendResults> {
	const accepted = acceptedSends(ctx);
	const failed = new Map<number, NodeApiError | NodeOperationError>();
	const requestOf = (send: PlannedSend) => JSON.stringify([endpoint, send.body]);
	// Retry On Fail: an item the gateway accepted in an earlier try of this run is not sent again.
	const batches = planBatches(
		planned.filter((send) => accepted.get(send.index)?.request !== requestOf(send)),
		settings.batchSize,
	);
	const send = async (batch: Batch) => {
		const itemIndex = batch.members[0].index;
		const request = { method: 'POST' as const, path: endpoint, body: batch.body as unknown as IDataObject, itemIndex, timeoutMs: settings.timeoutMs };
		const body = await gatewayRequest.call(ctx, request);
		const ids = confirmedIds(ctx, body, batch.recipients.length, itemIndex);
		// The gateway answers the ids in the order of `to`: each item takes its own recipients' ids.
		let offset = 0;
		for (const member of batch.members) {
			const recipients = [...member.recipients];
			accepted.set(member.index, { request: requestOf(member), messageids: ids.slice(offset, offset + recipients.length), recipients });
			offset += recipients.length;
		}
	};
	try {
		await mapWithConcurrency(batches, settings.concurrency, async (batch) => {
			try {
				await send(batch);
			} catch (error) {
				const nodeError = asNodeError(ctx, error, batch.members[0].index);
				if (!ctx.continueOnFail()) throw nodeError;
				for (const member of batch.members) failed.set(member.index, nodeError);
			}
		});
	} catch (error) {
		throw withSentItems(asNodeError(ctx, error, 0), accepted, itemCount);
	}
	return { accepted, failed };
}
