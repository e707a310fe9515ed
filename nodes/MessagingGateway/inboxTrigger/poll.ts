/**
 * One poll of the Inbox Trigger (docs/inbox-trigger.md): the mark it starts from, the walk over the inbox
 * from its newest end (walk.ts, read page by page through lists.ts), what it emits and the mark it leaves
 * (mark.ts). A poll that outlasts its interval is not joined by the next one.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../constants';
import { inboxCall, inboxCallInWords } from '../core/lists/calls';
import { MAX_PAGE_SIZE } from '../core/lists/pages';
import { withSenderKind } from '../core/numbers/sender-kind';
import { FIELD_LABELS } from '../descriptions/lists';
import { walkPages } from '../lists';
import {
	accountKeyOf,
	activationOutcome,
	manualOutcome,
	markOf,
	MAX_EMITTED_PER_POLL,
	pollOutcome,
	settledOutcome,
	type InboxTriggerState,
	type PollOutcome,
} from './mark';
import { firstRead, nextRead, startWalk } from './walk';
import { operationError } from '../nodeErrors';

/** Reads the inbox from its newest end towards the mark; says what this poll emits and the mark it leaves. */
async function pollInbox(ctx: IPollFunctions, mark: string | undefined, manual: boolean): Promise<PollOutcome> {
	const call = inboxCall(ctx.getNodeParameter('filters', {}) as IDataObject);
	if (!call.ok) throw operationError(ctx.getNode(), `${FIELD_LABELS[call.field]}: ${call.error}`);
	const walk = startWalk(manual ? undefined : mark, MAX_PAGE_SIZE, undefined, call.keep);
	await walkPages.call(ctx, call, firstRead(walk), (read, page) => nextRead(walk, read, page));
	if (walk.withoutId.size > 0)
		ctx.logger.warn(
			`Messaging Gateway Inbox Trigger: ${walk.withoutId.size} listed message(s) without a numeric ID were left out`,
		);
	if (walk.outsized.size > 0) {
		ctx.logger.warn(
			`Messaging Gateway Inbox Trigger: left out message ID(s) ${[...walk.outsized].slice(0, 3).join(', ')}: far beyond the other IDs of their page (3 digits or more longer), as the last message emitted it would hide every later message`,
		);
	}
	if (walk.failure !== undefined) {
		throw operationError(ctx.getNode(), `Cannot read the inbox: ${walk.failure}`, {
			description:
				'Nothing was emitted and the last message emitted stays as it was: the next poll reads the inbox again. A filter (Inbox Number, Type) makes the list shorter.',
		});
	}
	if (walk.truncated) {
		ctx.logger.warn(
			`Messaging Gateway Inbox Trigger: read the newest ${walk.maxRecords} messages without reaching the last message emitted; messages older than those read are not emitted`,
		);
	}
	if (manual) {
		const outcome = manualOutcome(walk);
		// As n8n's own polling triggers do: a test fetch that finds nothing says so, and what it looked for.
		if (outcome.emit.length > 0) return outcome;
		throw operationError(ctx.getNode(), 'No received message to fetch', {
			description: `Looked for the newest of the ${inboxCallInWords(call)} (Filters); the gateway's inbox lists none. Send one, or change the Filters, then fetch again.`,
		});
	}
	return mark === undefined ? activationOutcome(walk) : pollOutcome(walk);
}

/** The triggers of this n8n process whose poll runs now, by workflow and node: a poll that outlasts its interval is not joined by the next one. */
const polling = new Set<string>();

/** What the node's poll() returns: this poll's messages, or null when there is nothing to emit (or the previous poll still runs). */
export async function pollTrigger(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const manual = ctx.getMode() === 'manual';
	const key = `${ctx.getWorkflow().id ?? ''}\n${ctx.getNode().id ?? ctx.getNode().name}`;
	if (!manual && polling.has(key)) {
		ctx.logger.warn(
			'Messaging Gateway Inbox Trigger: the previous poll still runs (a slow gateway); this one is skipped, and the next poll emits what came in meanwhile',
		);
		return null;
	}
	if (!manual) polling.add(key);
	try {
		return await pollOnce(ctx, manual);
	} finally {
		if (!manual) polling.delete(key);
	}
}

async function pollOnce(ctx: IPollFunctions, manual: boolean): Promise<INodeExecutionData[][] | null> {
	const state = ctx.getWorkflowStaticData('node') as InboxTriggerState;
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const account = accountKeyOf(credentials.baseUrl, credentials.apiKey);
	const { mark, afresh } = markOf(state, account);
	if (afresh !== undefined && !manual)
		ctx.logger.warn(
			`Messaging Gateway Inbox Trigger: starts afresh, as at activation (nothing emitted, the newest message marked): ${afresh}`,
		);
	const walked = await pollInbox(ctx, mark, manual);
	// The mark as kept now, after the walk: what another poll emitted meanwhile is not emitted again.
	const outcome = manual ? walked : settledOutcome(walked, markOf(state, account).mark);
	if (!manual && outcome.mark !== undefined) Object.assign(state, { lastId: outcome.mark, account });
	if (outcome.leftForNextPoll > 0) {
		ctx.logger.info(
			`Messaging Gateway Inbox Trigger: emitted the oldest ${MAX_EMITTED_PER_POLL} new messages (the most per poll); ${outcome.leftForNextPoll} more come on the next poll`,
		);
	}
	if (outcome.emit.length === 0) return null;
	// Each message gains `senderKind`: number, short code or alphanumeric (core/numbers/sender-kind.ts).
	const items = (outcome.emit as IDataObject[]).map((message) => withSenderKind(message, message.sender));
	return [ctx.helpers.returnJsonArray(items)];
}
