/**
 * A failover step's message, sent by the same machinery as Send SMS, Send Template and Send Voice Message
 * (send/run.ts): the step's fields and the node's Options are read as those operations read their parameters.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import type { FailoverChannel } from '../../../core/failover/steps';
import { isObject } from '../../../core/objects';
import { description as templateDescription } from '../../whatsapp/sendTemplate.operation';
import { whatsappSend } from '../../whatsapp/fields';
import { description as smsDescription, sendSms } from '../send.operation';
import { description as voiceDescription, sendVoice } from '../sendVoice.operation';
import type { SendOperation } from '../send/operation';
import { runSend } from '../send/run';
import type { FailoverState, FailoverStep } from './chain';

const TEMPLATE_FIELDS = ['templateName', 'variables', 'buttonVariables'] as const;

/** Each channel's send, as its own operation sends it, for one number and one item. */
const STEP_SENDS: Readonly<Record<FailoverChannel, SendOperation>> = {
	sms: { ...sendSms, description: smsDescription, sendsToGroups: false, oneItemPerInputInVersion1: false },
	whatsappTemplate: whatsappSend('sendTemplate', templateDescription, [...TEMPLATE_FIELDS]),
	voice: { ...sendVoice, description: voiceDescription },
};

/** The parameters a step's send reads, as the channel's own operation names them. */
export function stepParameters(state: Pick<FailoverState, 'to' | 'options'>, step: FailoverStep): IDataObject {
	const { language, gender, ...fields } = step.parameters;
	const voice = step.channel === 'voice' ? { language, gender } : {};
	// Quiet Hours hold an SMS or a call; a WhatsApp template goes out when its step comes (Send Template has no Quiet Hours).
	const { quietHours, ...others } = state.options;
	return {
		...fields,
		to: state.to,
		options: step.channel === 'whatsappTemplate' || quietHours === undefined ? others : { ...others, quietHours },
		additionalFields: Object.fromEntries(Object.entries(voice).filter(([, value]) => value !== undefined)),
	};
}

/**
 * The node's context reading the step's parameters instead of its own, and continuing on fail: a refused step is the
 * step's outcome, never the chain's error. Everything else is n8n's own context.
 */
export function withStepParameters(
	ctx: IExecuteFunctions,
	state: FailoverState,
	step: FailoverStep,
): IExecuteFunctions {
	const parameters = stepParameters(state, step);
	// A path as n8n reads one: `options.quietHours` is the Options' Quiet Hours.
	const read = (path: string) =>
		path.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), parameters);
	const stepCtx = Object.create(ctx) as IExecuteFunctions;
	stepCtx.getNodeParameter = ((name: string, _itemIndex: number, fallback?: unknown) => {
		const value = read(name);
		return value === undefined ? fallback : deepCopy(value);
	}) as IExecuteFunctions['getNodeParameter'];
	stepCtx.continueOnFail = () => true;
	return stepCtx;
}

/** The step's message, its reference the resume link; never sent again after an outcome the gateway did not tell. */
export async function stepSend(
	stepCtx: IExecuteFunctions,
	channel: FailoverChannel,
	reference: string,
): Promise<INodeExecutionData[]> {
	const send = STEP_SENDS[channel];
	return await runSend(stepCtx, {
		...send,
		onUnknownOutcome: 'doNotResend',
		prepare: (ctx, itemIndex, input) => ({ ...(send.prepare?.(ctx, itemIndex, input) ?? input), reference }),
	});
}

/** A step planned without sending (the node checks every step before the first goes out). */
export const stepOperation = (channel: FailoverChannel): SendOperation => STEP_SENDS[channel];
