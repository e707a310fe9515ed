/**
 * Batching of sends: consecutive sends that differ only in their recipients go to the gateway as one
 * request with `to` as an array (docs/gateway-api.md#send-sms), which answers `messageids` in the order of
 * `to`. The gateway does not document how many recipients one request may carry (docs/gateway-api.md#limits); we assume
 * MAX_RECIPIENTS_PER_REQUEST, and the emulator enforces the same number.
 */
import type { SendRequestBody } from './send';

/** Our assumed limit of recipients in one send request; the emulator refuses more with code 113. */
export const MAX_RECIPIENTS_PER_REQUEST = 100;
export const DEFAULT_BATCH_SIZE = MAX_RECIPIENTS_PER_REQUEST;

/** One planned send: its position among the items, its body and its normalised recipients. */
export interface BatchMember {
	index: number;
	body: SendRequestBody;
	recipients: readonly string[];
}

/** A request to make: the members it serves, in input order, and the body to send. */
export interface Batch<M extends BatchMember> {
	members: M[];
	body: SendRequestBody;
	recipients: string[];
}

/** Everything of a send except its recipients: two sends with the same key can share a request. */
function batchKey(body: SendRequestBody): string {
	const fields = Object.entries(body).filter(([key]) => key !== 'to');
	return JSON.stringify(fields.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Groups consecutive members with the same batch key into requests of at most `size` recipients.
 * A member alone in its group is sent with its own body unchanged (`to` as it was built), so a send
 * that batches with nothing makes exactly the request it made before batching existed. A member
 * with more recipients than `size` goes alone; `size` 0 sends every member alone.
 */
export function planBatches<M extends BatchMember>(members: readonly M[], size: number): Array<Batch<M>> {
	const groups: M[][] = [];
	let current: M[] = [];
	let key: string | undefined;
	let count = 0;
	for (const member of members) {
		const memberKey = batchKey(member.body);
		if (current.length > 0 && (memberKey !== key || count + member.recipients.length > size)) {
			groups.push(current);
			current = [];
			count = 0;
		}
		current.push(member);
		key = memberKey;
		count += member.recipients.length;
	}
	if (current.length > 0) groups.push(current);
	return groups.map((group) => {
		const recipients = group.flatMap((member) => [...member.recipients]);
		const body = group.length === 1 ? group[0].body : { ...group[0].body, to: recipients };
		return { members: group, body, recipients };
	});
}
