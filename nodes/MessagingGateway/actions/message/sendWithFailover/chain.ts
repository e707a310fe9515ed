/**
 * How Send with Failover runs (docs/send-with-failover.md#how-it-runs): n8n runs a node's `execute()` once per node
 * run and a waiting execution has one deadline, so the steps run as a sub-workflow of this node, one node per step,
 * each a Send and Wait of its own (sendWithFailover/step.ts): it sends its message, waits until its report or its
 * minutes, and passes the chain on. The item that flows through the steps carries the chain (`failover`); the last
 * node turns it into the output. n8n 2.x resumes the waiting parent with that output.
 */
import type { IDataObject, INode, IWorkflowBase } from 'n8n-workflow';

import { isObject } from '../../../core/objects';
import { stepNodeId } from '../../../core/questions/forwarding';
import {
	FAILOVER_CHANNELS,
	GO_ON_WHEN,
	reachedBy,
	type FailoverChannel,
	type GoOnWhen,
	type StepRecord,
} from '../../../core/failover/steps';

/** One step as the user set it, with its expressions resolved. */
export interface FailoverStep {
	channel: FailoverChannel;
	goOnWhen: GoOnWhen;
	withinMinutes: number;
	/** The step's send parameters, named as Send SMS, Send Template and Send Voice Message name theirs. */
	parameters: IDataObject;
}

/** What flows from step to step. */
export interface FailoverState {
	/** The number, in international format. */
	to: string;
	/** The node's Options, the same for every step. */
	options: IDataObject;
	steps: FailoverStep[];
	/** One record per step that ran, in order. */
	records: StepRecord[];
	/** No further step goes out: one reached the person, the last gave up, or the number may not be messaged. */
	ended: boolean;
	/**
	 * A late report of an earlier step resumed the waiting step: the next node, the step's hold, waits on for the step
	 * until this deadline (ISO 8601), as the step would have.
	 */
	holding?: string;
}

/** The values of the hidden parameter that make a Send and Wait node the chain's result, or a step's hold. */
export const RESULT_NODE = 'result';
export const HOLD_NODE = 'hold';

const CHANNEL_LABEL: Readonly<Record<FailoverChannel, string>> = {
	whatsappTemplate: 'WhatsApp template',
	sms: 'SMS',
	voice: 'Voice message',
};

/** A step named as the executions list shows it: "Step 2: SMS". */
export const stepName = (step: number, channel: FailoverChannel) => `Step ${step}: ${CHANNEL_LABEL[channel]}`;

/**
 * The sub-workflow: Execute Workflow Trigger → one Send and Wait node per step, step k followed by its k − 1 holds
 * (where the step waits on each time a late report of one of the k − 1 steps before it resumed it) → the result.
 * Each node has the parent node's type, version and credential; its visible parameters are only what n8n requires of
 * a Send and Wait node, its step comes with the item.
 */
export function failoverWorkflow(parent: INode, state: FailoverState): IWorkflowBase {
	const chain = [
		...state.steps.flatMap((step, index) => {
			const name = stepName(index + 1, step.channel);
			const holds = Array.from({ length: index }, (_, late) => ({
				id: `failover-hold-${index + 1}-${late + 1}`,
				name: `${name} (after late report ${late + 1})`,
				role: HOLD_NODE,
			}));
			return [{ id: stepNodeId(index + 1), name, role: String(index + 1) }, ...holds];
		}),
		{ id: 'failover-result', name: 'Result', role: RESULT_NODE },
	];
	const nodes: INode[] = [
		{
			id: 'failover-start',
			name: 'Start',
			type: 'n8n-nodes-base.executeWorkflowTrigger',
			typeVersion: 1.1,
			position: [0, 0],
			parameters: { inputSource: 'passthrough' },
		},
		...chain.map(
			({ id, name, role }, index): INode => ({
				id,
				name,
				type: parent.type,
				typeVersion: parent.typeVersion,
				position: [220 * (index + 1), 0],
				...(parent.credentials ? { credentials: parent.credentials } : {}),
				parameters: {
					resource: 'message',
					operation: 'sendAndWait',
					responseType: 'deliveryReport',
					to: state.to,
					sender: parent.typeVersion >= 2 ? { __rl: true, mode: 'id', value: 'step' } : 'step',
					message: name,
					failoverStep: role,
				},
			}),
		),
	];
	const names = ['Start', ...chain.map(({ name }) => name)];
	const connections = Object.fromEntries(
		names.slice(0, -1).map((name, index) => [name, { main: [[{ node: names[index + 1], type: 'main', index: 0 }]] }]),
	);
	const now = new Date();
	return {
		name: `${parent.name}: Send with Failover`,
		active: false,
		isArchived: false,
		createdAt: now,
		updatedAt: now,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		// No id: n8n gives an inline sub-workflow its parent's, which a waiting execution needs to be resumed.
	} as unknown as IWorkflowBase;
}

/** The chain an item carries, checked: a step node given anything else refuses before sending. */
export function stateOf(value: unknown): FailoverState | undefined {
	if (!isObject(value) || typeof value.to !== 'string' || !Array.isArray(value.steps)) return undefined;
	if (!Array.isArray(value.records) || typeof value.ended !== 'boolean' || !isObject(value.options)) return undefined;
	if (value.holding !== undefined && typeof value.holding !== 'string') return undefined;
	const steps = value.steps.every(
		(step) =>
			isObject(step) &&
			FAILOVER_CHANNELS.includes(step.channel as FailoverChannel) &&
			GO_ON_WHEN.includes(step.goOnWhen as GoOnWhen) &&
			typeof step.withinMinutes === 'number' &&
			isObject(step.parameters),
	);
	return steps ? (value as unknown as FailoverState) : undefined;
}

/** The node's output for the person: who was reached, by which channel, and each step's story. */
export function failoverOutput(state: FailoverState): IDataObject {
	const skipped = state.records.find((record) => record.skipped === 'optedOut' || record.skipped === 'loopGuard');
	return {
		to: state.to,
		reachedBy: reachedBy(state.records),
		steps: state.records as unknown as IDataObject[],
		...(skipped ? { skipped: skipped.skipped } : {}),
	};
}
