/**
 * The HITL tool's question (actions/message/sendAndWait/hitl.ts): which node types may wait, and the
 * short SMS that stands in for n8n's default message, which puts the tool's arguments as JSON.
 */
import {
	defaultHitlMessage,
	gatedCallQuestion,
	isHitlTool,
	isPlainTool,
} from '../../../../../nodes/MessagingGateway/actions/message/sendAndWait/hitl';
import { countSegments } from '../../../../../nodes/MessagingGateway/core/sending/segments';

const HITL = 'n8n-nodes-messaging-gateway.messagingGatewayHitlTool';
/** n8n 2.41's default (tool-generation/hitl-tools.ts), and the wording of its first versions. */
const N8N_DEFAULT = '=The agent wants to run this tool: {{ $tool.name }}\n\nInput:\n{{ $tool.parameters }}';
const N8N_EARLIER_DEFAULT = '=The agent wants to call {{ $tool.name }}\n\nInput:\n{{ $tool.parameters }}';
const call = {
	tool: 'Send_SMS',
	toolParameters: { to: '+31612345678', message: 'Your parcel is on its way' },
	toolCallId: 'call_1',
};

test('only the plain tool variant is refused; the HITL variant and the node itself may wait', () => {
	expect(isPlainTool('n8n-nodes-messaging-gateway.messagingGatewayTool')).toBe(true);
	expect(isPlainTool(HITL)).toBe(false);
	expect(isPlainTool('n8n-nodes-messaging-gateway.messagingGateway')).toBe(false);
	expect(isHitlTool(HITL)).toBe(true);
	expect(isHitlTool('n8n-nodes-messaging-gateway.messagingGatewayTool')).toBe(false);
});

test("n8n's default message becomes one line naming the tool and every argument, in one segment", () => {
	const question = 'Allow Send SMS (to: +31612345678; message: Your parcel is on its way)?';
	expect(defaultHitlMessage(HITL, N8N_DEFAULT, call)).toBe(question);
	expect(defaultHitlMessage(HITL, N8N_EARLIER_DEFAULT, call)).toBe(question);
	// What n8n fills in when the parameter was never saved.
	expect(defaultHitlMessage(HITL, undefined, call)).toBe(question);
	expect(countSegments(`${question} Reply YES or NO`).segments).toBe(1);
});

test('a message the user wrote is sent as written, and the plain node never rewrites its message', () => {
	expect(defaultHitlMessage(HITL, '=Send {{ $tool.parameters.message }}?', call)).toBeUndefined();
	expect(defaultHitlMessage(HITL, 'Approve?', call)).toBeUndefined();
	expect(defaultHitlMessage('n8n-nodes-messaging-gateway.messagingGateway', N8N_DEFAULT, call)).toBeUndefined();
});

test('arguments that are not text are shown as JSON; empty ones are left out; no arguments, no parentheses', () => {
	expect(
		gatedCallQuestion({
			tool: 'Refund_Order',
			toolParameters: { order: 1001, amount: 12.5, items: ['a'], note: '', extra: null },
		}),
	).toBe('Allow Refund Order (order: 1001; amount: 12.5; items: ["a"])?');
	expect(gatedCallQuestion({ tool: 'Get_Balance', toolParameters: {} })).toBe('Allow Get Balance?');
	expect(gatedCallQuestion({})).toBe('Allow a tool?');
});
