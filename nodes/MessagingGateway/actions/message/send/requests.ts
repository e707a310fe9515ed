/**
 * How an item's recipients become requests: split into requests of at most Batch Size (or the
 * gateway's limit), items that differ only in their recipients sharing a request (Batch Recipients),
 * and a request remade for some of its recipients (sending around an opted-out one).
 */
import type { IDataObject } from 'n8n-workflow';

import type { LoopGuard } from '../../../core/sending/loop-guard';
import type { SegmentCount } from '../../../core/sending/segments';
import type { MergedRecipients, SendRequestBody } from '../../../core/sending/send';
import type { FallbackReason } from '../../../core/whatsapp/fallback';
import type { SmartEncoding } from '../smart-encoding';

/** One item's checked request: its position among the items, its body and its distinct recipients. */
export interface PlannedSend {
	index: number;
	body: SendRequestBody;
	recipients: readonly string[];
}

/** An item's checked request, with its length and the numbers written several ways. */
export interface Planned extends PlannedSend {
	length: SegmentCount;
	merged: MergedRecipients;
	/** With Smart Encoding: the message as written and the characters replaced (`body.message` is what is sent). */
	smart?: SmartEncoding;
	/** The item's options as read for it: its cost guards and credits are its own (an expression may differ per item). */
	options: IDataObject;
	/** Loop Guard, when the item has it (one recipient: loop-guard.ts). */
	loopGuard?: LoopGuard;
	/** An SMS sent instead of a WhatsApp message (SMS Fallback), and why. */
	fallbackReason?: FallbackReason;
}

/** Part of one item's recipients, with the body that sends to them. */
export interface Part<P> {
	plan: P;
	index: number;
	body: SendRequestBody;
	recipients: string[];
}

/** A request to make: the parts it serves, in input order, and the body to send. */
export interface Batch<P> {
	members: Array<Part<P>>;
	body: SendRequestBody;
	recipients: string[];
}

/**
 * An item's recipients still to send, in requests of at most `size`. An item sent whole keeps its
 * own body (`to` as it was built), so it makes exactly the request it made before; a part carries
 * only its recipients.
 */
export function partsOf<P extends PlannedSend>(plan: P, pending: string[], size: number): Array<Part<P>> {
	if (pending.length === plan.recipients.length && pending.length <= size)
		return [{ plan, index: plan.index, body: plan.body, recipients: pending }];
	const parts: Array<Part<P>> = [];
	for (let start = 0; start < pending.length; start += size) {
		const recipients = pending.slice(start, start + size);
		parts.push({
			plan,
			index: plan.index,
			body: { ...plan.body, to: recipients.length === 1 ? recipients[0] : recipients },
			recipients,
		});
	}
	return parts;
}

/** Everything of a send except its recipients: two sends with the same key can share a request. */
function batchKey(body: SendRequestBody): string {
	const fields = Object.entries(body).filter(([key]) => key !== 'to');
	return JSON.stringify(fields.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Groups consecutive parts with the same batch key into requests of at most `size` recipients
 * (docs/gateway-api.md#send-sms: `to` as an array, `messageids` in its order). A part alone in its
 * group keeps its own body; `size` 0 sends each part alone.
 */
export function planBatches<P>(parts: ReadonlyArray<Part<P>>, size: number): Array<Batch<P>> {
	const groups: Array<Array<Part<P>>> = [];
	let current: Array<Part<P>> = [];
	let key: string | symbol | undefined;
	let count = 0;
	for (const part of parts) {
		// A group send goes alone: its `to` is one group's ID.
		const partKey = part.body.type === 'group' ? Symbol('group send') : batchKey(part.body);
		if (current.length > 0 && (partKey !== key || count + part.recipients.length > size)) {
			groups.push(current);
			current = [];
			count = 0;
		}
		current.push(part);
		key = partKey;
		count += part.recipients.length;
	}
	if (current.length > 0) groups.push(current);
	return groups.map((group) => {
		const recipients = group.flatMap((part) => part.recipients);
		return {
			members: group,
			body: group.length === 1 ? group[0].body : { ...group[0].body, to: recipients },
			recipients,
		};
	});
}

/** The request for some of a batch's recipients (`entries`, in the batch's order). */
export function subBatch<P>(batch: Batch<P>, entries: ReadonlyArray<{ member: Part<P>; to: string }>): Batch<P> {
	const members: Array<Part<P>> = [];
	for (const { member, to } of entries) {
		const last = members[members.length - 1];
		if (last?.index === member.index && last.plan === member.plan) last.recipients.push(to);
		else members.push({ ...member, recipients: [to] });
	}
	for (const member of members)
		member.body = { ...member.body, to: member.recipients.length === 1 ? member.recipients[0] : member.recipients };
	const recipients = members.flatMap((member) => member.recipients);
	return { members, body: members.length === 1 ? members[0].body : { ...batch.body, to: recipients }, recipients };
}
