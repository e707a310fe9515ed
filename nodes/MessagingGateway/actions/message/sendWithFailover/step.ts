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
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import {
	goesOn,
	judgeStepEvent,
	OUTPUT_CHANNEL,
	outcomeAtDeadline,
	type StepRecord,
} from '../../../core/failover/steps';
import { isObject } from '../../../core/objects';
import { encodeResumeReference, parseSignedResumeUrl, resumeSignaturesIn } from '../../../core/questions/resume-link';
import { redactDeep } from '../../../core/secrets/redact';
import { operationError } from '../../../nodeErrors';
import { failoverOutput, RESULT_NODE, stateOf, type FailoverState } from './chain';
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
	// While waiting, the node's input is what n8n passes on when the minutes run out (no code runs then).
	const atDeadline = recorded(state, { ...record, outcome: outcomeAtDeadline(step.goOnWhen) });
	const waiting = ctx.getExecuteData();
	waiting.data.main[0] = passChain(atDeadline);
	// n8n marks a resumed node disabled; each step node keeps its own copy (see Send and Wait).
	waiting.node = deepCopy(waiting.node);
	(ctx as IExecuteFunctions & { setSignatureValidationRequired?: () => void }).setSignatureValidationRequired?.();
	await ctx.putExecutionToWait(new Date(Date.parse(record.sentAt!) + step.withinMinutes * 60_000));
	return passChain(atDeadline);
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

/** A report handed on by the trigger: the step's outcome when it ends the step, else the step keeps waiting. */
export function failoverStepWebhook(ctx: IWebhookFunctions): IWebhookResponseData {
	const kept = keptState(ctx);
	const record = kept?.records.at(-1);
	if (!kept || !record?.messageId)
		return { webhookResponse: { resumed: false, reason: 'the step keeps nothing to judge by' } };
	const index = kept.records.length - 1;
	const step = kept.steps[index];
	const decision = judgeStepEvent(ctx.getBodyData(), {
		messageId: record.messageId,
		to: kept.to.replace(/\D/g, ''),
		goOnWhen: step.goOnWhen,
	});
	if (!decision.resume) return { webhookResponse: { resumed: false, reason: decision.reason } };
	const { outcome, reportAt, deliveryCode } = decision;
	const ended: StepRecord = {
		...record,
		outcome,
		...(reportAt ? { reportAt } : {}),
		...(deliveryCode ? { deliveryCode } : {}),
	};
	const state = recorded({ ...kept, records: kept.records.slice(0, index) }, ended);
	return {
		webhookResponse: { resumed: true },
		workflowData: [passChain(state)],
	};
}
