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

test.each([1, 2, 3])('version %i: Register Webhook Automatically is an option, off unless added', (typeVersion) => {
	const option = (optionsOf(typeVersion).options as INodeProperties[]).find((entry) => entry.name === 'autoRegister');
	expect(option).toMatchObject({ displayName: 'Register Webhook Automatically', type: 'boolean', default: false });
});

test('the set-up notice says to paste the URL unless Register Webhook Automatically is on; then its own notice shows', () => {
	const shown = (autoRegister: boolean | undefined) =>
		type.properties
			.filter((property) => property.type === 'notice' && property.name !== 'unsignedWarning')
			.filter((property) =>
				NodeHelpers.displayParameter({ events: [], options: { autoRegister } }, property, node(3), type),
			)
			.map((property) => property.name);
	expect(shown(undefined)).toEqual(['setupNotice']);
	expect(shown(false)).toEqual(['setupNotice']);
	expect(shown(true)).toEqual(['autoRegisterNotice']);
});
