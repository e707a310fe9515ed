/**
 * Workflows for the AI agent tests (ai-agents.test.ts): n8n's AI Agent (version 3.1) driven by the
 * scripted model (test/support/scripted-model.ts) through n8n's OpenAI Chat Model (version 1.2:
 * chat completions), with our Send SMS tool gated by our HITL tool.
 */
import { PACKAGE_NAME } from '../../tools/n8n-install';

export const AGENT_TYPE = '@n8n/n8n-nodes-langchain.agent';
export const OPENAI_MODEL_TYPE = '@n8n/n8n-nodes-langchain.lmChatOpenAi';
export const HITL_TYPE = `${PACKAGE_NAME}.messagingGatewayHitlTool`;
export const SENDER = '3197010000001';
/** The name the model calls our tool by: the tool node's name, spaces as underscores. */
export const SEND_TOOL_NAME = 'Send_SMS';

export interface Credentials {
	gateway: string;
	model: string;
}

const sender = { __rl: true, mode: 'id', value: SENDER };

function modelNode(credentialId: string) {
	return {
		name: 'Chat Model',
		type: OPENAI_MODEL_TYPE,
		typeVersion: 1.2,
		position: [200, 220],
		parameters: { model: { __rl: true, mode: 'id', value: 'scripted-model' }, options: {} },
		credentials: { openAiApi: { id: credentialId, name: 'Scripted model' } },
	};
}

/**
 * What runs between the start and the agent, making the agent's input item: an Edit Fields node whose
 * output is `json` (e.g. `{ approved: true }`, as any upstream node may output), or the package's own
 * Send and Wait approval asking `approver`.
 */
export type Upstream = { json: Record<string, unknown> } | { sendAndWaitTo: string };

function upstreamNode(upstream: Upstream, gateway: Record<string, unknown>) {
	const position = [110, 0];
	if ('json' in upstream) {
		const parameters = { mode: 'raw', jsonOutput: JSON.stringify(upstream.json), options: {} };
		return { name: 'Upstream', type: 'n8n-nodes-base.set', typeVersion: 3.4, position, parameters };
	}
	const parameters = {
		resource: 'message',
		operation: 'sendAndWait',
		sender,
		to: upstream.sendAndWaitTo,
		message: 'Start the agent?',
		responseType: 'approval',
		options: {},
	};
	return {
		name: 'Upstream',
		type: `${PACKAGE_NAME}.messagingGateway`,
		typeVersion: 3,
		position,
		parameters,
		credentials: gateway,
	};
}

/**
 * Webhook (body.prompt) → [Upstream →] AI Agent, whose Send SMS tool is gated by the HITL tool asking
 * `approver` (`approval`: its other parameters).
 */
export function gatedAgentWorkflow(
	path: string,
	approver: string,
	approval: Record<string, unknown>,
	credentials: Credentials,
	upstream?: Upstream,
) {
	const gateway = { messagingGatewayApi: { id: credentials.gateway, name: 'Messaging Gateway account' } };
	const nodes = [
		{
			name: 'Start',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: `${path}-id`,
			position: [0, 0],
			parameters: { httpMethod: 'POST', path, responseMode: 'onReceived' },
		},
		...(upstream ? [upstreamNode(upstream, gateway)] : []),
		{
			name: 'Agent',
			type: AGENT_TYPE,
			typeVersion: 3.1,
			position: [220, 0],
			parameters: { promptType: 'define', text: "={{ $('Start').item.json.body.prompt }}", options: {} },
		},
		modelNode(credentials.model),
		{
			name: 'Approval',
			type: HITL_TYPE,
			typeVersion: 3,
			position: [420, 220],
			parameters: { sender, to: approver, options: {}, ...approval },
			credentials: gateway,
		},
		{
			name: 'Send SMS',
			type: `${PACKAGE_NAME}.messagingGatewayTool`,
			typeVersion: 3,
			position: [420, 440],
			parameters: {
				resource: 'message',
				operation: 'send',
				sender,
				to: "={{ $fromAI('to', 'The recipient, in international format', 'string') }}",
				message: "={{ $fromAI('message', 'The text of the SMS', 'string') }}",
				options: {},
			},
			credentials: gateway,
		},
	];
	const main = (node: string) => ({ main: [[{ node, type: 'main', index: 0 }]] });
	const connections = {
		...(upstream ? { Start: main('Upstream'), Upstream: main('Agent') } : { Start: main('Agent') }),
		'Chat Model': { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] },
		Approval: { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] },
		'Send SMS': { ai_tool: [[{ node: 'Approval', type: 'ai_tool', index: 0 }]] },
	};
	return { name: `Gated agent ${path}`, nodes, connections, settings: { executionOrder: 'v1' } };
}

/**
 * The model's scripted call of the gated Send SMS tool: n8n wraps a gated tool's arguments. `extra`:
 * more arguments a model may add (a prompt injection's `approved: true`), at the top of the call, in
 * `hitlParameters` or in `toolParameters`.
 */
export function gatedSendCall(
	to: string,
	message: string,
	extra: { top?: object; hitl?: object; tool?: object } = {},
): string {
	return `CALL ${SEND_TOOL_NAME} ${JSON.stringify({ toolParameters: { to, message, ...extra.tool }, hitlParameters: { ...extra.hitl }, ...extra.top })}`;
}
