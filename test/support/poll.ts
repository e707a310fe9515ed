/**
 * Runs the Inbox Trigger's poll the way n8n runs a polling trigger: n8n-core's PollContext and
 * TriggersAndPollers on a real Workflow. An active workflow keeps one Workflow (and its static data)
 * in memory between polls; n8n saves the static data to its database after the activation's poll and
 * whenever a poll emits, and a restart builds the Workflow again from what was saved.
 */
import { PollContext, TriggersAndPollers } from 'n8n-core';
import type { IDataObject, INodeExecutionData, Workflow, WorkflowActivateMode } from 'n8n-workflow';

import { additionalDataFor, INBOX_TRIGGER_TYPE, makeNode, makeWorkflow, type GatewayCredentials } from './n8n-core';

const NODE_NAME = 'Messaging Gateway Inbox Trigger';
const pollers = new TriggersAndPollers();

export class ActiveInboxTrigger {
	/** The static data as n8n's database holds it (JSON). */
	saved = '{}';
	/** The static data the last manual run left in its own workflow (JSON); n8n saves none of it. */
	leftByManual = '';
	/** The items of every poll that emitted, one list per poll (n8n starts one execution each). */
	readonly executions: INodeExecutionData[][] = [];
	private workflow?: Workflow;

	constructor(
		private readonly parameters: IDataObject,
		private readonly credentials: GatewayCredentials,
	) {}

	private readonly node = () => makeNode(INBOX_TRIGGER_TYPE, NODE_NAME, this.parameters);

	/** Activation, or n8n starting with the workflow active ('init'): the Workflow from the saved static data, then its first poll. */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<INodeExecutionData[]> {
		this.workflow = makeWorkflow([this.node()], JSON.parse(this.saved) as IDataObject);
		const emitted = await this.run(this.workflow, 'trigger', activation);
		this.save(this.workflow);
		return emitted;
	}

	/** A scheduled poll (Poll Times) of the active workflow. */
	async poll(): Promise<INodeExecutionData[]> {
		if (!this.workflow) throw new Error('activate first');
		return await this.run(this.workflow, 'trigger', 'activate');
	}

	/** A manual run in the editor ("Fetch Test Event"): a workflow of its own, static data as saved, nothing saved. */
	async manual(): Promise<INodeExecutionData[]> {
		const workflow = makeWorkflow([this.node()], JSON.parse(this.saved) as IDataObject);
		const emitted = await this.run(workflow, 'manual', 'manual');
		this.leftByManual = JSON.stringify(workflow.staticData);
		return emitted;
	}

	private async run(
		workflow: Workflow,
		mode: 'trigger' | 'manual',
		activation: WorkflowActivateMode,
	): Promise<INodeExecutionData[]> {
		const node = workflow.getNode(NODE_NAME)!;
		let emitted: INodeExecutionData[] = [];
		const emit = (data: INodeExecutionData[][]) => {
			emitted = data[0] ?? [];
			if (mode === 'trigger') {
				this.executions.push(emitted);
				this.save(workflow);
			}
		};
		const fail = (error: Error) => {
			throw error;
		};
		const context = new PollContext(workflow, node, additionalDataFor(this.credentials), mode, activation, emit, fail);
		const response = await pollers.runPollFunction(workflow, node, context);
		if (response !== null) context.__emit(response);
		return emitted;
	}

	/** n8n's WorkflowStaticDataService: saves the static data when it changed. */
	private save(workflow: Workflow) {
		if (workflow.staticData.__dataChanged !== true) return;
		workflow.staticData.__dataChanged = false;
		this.saved = JSON.stringify(workflow.staticData);
	}
}
