/**
 * Runs the package's nodes inside n8n-core's real execution machinery: a real Workflow, the
 * WorkflowExecute engine with its ExecuteContext, LoadOptionsContext for list searches and
 * WebhookContext for the trigger (set-up in `n8n-core.ts`). A node runs in its type's `defaultVersion` unless
 * the call names a `typeVersion`. Not to be confused with `tools/n8n-process.ts`, which starts a real n8n server.
 */
import assert from 'node:assert';
import { ExecutionLifecycleHooks, LoadOptionsContext, WebhookContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeListSearchResult,
	type IRun,
	type IRunExecutionData,
	type IWebhookData,
	type IWebhookResponseData,
	type NodeExecutionHint,
} from 'n8n-workflow';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { TITLE_LIMIT } from '../../nodes/MessagingGateway/nodeErrors';
import {
	ACTION_TYPE,
	additionalDataFor,
	makeNode,
	makeWorkflow,
	TRIGGER_TYPE,
	workflowData,
	type GatewayCredentials,
} from './n8n-core';

export { ACTION_TYPE, TRIGGER_TYPE, type GatewayCredentials } from './n8n-core';

export interface ActionRun {
	items: INodeExecutionData[];
	/** The items of the error output (Settings → On Error → Continue (using error output): `errorOutput`). */
	errorItems: INodeExecutionData[];
	/** The error as n8n saves it in the run data: a copy of the thrown error's enumerable fields. */
	error?: Error & { description?: string; httpCode?: string | null; context?: IDataObject };
	/** The error object the node threw, as n8n-core's engine received it (causes and non-enumerable fields included). */
	thrown?: unknown;
	/** When the node put the execution to wait: the node and the execution data n8n saves and hands to its waiting webhook. */
	waiting?: WaitingExecution;
	/** The hints n8n shows over the node's output (`addExecutionHints`), as it saves them in the run data. */
	hints: NodeExecutionHint[];
}

export interface WaitingExecution {
	node: INode;
	runExecutionData: IRunExecutionData;
	/** The end of the wait the node asked n8n for. */
	waitTill: Date;
}

export interface ActionSettings {
	continueOnFail?: boolean;
	/** n8n's node setting "On Error: Continue (using error output)". */
	errorOutput?: boolean;
	typeVersion?: number;
	/** n8n's node setting "Retry On Fail": WorkflowExecute runs the node again with the same input. */
	retryOnFail?: { maxTries: number; waitBetweenTries: number };
	/** The execution's id (n8n-core's resume links need one) and the node's id, for Send and Wait for Response. */
	executionId?: string;
	nodeId?: string;
	/** n8n's node setting "Execute Once": WorkflowExecute hands the node the first item only. */
	executeOnce?: boolean;
}

/** The characters a person sees in `text` (grapheme clusters: a flag or an accented letter is one). */
export function visibleLength(text: string): number {
	return [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].length;
}

/**
 * Every error any test provokes, as n8n shows it: a title of one line and at most TITLE_LIMIT visible characters,
 * not cut, and no part mark of core/error-text.ts left in the title, the description or an output item.
 */
function expectReadable(error: ActionRun['error'], data: unknown): void {
	const title = error?.message ?? '';
	const shown = JSON.stringify({ title, description: error?.description, data });
	// node:assert, not jest's expect: the benches (bench/) run actions outside jest.
	assert.deepStrictEqual(
		{
			title,
			short: visibleLength(title) <= TITLE_LIMIT && !title.endsWith('…'),
			oneLine: !/[\n\u001f]/.test(title),
			mark: shown.includes('\\u001f'),
		},
		{
			title,
			short: true,
			oneLine: true,
			mark: false,
		},
	);
}

/** n8n-core's engine, unchanged, noting the error a node throws before the engine copies it into the run data. */
class ObservedWorkflowExecute extends WorkflowExecute {
	thrown?: unknown;

	async runNode(...args: Parameters<WorkflowExecute['runNode']>): ReturnType<WorkflowExecute['runNode']> {
		try {
			return await super.runNode(...args);
		} catch (error) {
			this.thrown = error;
			throw error;
		}
	}
}

