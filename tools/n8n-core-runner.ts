/**
 * Runs the package's nodes inside n8n-core's real execution machinery: a real Workflow, the
 * WorkflowExecute engine with its ExecuteContext, and WebhookContext for the trigger. The only
 * piece supplied here is the credentials store, which applies the credential's own `authenticate`
 * definition through n8n's expression engine, as n8n's server does. Not to be confused with
 * `n8n-server.ts`, which starts a real n8n server.
 *
 * A little over 250 lines: n8n-core's set-up (node types, credentials helper, hooks) for the entry
 * points it serves (execute, webhook, list search).
 */
import { ExecutionLifecycleHooks, LoadOptionsContext, WebhookContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	ICredentialsHelper,
	Workflow,
	type IAuthenticateGeneric,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IRunExecutionData,
	type IWebhookData,
	type IWebhookResponseData,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { MessagingGatewayApi } from '../credentials/MessagingGatewayApi.credentials';
import { MessagingGateway } from '../nodes/MessagingGateway/MessagingGateway.node';
import { MessagingGatewayTrigger } from '../nodes/MessagingGateway/MessagingGatewayTrigger.node';

export const ACTION_TYPE = 'n8n-nodes-messaging-gateway.messagingGateway';
export const TRIGGER_TYPE = 'n8n-nodes-messaging-gateway.messagingGatewayTrigger';
export const CREDENTIAL_TYPE = 'messagingGatewayApi';
export const TIME_ZONE = 'Europe/Amsterdam';

class PackageNodeTypes implements INodeTypes {
	private readonly types: Record<string, INodeType> = {
		[ACTION_TYPE]: new MessagingGateway(),
		[TRIGGER_TYPE]: new MessagingGatewayTrigger(),
	};

	getByName(nodeType: string): INodeType {
		return this.getByNameAndVersion(nodeType);
	}

	getByNameAndVersion(nodeType: string): INodeType {
		const type = this.types[nodeType];
		if (!type) throw new Error(`unknown node type ${nodeType}`);
		return type;
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

/** Holds one credential's data and authenticates requests with the credential type's definition. */
class CredentialsStore extends ICredentialsHelper {
	constructor(private readonly data: ICredentialDataDecryptedObject) {
		super();
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		if (typeName !== CREDENTIAL_TYPE || !workflow || !node) throw new Error(`cannot authenticate ${typeName}`);
		const { properties } = new MessagingGatewayApi().authenticate as IAuthenticateGeneric;
		const headers = { ...(requestOptions.headers ?? {}) } as IDataObject;
		for (const [name, expression] of Object.entries(properties.headers ?? {})) {
			headers[name] = workflow.expression.getSimpleParameterValue(node, expression as string, 'internal', {
				$credentials: credentials,
			}) as string;
		}
		return { ...requestOptions, headers };
	}

	async getDecrypted(): Promise<ICredentialDataDecryptedObject> {
		return this.data;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by these nodes');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties() {
		return new MessagingGatewayApi().properties;
	}
}

export interface GatewayCredentials {
	baseUrl: string;
	apiKey: string;
	apiSecret: string;
	signingSecret?: string;
}

function makeNode(type: string, name: string, parameters: IDataObject, typeVersion = 1): INode {
	return {
		id: `${name}-id`,
		name,
		type,
		typeVersion,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'Gateway account' } },
		webhookId: 'test-webhook-id',
	};
}

function makeWorkflow(nodes: INode[]): Workflow {
	return new Workflow({
		id: 'test-workflow',
		nodes,
		connections: {},
		active: false,
		nodeTypes: new PackageNodeTypes(),
		settings: { timezone: TIME_ZONE },
	});
}

function additionalDataFor(credentials: GatewayCredentials, hooks?: ExecutionLifecycleHooks): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new CredentialsStore(credentials as unknown as ICredentialDataDecryptedObject),
		hooks,
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used');
		},
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		userId: 'test-user',
		setExecutionStatus: () => {},
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('task runners are not used');
		},
		getRunExecutionData: async () => undefined,
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface ActionRun {
	items: INodeExecutionData[];
	error?: Error & { description?: string; httpCode?: string | null; context?: IDataObject };
}

/** Executes the action node on `inputItems` through WorkflowExecute and returns its output. */
export async function runAction(
	parameters: IDataObject,
	inputItems: IDataObject[],
	credentials: GatewayCredentials,
	settings: { continueOnFail?: boolean; typeVersion?: number; retryOnFail?: { maxTries: number; waitBetweenTries: number } } = {},
): Promise<ActionRun> {
	const node = makeNode(ACTION_TYPE, 'Messaging Gateway', parameters, settings.typeVersion);
	if (settings.continueOnFail) node.onError = 'continueRegularOutput';
	// n8n's node setting "Retry On Fail": WorkflowExecute runs the node again with the same input.
	if (settings.retryOnFail) Object.assign(node, { retryOnFail: true, ...settings.retryOnFail });
	const workflow = makeWorkflow([node]);
	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', { id: 'test-workflow', name: 'test', nodes: [node], connections: {}, active: false, isArchived: false, createdAt: new Date(), updatedAt: new Date(), activeVersionId: null } as never);
	const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', (run) => resolve(run)));
	const runExecutionData: IRunExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [inputItems.map((json) => ({ json }))] }, source: null }],
		},
	});
	const engine = new WorkflowExecute(additionalDataFor(credentials, hooks), 'manual', runExecutionData);
	await engine.processRunExecutionData(workflow);
	const run = await finished;
	const task = run.data.resultData.runData[node.name]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		error: (task?.error ?? run.data.resultData.error) as ActionRun['error'],
	};
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
	const node = makeNode(ACTION_TYPE, 'Temp-Node', parameters, options.typeVersion ?? 2);
	const workflow = makeWorkflow([node]);
	const method = workflow.nodeTypes.getByNameAndVersion(ACTION_TYPE).methods?.listSearch?.[methodName];
	if (!method) throw new Error(`no list search method ${methodName}`);
	const context = new LoadOptionsContext(workflow, node, additionalDataFor(credentials), options.path ?? 'parameters.sender');
	return await method.call(context, options.filter);
}

/** What n8n's webhook server hands to the node: the request with its parsed and raw body. */
export type WebhookRequest = IncomingMessage & { body?: unknown; rawBody?: Buffer; query?: IDataObject };

/** Runs the trigger's webhook() for a real HTTP request through WebhookContext. */
export async function runTriggerWebhook(
	parameters: IDataObject,
	credentials: GatewayCredentials,
	req: WebhookRequest,
	res: ServerResponse,
	typeVersion = 1,
): Promise<IWebhookResponseData> {
	const node = makeNode(TRIGGER_TYPE, 'Messaging Gateway Trigger', parameters, typeVersion);
	const workflow = makeWorkflow([node]);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(TRIGGER_TYPE);
	const description = nodeType.description.webhooks!.find((hook) => hook.httpMethod === req.method)!;
	const additionalData = additionalDataFor(credentials);
	Object.assign(additionalData, { httpRequest: req, httpResponse: res });
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

