/**
 * The Inbox Trigger: a polling trigger (n8n's Poll Times) for an n8n the gateway's webhooks cannot reach.
 * Each poll emits the received messages not emitted before, oldest first (docs/inbox-trigger.md); the
 * walk over the inbox's pages and what is new since the mark are in core/records/inbox-poll.ts.
 */
import type { IDataObject, INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { inboxFilters } from './actions/inbox/getAll.operation';
import { fetchPage, FIELD_LABELS } from './actions/paging';
import { CREDENTIAL_TYPE } from './constants';
import { inboxCall, inboxCallInWords } from './core/records/lists';
import { MAX_PAGE_SIZE } from './core/records/paging';
import { accountKeyOf, activationOutcome, manualOutcome, markOf, MAX_EMITTED_PER_POLL, pollOutcome, settledOutcome, type InboxTriggerState, type PollOutcome } from './core/records/inbox-poll';
import { firstRead, nextRead, startWalk } from './core/records/inbox-walk';
import type { Read } from './core/records/paging';

/** Reads the inbox from its newest end towards the mark; says what this poll emits and the mark it leaves. */
async function pollInbox(ctx: IPollFunctions, mark: string | undefined, manual: boolean): Promise<PollOutcome> {
	const call = inboxCall(ctx.getNodeParameter('filters', {}) as IDataObject);
	if (!call.ok) throw new NodeOperationError(ctx.getNode(), `${FIELD_LABELS[call.field]}: ${call.error}`);
	const walk = startWalk(manual ? undefined : mark, MAX_PAGE_SIZE, undefined, call.keep);
	for (let read: Read | undefined = firstRead(walk); read !== undefined; ) {
		read = nextRead(walk, read, await fetchPage.call(ctx, call, read, 0));
	}
	if (walk.withoutId.size > 0) ctx.logger.warn(`Messaging Gateway Inbox Trigger: ${walk.withoutId.size} listed message(s) without a numeric ID were left out`);
	if (walk.outsized.size > 0) {
		ctx.logger.warn(`Messaging Gateway Inbox Trigger: left out message ID(s) ${[...walk.outsized].slice(0, 3).join(', ')}: far beyond the other IDs of their page (3 digits or more longer), as the last message emitted it would hide every later message`);
	}
	if (walk.failure !== undefined) {
		throw new NodeOperationError(ctx.getNode(), `Cannot read the inbox: ${walk.failure}`, {
			description: 'Nothing was emitted and the last message emitted stays as it was: the next poll reads the inbox again. A filter (Inbox Number, Type) makes the list shorter.',
		});
	}
	if (walk.truncated) {
		ctx.logger.warn(`Messaging Gateway Inbox Trigger: read the newest ${walk.maxRecords} messages without reaching the last message emitted; messages older than those read are not emitted`);
	}
	if (manual) {
		const outcome = manualOutcome(walk);
		// As n8n's own polling triggers do: a test fetch that finds nothing says so, and what it looked for.
		if (outcome.emit.length > 0) return outcome;
		throw new NodeOperationError(ctx.getNode(), 'No received message to fetch', {
			description: `Looked for the newest of the ${inboxCallInWords(call)} (Filters); the gateway's inbox lists none. Send one, or change the Filters, then fetch again.`,
		});
	}
	return mark === undefined ? activationOutcome(walk) : pollOutcome(walk);
}

/** The triggers of this n8n process whose poll runs now, by workflow and node: a poll that outlasts its interval is not joined by the next one. */
const polling = new Set<string>();

export class MessagingGatewayInboxTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Messaging Gateway Inbox Trigger',
		name: 'messagingGatewayInboxTrigger',
		icon: { light: 'file:messagingGateway.svg', dark: 'file:messagingGateway.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ "Every received message" + ($parameter["filters"]["type"] ? " (" + $parameter["filters"]["type"] + ")" : "") }}',
		description: 'Starts the workflow on messages the gateway received, by polling its inbox: no public URL needed',
		eventTriggerDescription: '',
		activationMessage: 'Each poll now starts this workflow once for every message received since the last one, oldest first.',
		defaults: { name: 'Messaging Gateway Inbox Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [
			{
				displayName:
					'Polling reads received messages only (no delivery reports), up to one poll interval late, and cannot answer Send and Wait for Response: use the Messaging Gateway Trigger for those when the gateway can reach this n8n.',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			inboxFilters,
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const manual = this.getMode() === 'manual';
		const key = `${this.getWorkflow().id ?? ''}\n${this.getNode().id ?? this.getNode().name}`;
		if (!manual && polling.has(key)) {
			this.logger.warn('Messaging Gateway Inbox Trigger: the previous poll still runs (a slow gateway); this one is skipped, and the next poll emits what came in meanwhile');
			return null;
		}
		if (!manual) polling.add(key);
		try {
			return await pollOnce(this, manual);
		} finally {
			if (!manual) polling.delete(key);
		}
	}
}

async function pollOnce(ctx: IPollFunctions, manual: boolean): Promise<INodeExecutionData[][] | null> {
	const state = ctx.getWorkflowStaticData('node') as InboxTriggerState;
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	const account = accountKeyOf(credentials.baseUrl, credentials.apiKey);
	const { mark, afresh } = markOf(state, account);
	if (afresh !== undefined && !manual) ctx.logger.warn(`Messaging Gateway Inbox Trigger: starts afresh, as at activation (nothing emitted, the newest message marked): ${afresh}`);
	const walked = await pollInbox(ctx, mark, manual);
	// The mark as kept now, after the walk: what another poll emitted meanwhile is not emitted again.
	const outcome = manual ? walked : settledOutcome(walked, markOf(state, account).mark);
	if (!manual && outcome.mark !== undefined) Object.assign(state, { lastId: outcome.mark, account });
	if (outcome.leftForNextPoll > 0) {
		ctx.logger.info(`Messaging Gateway Inbox Trigger: emitted the oldest ${MAX_EMITTED_PER_POLL} new messages (the most per poll); ${outcome.leftForNextPoll} more come on the next poll`);
	}
	if (outcome.emit.length === 0) return null;
	return [ctx.helpers.returnJsonArray(outcome.emit as IDataObject[])];
}
