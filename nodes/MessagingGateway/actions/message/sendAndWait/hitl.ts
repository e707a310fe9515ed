/**
 * Send and Wait as n8n 2.x's human-review tool: n8n makes `<node>HitlTool` out of every node with a
 * `sendAndWait` operation. When an AI agent calls a tool connected to its Tool input, n8n runs this
 * node with the call in its input item (`tool`: the tool's name, `toolParameters`: its arguments) and
 * runs the tool only if the output's `approved` is true; anything else reaches the model as a refusal
 * (docs/ai-agents.md#approve-an-agents-actions-by-sms).
 */
import type { IDataObject } from 'n8n-workflow';

import { isObject } from '../../../core/objects';

export const isHitlTool = (nodeType: string): boolean => nodeType.endsWith('HitlTool');

/** The plain tool variant (`<node>Tool`): an agent needs its answer at once, so it cannot wait. */
export const isPlainTool = (nodeType: string): boolean => nodeType.endsWith('Tool') && !isHitlTool(nodeType);

/**
 * n8n's default message of the HITL tool (2.41: "run this tool:", earlier: "call"). It puts the
 * arguments as JSON on new lines: several segments of braces and quotes for the approver to decode.
 */
const N8N_DEFAULT_MESSAGE =
	/^=The agent wants to (?:run this tool:|call) \{\{ ?\$tool\.name ?\}\}\s*Input:\s*\{\{ ?\$tool\.parameters ?\}\}\s*$/;

const valueText = (value: unknown): string => (typeof value === 'string' ? value.trim() : JSON.stringify(value));

/**
 * The question for a gated tool call, on one line: "Allow Send SMS (to: +31612345678; message: Your
 * order shipped)?". Every argument is kept, as the approver decides on all of them.
 */
export function gatedCallQuestion(item: IDataObject): string {
	const tool =
		typeof item.tool === 'string' && item.tool.trim() !== '' ? item.tool.replace(/_/g, ' ').trim() : 'a tool';
	const parameters = isObject(item.toolParameters) ? Object.entries(item.toolParameters) : [];
	const details = parameters
		.filter(([, value]) => value !== undefined && value !== null && value !== '')
		.map(([name, value]) => `${name}: ${valueText(value)}`);
	return details.length === 0 ? `Allow ${tool}?` : `Allow ${tool} (${details.join('; ')})?`;
}

/**
 * The SMS text of a HITL question when its Message is still n8n's default (undefined otherwise: a
 * message the user wrote is sent as written).
 */
export function defaultHitlMessage(nodeType: string, rawMessage: unknown, item: IDataObject): string | undefined {
	if (!isHitlTool(nodeType)) return undefined;
	if (rawMessage !== undefined && (typeof rawMessage !== 'string' || !N8N_DEFAULT_MESSAGE.test(rawMessage)))
		return undefined;
	return gatedCallQuestion(item);
}
