/**
 * The trigger's Options as the panel lists them (n8n-workflow's own getNodeParameters): in alphabetical order in
 * every node version, and in version 3 a new node shows Opt-Out Keywords, which is on there, among them.
 */
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { MessagingGatewayTrigger } from '../../../nodes/MessagingGateway/MessagingGatewayTrigger.node';

const type = new MessagingGatewayTrigger().description as INodeTypeDescription;
const node = (typeVersion: number) => ({
	id: '1',
	name: 'Trigger',
	type: 'messagingGatewayTrigger',
	typeVersion,
	position: [0, 0] as [number, number],
	parameters: {},
});
const optionsOf = (typeVersion: number) =>
	type.properties.find(
		(property) => property.name === 'options' && NodeHelpers.displayParameter({}, property, node(typeVersion), type),
	)!;

test.each([1, 2, 3])('version %i: the options are in alphabetical order', (typeVersion) => {
	const names = (optionsOf(typeVersion).options as INodeProperties[]).map((option) => option.displayName);
	expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
	expect(names).toContain('Opt-Out Keywords');
});

test.each([
	[1, {}],
	[2, {}],
	[3, { optOutKeywords: true }],
])('version %i: a new node starts with the options %j', (typeVersion, expected) => {
	const parameters = NodeHelpers.getNodeParameters(type.properties, {}, true, false, node(typeVersion), type);
	expect(parameters?.options).toEqual(expected);
});
