/**
 * Runs the action node after the Messaging Gateway Trigger in n8n-core's WorkflowExecute, as n8n runs a workflow its
 * webhook started: the trigger's items (what its webhook() returned) on the stack, then the action with them, paired
 * item by item (the action can read `$('Incoming SMS').item`).
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { createRunExecutionData, type IDataObject, type IRun } from 'n8n-workflow';

import {
	ACTION_TYPE,
	TRIGGER_TYPE,
	additionalDataFor,
	makeNode,
	makeWorkflow,
	workflowData,
	type GatewayCredentials,
} from './n8n-core';

export async function runAfterTrigger(
	triggerItems: IDataObject[],
	parameters: IDataObject,
	credentials: GatewayCredentials,
): Promise<{ items: IDataObject[]; error?: Error }> {
	const trigger = makeNode(TRIGGER_TYPE, 'Incoming SMS', { events: ['inbox_message'] });
	const action = makeNode(ACTION_TYPE, 'Messaging Gateway', parameters);
	const connections = { [trigger.name]: { main: [[{ node: action.name, type: 'main' as const, index: 0 }]] } };
	const workflow = makeWorkflow([trigger, action], undefined, connections);
	const hooks = new ExecutionLifecycleHooks('webhook', 'test-execution', {
		...workflowData([trigger, action]),
		connections,
	});
	const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', (run) => resolve(run)));
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: trigger, data: { main: [triggerItems.map((json) => ({ json }))] }, source: null }],
		},
	});
	await new WorkflowExecute(additionalDataFor(credentials, hooks), 'webhook', runExecutionData).processRunExecutionData(
		workflow,
	);
	const run = await finished;
	const task = run.data.resultData.runData[action.name]?.[0];
	return {
		items: (task?.data?.main?.[0] ?? []).map(({ json }) => json),
		error: (task?.error ?? run.data.resultData.error) as Error | undefined,
	};
}
