/**
 * Send with Failover (docs/send-with-failover.md): one person, steps in order — a WhatsApp template, an SMS, a voice
 * message — each going on to the next when it is refused, not delivered, or not delivered or read within its minutes.
 * Every step is checked before the first goes out; the steps then run as a waiting sub-workflow
 * (sendWithFailover/chain.ts) and n8n resumes this node with its result.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, WAIT_FOR_SUB_EXECUTION } from 'n8n-workflow';

import {
	FAILOVER_CHANNELS,
	GO_ON_WHEN,
	MAX_MINUTES,
	MAX_STEPS,
	type FailoverChannel,
	type GoOnWhen,
} from '../../core/failover/steps';
import { isObject } from '../../core/objects';
import { operationError } from '../../nodeErrors';
import { asNodeError, errorItemJson } from '../../transport';
import { isPlainTool } from './sendAndWait/hitl';
import { failoverWorkflow, stepName, type FailoverState, type FailoverStep } from './sendWithFailover/chain';
import { stepOperation, withStepParameters } from './sendWithFailover/sends';
import { fieldLabels } from './send/fields';
import { planContext, planItem } from './send/run';

export { description } from './sendWithFailover/fields';

const ONE_PERSON =
	'An execution waits for one person’s steps, so this node reaches one person at a time. To reach several, call a sub-workflow with this node for each (Execute Workflow node, Mode Run Once for Each Item, Wait For Sub-Workflow Completion off).';

function refuse(ctx: IExecuteFunctions, message: string, description: string): NodeOperationError {
	return operationError(ctx.getNode(), message, { itemIndex: 0, description: `${description} Nothing was sent.` });
}

/** The Steps as set, each checked on its own terms. */
function readSteps(ctx: IExecuteFunctions): FailoverStep[] {
	const collection = ctx.getNodeParameter('steps', 0, {}) as IDataObject;
	const values = isObject(collection) && Array.isArray(collection.values) ? collection.values : [];
	if (values.length === 0)
		throw refuse(ctx, 'Steps: add at least one step', 'Each step is a channel to try, in order.');
	if (values.length > MAX_STEPS)
		throw refuse(ctx, `Steps: ${values.length} steps, at most ${MAX_STEPS} are allowed`, 'Remove a step.');
	return values.map((value, index): FailoverStep => {
		const { channel, goOnWhen, withinMinutes, ...parameters } = (isObject(value) ? value : {}) as IDataObject;
		const step = `Step ${index + 1}`;
		if (!FAILOVER_CHANNELS.includes(channel as FailoverChannel))
			throw refuse(
				ctx,
				`${step}: Channel "${String(channel)}" is not one of ${FAILOVER_CHANNELS.join(', ')}`,
				'Fix the step.',
			);
		const goOn = goOnWhen ?? 'noReport';
		if (!GO_ON_WHEN.includes(goOn as GoOnWhen))
			throw refuse(
				ctx,
				`${step}: Go On When "${String(goOn)}" is not one of ${GO_ON_WHEN.join(', ')}`,
				'Fix the step.',
			);
		if (goOn === 'notRead' && channel !== 'whatsappTemplate')
			throw refuse(
				ctx,
				`${step}: Not Read is for a WhatsApp step only`,
				'An SMS or a call has no read report: choose No Report Within the Minutes.',
			);
		const minutes = withinMinutes ?? 5;
		if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 1 || minutes > MAX_MINUTES)
			throw refuse(ctx, `${step}: Within Minutes must be a number from 1 to ${MAX_MINUTES}`, 'Fix the step.');
		return { channel: channel as FailoverChannel, goOnWhen: goOn as GoOnWhen, withinMinutes: minutes, parameters };
	});
}

/** Every step checked as its own operation checks a send, for the one number; the chain to run. */
async function prepareChain(ctx: IExecuteFunctions): Promise<FailoverState> {
	if (isPlainTool(ctx.getNode().type))
		throw refuse(
			ctx,
			'Send with Failover cannot run as a tool of an AI agent',
			'It waits for reports, which an agent cannot.',
		);
	if (WAIT_FOR_SUB_EXECUTION === undefined)
		throw refuse(
			ctx,
			'Send with Failover needs n8n 2.0 or later',
			'n8n 1.x does not hand a waiting sub-workflow’s result back to the node that started it.',
		);
	const items = ctx.getInputData();
	if (items.length > 1)
		throw refuse(ctx, `Send with Failover got ${items.length} items; it reaches one person per execution`, ONE_PERSON);
	if (!ctx.getWorkflow().id)
		throw refuse(ctx, 'Save the workflow first', 'A waiting execution can be resumed only in a saved workflow.');
	const steps = readSteps(ctx);
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const to = ctx.getNodeParameter('to', 0, '') as unknown;
	const context = await planContext(ctx);
	let number: string | undefined;
	for (const [index, step] of steps.entries()) {
		const operation = stepOperation(step.channel);
		const labels = fieldLabels(operation.description);
		const state = { to: to as string, options };
		const planned = planItem(
			withStepParameters(ctx, { ...state, steps, records: [], ended: false }, step),
			operation,
			0,
			context,
			(field) => labels.get(field) ?? field,
		);
		if (planned instanceof NodeOperationError)
			throw refuse(ctx, `${stepName(index + 1, step.channel)}: ${planned.message}`, planned.description ?? '');
		if (planned.recipients.length !== 1)
			throw refuse(ctx, `To: Send with Failover reaches one number, not ${planned.recipients.length}`, ONE_PERSON);
		number ??= `+${planned.recipients[0]}`;
	}
	return { to: number!, options, steps, records: [], ended: false };
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	let state: FailoverState;
	try {
		state = await prepareChain(this);
	} catch (error) {
		const refused = asNodeError(this, error, 0);
		if (!this.continueOnFail()) throw refused;
		return this.getInputData().map((_, item) => ({
			json: { ...errorItemJson(refused), reachedBy: 'none' },
			pairedItem: { item },
		}));
	}
	const result = await this.executeWorkflow(
		{ code: failoverWorkflow(this.getNode(), state) },
		[{ json: { failover: state } as unknown as IDataObject, pairedItem: { item: 0 } }],
		undefined,
		{ parentExecution: { executionId: this.getExecutionId(), workflowId: this.getWorkflow().id!, shouldResume: true } },
	);
	// Waiting: n8n resumes this node with the chain's output when its last step ends.
	if (result.waitTill) return [];
	return (result.data?.[0] ?? []).map((item) => ({ json: item.json, pairedItem: { item: 0 } }));
}
