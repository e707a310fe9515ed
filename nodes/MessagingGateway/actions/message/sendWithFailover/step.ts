/**
 * One node of Send with Failover's chain (chain.ts): a Send and Wait node whose step comes with its item. Unless the
 * chain ended before it, it sends its message as Send SMS, Send Template or Send Voice Message sends one (every check,
 * Loop Guard, Quiet Hours, the opt-out list, no second send after an unknown outcome), then waits until its report or
 * its minutes, like a question waits (the resume link rides in the message's reference). It never fails once
 * something may have been sent: a refusal or an error is the step's outcome, so Retry On Fail never sends it again.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import {
	goesOn,
	judgeLateEvent,
	judgeStepEvent,
	MAX_STEPS,
	OUTPUT_CHANNEL,
	outcomeAtDeadline,
	type StepDecision,
	type StepRecord,
} from '../../../core/failover/steps';
import { isObject } from '../../../core/objects';
import { stepNodeId } from '../../../core/questions/forwarding';
import { encodeResumeReference, parseSignedResumeUrl, resumeSignaturesIn } from '../../../core/questions/resume-link';
import { redactDeep } from '../../../core/secrets/redact';
import { operationError } from '../../../nodeErrors';
import { failoverOutput, HOLD_NODE, RESULT_NODE, stateOf, type FailoverState } from './chain';
import { stepSend, withStepParameters } from './sends';

/** The hidden parameter that makes a Send and Wait node one of the chain's nodes (chain.ts); never in the panel. */
export const failoverStepField = (show: IDataObject): INodeProperties => ({
	displayName: 'Failover Step',
	name: 'failoverStep',
	type: 'hidden',
	default: '',
	displayOptions: { show: show as NonNullable<INodeProperties['displayOptions']>['show'] },
});
/** The step a node of the chain runs ("1", "2", …, or the result), when it is one. */
export const failoverStepOf = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== '' ? value : undefined;

/** Send and Wait's `execute`, unless the node is one of a failover chain's: then its step's. */
export const orFailoverStep = (execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[]>) =>
	async function (this: IExecuteFunctions): Promise<INodeExecutionData[]> {
		const step = failoverStepOf(this.getNodeParameter('failoverStep', 0, ''));
		return step ? await executeFailoverStep(this, step) : await execute.call(this);
	};

const passOn = (json: IDataObject): INodeExecutionData[] => [{ json, pairedItem: { item: 0 } }];
/** The chain, as the item a step node passes on. */
const passChain = (state: FailoverState) => passOn({ failover: state } as unknown as IDataObject);

/** The chain with the step's record, ended unless the record passes the person on to a next step. */
function recorded(state: FailoverState, record: StepRecord): FailoverState {
	const index = state.records.length;
	const last = index + 1 >= state.steps.length;
	const stops = record.skipped === 'optedOut' || record.skipped === 'loopGuard';
	const ended = last || stops || !goesOn(state.steps[index].goOnWhen, record.outcome);
	return { ...state, records: [...state.records, record], ended };
}

/** The step's send: its record when it did not go out (refused, skipped), else its message id and time. */
async function sendOnce(ctx: IExecuteFunctions, state: FailoverState, reference: string): Promise<StepRecord> {
	const step = state.steps[state.records.length];
	const channel = OUTPUT_CHANNEL[step.channel];
	const signatures = resumeSignaturesIn(reference);
	let json: IDataObject;
	try {
		const stepCtx = withStepParameters(ctx, state, step);
		json = (await stepSend(stepCtx, step.channel, reference))[0]?.json ?? { error: 'The gateway answered nothing' };
	} catch (error) {
		json = { error: (error as Error).message };
	}
	json = redactDeep(json, signatures);
	if (typeof json.skipped === 'string') return { channel, outcome: 'refused', skipped: json.skipped };
	if (json.error !== undefined || typeof json.messageid !== 'string')
		return { channel, outcome: 'refused', error: String(json.error ?? 'The gateway gave no message id') };
	const sentAt = typeof json.deferredTo === 'string' ? json.deferredTo : new Date().toISOString();
	return { channel, outcome: 'noReport', messageId: json.messageid, sentAt };
}

export async function executeFailoverStep(ctx: IExecuteFunctions, which: string): Promise<INodeExecutionData[]> {
	const input = ctx.getInputData()[0]?.json ?? {};
	const state = stateOf(input.failover);
	if (!state)
		throw operationError(ctx.getNode(), 'This node is part of a Send with Failover chain and got no chain', {
			description: 'Nothing was sent.',
		});
	if (which === RESULT_NODE) return passOn(failoverOutput(state));
	if (which === HOLD_NODE) return await holdStep(ctx, state);
	// A step after the chain ended, or a step that already ran, passes the chain on untouched.
	if (state.ended || state.records.length !== Number(which) - 1) return passOn(input);
	const link = parseSignedResumeUrl(ctx.getSignedResumeUrl());
	const reference = link.ok ? encodeResumeReference(link.value) : link;
	if (!reference.ok) {
		const error = `This n8n cannot carry the report back: ${reference.error}`;
		const channel = OUTPUT_CHANNEL[state.steps[state.records.length].channel];
		return passChain(recorded(state, { channel, outcome: 'refused', error }));
	}
	const record = await sendOnce(ctx, state, reference.value);
	if (record.messageId === undefined) return passChain(recorded(state, record));
	const step = state.steps[state.records.length];
	const atDeadline = recorded(state, { ...record, outcome: outcomeAtDeadline(step.goOnWhen) });
	return await waitUntil(ctx, atDeadline, deadlineOf(atDeadline));
}

