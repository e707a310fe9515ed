/**
 * Runs the trigger's webhookMethods as n8n's server does (its WebhookService): n8n-core's real HookContext, for each
 * webhook the node declares (POST, then GET), `checkExists` then `create` when it answered false; `delete` for each on
 * deactivation. Production: mode `trigger`, activation `activate`; listening for a test event: `manual` and the Test
 * URL (`isTest`), removed with mode `internal`, activation `update`. The static data is the object n8n saves.
 */
import { HookContext } from 'n8n-core';
import type { IDataObject, IWebhookData, WorkflowActivateMode, WorkflowExecuteMode } from 'n8n-workflow';

import { additionalDataFor, makeNode, makeWorkflow, TRIGGER_TYPE, type GatewayCredentials } from './n8n-core';

export interface HookSettings {
	/** The n8n's base URL: the node's Production URL is `<base>/webhook/test-webhook-id/webhook`. */
	n8nBaseUrl: string;
	/** The workflow's static data; kept across calls as n8n keeps it in its database. */
	staticData: IDataObject;
	/** The editor's "Listen for test event": the Test URL, n8n's manual mode. */
	test?: boolean;
	typeVersion?: number;
}

type HookMethod = 'checkExists' | 'create' | 'delete';

/** Calls one webhook method of the trigger for each of its webhooks, stopping at the first `true` of checkExists. */
async function runHooks(
	parameters: IDataObject,
	credentials: GatewayCredentials,
	settings: HookSettings,
	step: (call: (method: HookMethod) => Promise<boolean>) => Promise<void>,
	[mode, activation]: [WorkflowExecuteMode, WorkflowActivateMode],
): Promise<void> {
	const node = makeNode(TRIGGER_TYPE, 'Messaging Gateway Trigger', parameters, settings.typeVersion);
	const workflow = makeWorkflow([node], settings.staticData);
	const nodeType = workflow.nodeTypes.getByNameAndVersion(TRIGGER_TYPE);
	const additionalData = additionalDataFor(credentials, undefined, settings.n8nBaseUrl);
	for (const description of nodeType.description.webhooks!) {
		const webhookData: IWebhookData = {
			httpMethod: description.httpMethod as IWebhookData['httpMethod'],
			node: node.name,
			path: `${node.webhookId}/${description.path as string}`,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			isTest: settings.test === true,
		};
		const context = new HookContext(workflow, node, additionalData, mode, activation, webhookData);
		const methods = nodeType.webhookMethods![description.name]!;
		await step(async (method) => (await methods[method]!.call(context)) as boolean);
	}
}

/** Activation (or the start of listening for a test event): checkExists, then create when it answered false. */
export async function activate(parameters: IDataObject, credentials: GatewayCredentials, settings: HookSettings) {
	await runHooks(
		parameters,
		credentials,
		settings,
		async (call) => {
			if (!(await call('checkExists'))) await call('create');
		},
		settings.test ? ['manual', 'manual'] : ['trigger', 'activate'],
	);
}

/** Deactivation (or the end of listening): delete for each webhook. */
export async function deactivate(parameters: IDataObject, credentials: GatewayCredentials, settings: HookSettings) {
	await runHooks(
		parameters,
		credentials,
		settings,
		async (call) => {
			await call('delete');
		},
		['internal', 'update'],
	);
}
