/**
 * The codex files n8n reads beside each node (`<Node>.node.json`, its `alias` list): n8n's nodes panel matches what
 * users type against a node's display name and these aliases, ignoring case. Every node is found by the channels it
 * speaks; a real n8n's panel is searched in test/e2e/editor.test.ts and test/e2e/trigger-safety.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const NODES = join(__dirname, '..', '..', 'nodes', 'MessagingGateway');
const codexFiles = readdirSync(NODES).filter((file) => file.endsWith('.node.json'));
const aliasesOf = (file: string) =>
	(JSON.parse(readFileSync(join(NODES, file), 'utf8')) as { alias?: string[] }).alias ?? [];

test('each of the three nodes has a codex file named after it', () => {
	expect(codexFiles.sort()).toEqual([
		'MessagingGateway.node.json',
		'MessagingGatewayInboxTrigger.node.json',
		'MessagingGatewayTrigger.node.json',
	]);
});

test.each([
	'MessagingGateway.node.json',
	'MessagingGatewayTrigger.node.json',
	'MessagingGatewayInboxTrigger.node.json',
])('%s: the nodes panel finds the node by "whatsapp", "sms" and "text message"', (file) => {
	const aliases = aliasesOf(file).map((alias) => alias.toLowerCase());
	for (const word of ['whatsapp', 'sms', 'text message'])
		expect({ word, found: aliases.includes(word) }).toEqual({ word, found: true });
});

test.each(codexFiles)('%s: no alias twice (ignoring case)', (file) => {
	const aliases = aliasesOf(file).map((alias) => alias.toLowerCase());
	expect(aliases.filter((alias, index) => aliases.indexOf(alias) !== index)).toEqual([]);
});
