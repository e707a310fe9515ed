/**
 * n8n-core's set-up for running this package's nodes in-process: the node types, a workflow holding
 * one node, and the execution's additional data with a credentials store that applies the
 * credential's own `authenticate` definition through n8n's expression engine, as n8n's server does.
 */
import { ExternalSecretsProxy, type ExecutionLifecycleHooks } from 'n8n-core';
import {
	ICredentialsHelper,
	Workflow,
	type IAuthenticateGeneric,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type IConnections,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeType,
	type INodeTypes,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { MessagingGatewayApi } from '../../credentials/MessagingGatewayApi.credentials';
import { MessagingGateway } from '../../nodes/MessagingGateway/MessagingGateway.node';
import { MessagingGatewayInboxTrigger } from '../../nodes/MessagingGateway/MessagingGatewayInboxTrigger.node';
import { MessagingGatewayTrigger } from '../../nodes/MessagingGateway/MessagingGatewayTrigger.node';

export const ACTION_TYPE = 'n8n-nodes-messaging-gateway.messagingGateway';
export const TRIGGER_TYPE = 'n8n-nodes-messaging-gateway.messagingGatewayTrigger';
export const INBOX_TRIGGER_TYPE = 'n8n-nodes-messaging-gateway.messagingGatewayInboxTrigger';
export const CREDENTIAL_TYPE = 'messagingGatewayApi';
const TIME_ZONE = 'Europe/Amsterdam';

/** The credential's fields (a type, not an interface, so that it is a credential data object as it is). */
export type GatewayCredentials = {
	baseUrl: string;
	apiKey: string;
	apiSecret: string;
	signingSecret?: string;
};

/** The credential for a running emulator's account (emulator/server.ts). */
export function emulatorCredentials(emulator: {
	url: string;
	account: { apiKey: string; apiSecret: string };
}): GatewayCredentials {
	return { baseUrl: emulator.url, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret };
}

class PackageNodeTypes implements INodeTypes {
	private readonly types: Record<string, INodeType> = {
		[ACTION_TYPE]: new MessagingGateway(),
		[TRIGGER_TYPE]: new MessagingGatewayTrigger(),
		[INBOX_TRIGGER_TYPE]: new MessagingGatewayInboxTrigger(),
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

const nodeTypes = new PackageNodeTypes();

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
		const headers: IDataObject = { ...(requestOptions.headers ?? {}) };
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

/** A node of one of the package's types; without `typeVersion`, the type's `defaultVersion`, as n8n's editor adds it. */
export function makeNode(type: string, name: string, parameters: IDataObject, typeVersion?: number): INode {
	const { version, defaultVersion } = nodeTypes.getByName(type).description;
	return {
		id: `${name}-id`,
		name,
		type,
		typeVersion: typeVersion ?? defaultVersion ?? Math.max(...[version].flat()),
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		credentials: { [CREDENTIAL_TYPE]: { id: '1', name: 'Gateway account' } },
		webhookId: 'test-webhook-id',
	};
}

/** A workflow of `nodes`; `staticData` as n8n loads it from its database for an active workflow. */
export function makeWorkflow(nodes: INode[], staticData?: IDataObject, connections: IConnections = {}): Workflow {
	return new Workflow({
		id: 'test-workflow',
		nodes,
		connections,
		active: staticData !== undefined,
		nodeTypes,
		staticData,
		settings: { timezone: TIME_ZONE },
	});
}

/** The saved workflow n8n's execution hooks are told about. */
export function workflowData(nodes: INode[]): IWorkflowBase {
	const now = new Date();
	return {
		id: 'test-workflow',
		name: 'test',
		nodes,
		connections: {},
		active: false,
		isArchived: false,
		createdAt: now,
		updatedAt: now,
		activeVersionId: null,
	};
}

const notUsed = (what: string) => async () => {
	throw new Error(`${what} are not used`);
};

/** Without `base`, the n8n is http://127.0.0.1, where nothing listens (a forward to a waiting question is refused at once). */
export function additionalDataFor(
	credentials: GatewayCredentials,
	hooks?: ExecutionLifecycleHooks,
	base = 'http://127.0.0.1',
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new CredentialsStore(credentials),
		externalSecretsProxy: new ExternalSecretsProxy(),
		hooks,
		executeWorkflow: notUsed('sub-workflows'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		userId: 'test-user',
		setExecutionStatus: () => {},
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: notUsed('task runners'),
	};
}