/** When the last step that went out gives up: its minutes after it went out (epoch ms). */
const deadlineOf = ({ records, steps }: FailoverState) =>
	Date.parse(records.at(-1)!.sentAt!) + steps[records.length - 1].withinMinutes * 60_000;

/**
 * Puts the execution to wait until `until` (epoch ms). While it waits, the node's input is what n8n passes on when the
 * minutes run out (no code runs then): the chain as it goes on at the deadline.
 */
async function waitUntil(ctx: IExecuteFunctions, atDeadline: FailoverState, until: number) {
	const waiting = ctx.getExecuteData();
	waiting.data.main[0] = passChain(atDeadline);
	// n8n marks a resumed node disabled; each node keeps its own copy (see Send and Wait).
	waiting.node = deepCopy(waiting.node);
	(ctx as IExecuteFunctions & { setSignatureValidationRequired?: () => void }).setSignatureValidationRequired?.();
	await ctx.putExecutionToWait(new Date(until));
	return passChain(atDeadline);
}

/** A step's hold: after a late report of an earlier step resumed the step, it waits on until the step's deadline. */
async function holdStep(ctx: IExecuteFunctions, state: FailoverState): Promise<INodeExecutionData[]> {
	const { holding, ...held } = state;
	const until = holding === undefined ? Number.NaN : Date.parse(holding);
	return until > Date.now() ? await waitUntil(ctx, held, until) : passChain(held);
}

/** What the waiting step kept: the chain as it would go on at the deadline. */
function keptState(ctx: IWebhookFunctions): FailoverState | undefined {
	try {
		const kept: unknown = ctx.evaluateExpression('{{ $json }}', 0);
		return isObject(kept) ? stateOf(kept.failover) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The waiting webhooks a chain node serves besides its own: one per step, at the path of the link that step's message
 * carries (its node's id), so that a report for step j reaches whichever node of the chain waits. Any other node of
 * this type serves them at its own path, behind its own webhook: never reached.
 */
export const FAILOVER_LINK_WEBHOOKS: IWebhookDescription[] = Array.from({ length: MAX_STEPS }, (_, index) => ({
	// n8n's type lists the names of trigger webhooks; a waiting webhook's name is only told back (getWebhookName).
	name: `failoverStep${index + 1}` as IWebhookDescription['name'],
	httpMethod: 'POST',
	responseMode: 'onReceived',
	responseData: '',
	path: `={{ $parameter.failoverStep ? '${stepNodeId(index + 1)}' : $nodeId }}`,
	restartWebhook: true,
	isFullPath: true,
}));

/** The step whose message's link a report came by: the node's own step, or the step its webhook's name tells. */
function linkStep(ctx: IWebhookFunctions, which: string | undefined): number {
	const name = ctx.getWebhookName();
	const named = /^failoverStep(\d+)$/.exec(name);
	return named ? Number(named[1]) : name === 'default' ? Number(which) : Number.NaN;
}

const notResumed = (reason: string): IWebhookResponseData => ({ webhookResponse: { resumed: false, reason } });
const resumeWith = (state: FailoverState): IWebhookResponseData => ({
	webhookResponse: { resumed: true },
	workflowData: [passChain(state)],
});
const reportOf = ({ outcome, reportAt, deliveryCode }: Extract<StepDecision, { resume: true }>) => ({
	outcome,
	...(reportAt ? { reportAt } : {}),
	...(deliveryCode ? { deliveryCode } : {}),
});

/**
 * A report handed on by the trigger. For the waiting step's message: its outcome when it ends the step, else the step
 * keeps waiting. For an earlier step given up before (a late report): recorded once, and the waiting step waits on in
 * its next hold until its own deadline; nothing is sent again. Step k has k − 1 holds: one per step before it.
 */
export function failoverStepWebhook(ctx: IWebhookFunctions): IWebhookResponseData {
	const kept = keptState(ctx);
	const which = failoverStepOf(ctx.getNodeParameter('failoverStep', ''));
	const waitingFor = kept?.records.at(-1);
	if (!kept || !waitingFor?.messageId) return notResumed('the step keeps nothing to judge by');
	const step = linkStep(ctx, which);
	const current = kept.records.length;
	const to = kept.to.replace(/\D/g, '');
	if (step === current) {
		const goOnWhen = kept.steps[current - 1].goOnWhen;
		const decision = judgeStepEvent(ctx.getBodyData(), { messageId: waitingFor.messageId, to, goOnWhen });
		if (!decision.resume) return notResumed(decision.reason);
		const before = { ...kept, records: kept.records.slice(0, -1) };
		return resumeWith(recorded(before, { ...waitingFor, ...reportOf(decision) }));
	}
	if (!(step >= 1 && step < current)) return notResumed('the report is for no step this node knows');
	const record = kept.records[step - 1];
	const decision = judgeLateEvent(ctx.getBodyData(), record, { to, goOnWhen: kept.steps[step - 1].goOnWhen });
	if (!decision.resume) return notResumed(decision.reason);
	const records = kept.records.map((each, index) =>
		index === step - 1 ? { ...each, late: reportOf(decision) } : each,
	);
	return resumeWith({ ...kept, records, holding: new Date(deadlineOf(kept)).toISOString() });
}