/** Executes the action node on `inputItems` through WorkflowExecute and returns its output. */
export async function runAction(
	parameters: IDataObject,
	inputItems: IDataObject[],
	credentials: GatewayCredentials,
	settings: ActionSettings = {},
): Promise<ActionRun> {
	const node = makeNode(ACTION_TYPE, 'Messaging Gateway', parameters, settings.typeVersion);
	if (settings.continueOnFail) node.onError = 'continueRegularOutput';
	if (settings.errorOutput) node.onError = 'continueErrorOutput';
	if (settings.retryOnFail) Object.assign(node, { retryOnFail: true, ...settings.retryOnFail });
	if (settings.nodeId !== undefined) node.id = settings.nodeId;
	if (settings.executeOnce) node.executeOnce = true;
	const workflow = makeWorkflow([node]);
	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', workflowData([node]));
	const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', (run) => resolve(run)));
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [inputItems.map((json) => ({ json }))] }, source: null }],
		},
	});
	const additionalData = additionalDataFor(credentials, hooks);
	if (settings.executionId !== undefined) additionalData.executionId = settings.executionId;
	const engine = new ObservedWorkflowExecute(additionalData, 'manual', runExecutionData);
	await engine.processRunExecutionData(workflow);
	const run = await finished;
	const task = run.data.resultData.runData[node.name]?.[0];
	const error = (task?.error ?? run.data.resultData.error) as ActionRun['error'];
	expectReadable(error, task?.data);
	return {
		items: task?.data?.main?.[0] ?? [],
		errorItems: task?.data?.main?.[1] ?? [],
		error,
		thrown: engine.thrown,
		waiting: run.waitTill ? { node, runExecutionData: run.data, waitTill: run.waitTill } : undefined,
		hints: task?.hints ?? [],
	};
}

/**
 * Runs the action node's waiting webhook on `body` as n8n's waiting-webhook server does: WebhookContext
 * with the waiting execution's saved data (null, or data without the node on its stack: nothing kept).
 */
export async function runWaitingWebhook(
	waiting: { node: INode; runExecutionData: IRunExecutionData | null },
	body: IDataObject,
	credentials: GatewayCredentials,
): Promise<IWebhookResponseData> {
	const { node, runExecutionData } = waiting;
	const workflow = makeWorkflow([node]);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(ACTION_TYPE);
	const additionalData = Object.assign(additionalDataFor(credentials), {
		httpRequest: { body, headers: {}, query: {} },
	});
	const webhookData: IWebhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: node.id,
		webhookDescription: nodeType.description.webhooks![0],
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
	};
	const context = new WebhookContext(workflow, node, additionalData, 'webhook', webhookData, [], runExecutionData);
	return await nodeType.webhook!.call(context);
}

/**
 * Runs a list-search method of the action node the way n8n's editor asks for a resource locator's
 * list (n8n's DynamicNodeParametersService): a workflow holding the node, a LoadOptionsContext.
 */
export async function searchList(
	methodName: string,
	parameters: IDataObject,
	credentials: GatewayCredentials,
	options: { filter?: string; path?: string; typeVersion?: number } = {},
): Promise<INodeListSearchResult> {
	const node = makeNode(ACTION_TYPE, 'Temp-Node', parameters, options.typeVersion);
	const workflow = makeWorkflow([node]);
	const method = workflow.nodeTypes.getByNameAndVersion(ACTION_TYPE).methods?.listSearch?.[methodName];
	if (!method) throw new Error(`no list search method ${methodName}`);
	const context = new LoadOptionsContext(
		workflow,
		node,
		additionalDataFor(credentials),
		options.path ?? 'parameters.sender',
	);
	return await method.call(context, options.filter);
}

/** What n8n's webhook server hands to the node: the request with its parsed and raw body. */
export type WebhookRequest = IncomingMessage & { body?: unknown; rawBody?: Buffer; query?: IDataObject };

/** Where the trigger's n8n is (its own webhook URL, hence where it forwards to waiting questions) and the trigger node's name. */
export interface TriggerSettings {
	typeVersion?: number;
	/** The n8n's base URL, e.g. a stand-in for its waiting webhooks (test/support/waiting-n8n.ts); by default http://127.0.0.1. */
	n8nBaseUrl?: string;
	nodeName?: string;
	/** The workflow's static data as n8n keeps it (what the trigger's webhookMethods kept: test/support/hooks.ts). */
	staticData?: IDataObject;
}

/** Runs the trigger's webhook() for a real HTTP request through WebhookContext. */
export async function runTriggerWebhook(
	parameters: IDataObject,
	credentials: GatewayCredentials,
	req: WebhookRequest,
	res: ServerResponse,
	settings: TriggerSettings = {},
): Promise<IWebhookResponseData> {
	const node = makeNode(
		TRIGGER_TYPE,
		settings.nodeName ?? 'Messaging Gateway Trigger',
		parameters,
		settings.typeVersion,
	);
	const workflow = makeWorkflow([node], settings.staticData);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(TRIGGER_TYPE);
	const description = nodeType.description.webhooks!.find((hook) => hook.httpMethod === req.method)!;
	// n8n's webhook server hands the node Express's request and response; these are Node's, which is what the node reads.
	const additionalData = Object.assign(additionalDataFor(credentials, undefined, settings.n8nBaseUrl), {
		httpRequest: req,
		httpResponse: res,
	});
	const webhookData: IWebhookData = {
		httpMethod: req.method as IWebhookData['httpMethod'],
		node: node.name,
		path: 'test-webhook-id/webhook',
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
	};
	const context = new WebhookContext(workflow, node, additionalData, 'webhook', webhookData, [], null);
	return await nodeType.webhook!.call(context);
}
