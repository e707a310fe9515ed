/**
 * Send with Failover's chain (docs/send-with-failover.md#how-it-runs): one node per step, step k followed by a hold per
 * earlier step (each earlier step can send one late report while step k waits), then the result; the step nodes'
 * ids are the paths their messages' links name, which every chain node serves (end to end: send-with-failover-*.ts).
 */
import type { INode } from 'n8n-workflow';

import {
	failoverWorkflow,
	type FailoverState,
} from '../../../../../nodes/MessagingGateway/actions/message/sendWithFailover/chain';

const parent: INode = {
	id: 'alert',
	name: 'Alert',
	type: 'n8n-nodes-messaging-gateway.messagingGateway',
	typeVersion: 5,
	position: [0, 0],
	parameters: {},
};
const step = (channel: 'whatsappTemplate' | 'sms' | 'voice') => ({
	channel,
	goOnWhen: 'noReport' as const,
	withinMinutes: 1,
	parameters: {},
});
const state = (channels: Array<'whatsappTemplate' | 'sms' | 'voice'>): FailoverState => ({
	to: '+31612345678',
	options: {},
	steps: channels.map(step),
	records: [],
	ended: false,
});

test('three steps: each step, then a hold per earlier step, in one line from Start to Result', () => {
	const workflow = failoverWorkflow(parent, state(['whatsappTemplate', 'sms', 'voice']));
	const names = workflow.nodes.map((node) => node.name);
	expect(names).toEqual([
		'Start',
		'Step 1: WhatsApp template',
		'Step 2: SMS',
		'Step 2: SMS (after late report 1)',
		'Step 3: Voice message',
		'Step 3: Voice message (after late report 1)',
		'Step 3: Voice message (after late report 2)',
		'Result',
	]);
	for (const [index, name] of names.slice(0, -1).entries())
		expect(workflow.connections[name]).toEqual({ main: [[{ node: names[index + 1], type: 'main', index: 0 }]] });
	expect(workflow.nodes.map((node) => node.parameters.failoverStep)).toEqual([
		undefined,
		'1',
		'2',
		'hold',
		'3',
		'hold',
		'hold',
		'result',
	]);
	// The step nodes' ids are the paths their messages' links name.
	expect(
		workflow.nodes.filter((node) => /^\d$/.test(String(node.parameters.failoverStep))).map((node) => node.id),
	).toEqual(['failover-step-1', 'failover-step-2', 'failover-step-3']);
	expect(new Set(workflow.nodes.map((node) => node.id)).size).toBe(names.length);
});
