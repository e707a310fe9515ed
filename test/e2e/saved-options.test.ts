/**
 * Options whose entry comes filled in (Quiet Hours, Loop Guard, Limit Wait Time) survive a save in the pinned n8n:
 * its editor saves a node's parameters without their defaults, and its runner reads them back with the defaults.
 * An entry whose fields are all at their defaults must come back as that entry, not as nothing: n8n 1.x saved
 * nothing for it unless the collection says it holds one entry (`multipleValues: false`), and the node then sent
 * at any hour, or waited without limit.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { INode, INodeParameters, INodeTypeDescription } from 'n8n-workflow';

import { ensureN8n, ROOT } from '../../tools/n8n-install';

type Helpers = typeof import('n8n-workflow').NodeHelpers;

const install = ensureN8n();
// n8n's own n8n-workflow, as its editor and runner use it, and the built node.
const load = createRequire(__filename);
const { NodeHelpers } = load(join(install.dir, 'node_modules', 'n8n-workflow')) as { NodeHelpers: Helpers };
const { MessagingGateway } = load(join(ROOT, 'dist/nodes/MessagingGateway/MessagingGateway.node.js'));
const description = new MessagingGateway().description as INodeTypeDescription;

/** `parameters` saved as n8n's editor saves them, then read as n8n reads them to run the node. */
function savedAndRead(parameters: INodeParameters): INodeParameters {
	const node: INode = { id: '1', name: 'SMS', type: 'messagingGateway', typeVersion: 5, position: [0, 0], parameters };
	const saved = NodeHelpers.getNodeParameters(description.properties, parameters, false, false, node, description);
	return NodeHelpers.getNodeParameters(description.properties, saved!, true, false, node, description)!;
}

const send = { resource: 'message', operation: 'send', sendTo: 'numbers', to: '+12015550123', message: 'Hi' };
const sendAndWait = { resource: 'message', operation: 'sendAndWait', to: '+12015550123', message: 'OK?' };

test.each([
	['Quiet Hours', send, 'quietHours', { preset: 'usFederal', mode: 'defer' }],
	['Loop Guard', send, 'loopGuard', { maxMessages: 5, withinMinutes: 10, mode: 'skip' }],
	[
		'Limit Wait Time',
		sendAndWait,
		'limitWaitTime',
		{ limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'days' },
	],
])(`n8n ${install.version}: %s added and left at its defaults is still there after a save`, (_, base, name, values) => {
	const read = savedAndRead({ ...base, options: { [name]: { values } } });
	expect((read.options as INodeParameters)[name]).toEqual({ values: expect.objectContaining(values) });
});
