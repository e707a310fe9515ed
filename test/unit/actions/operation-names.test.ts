/**
 * One operation, one name: the nodes panel's action, the canvas subtitle and the trigger's event action use the same
 * words (before: "Get many received messages" beside "Get many inbox messages"; "Opt out a number", "Add to opt-out
 * list" and "On opt out added").
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { MessagingGateway } from '../../../nodes/MessagingGateway/MessagingGateway.node';
import { MessagingGatewayTrigger } from '../../../nodes/MessagingGateway/MessagingGatewayTrigger.node';

const action = new MessagingGateway().description;
// The subtitle expression's table: "resource:operation" → the canvas line.
const subtitles = JSON.parse(/\(\{(.*)\}\)\[/.exec(action.subtitle!)![0].slice(1, -2)) as Record<string, string>;
const actionOf = (resource: string, operation: string) =>
	(
		action.properties.find(
			(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
		)!.options as INodePropertyOptions[]
	).find((option) => option.value === operation)!.action;

test.each([
	['inbox', 'getAll'],
	['optOut', 'create'],
])('%s → %s: the panel action reads as the canvas subtitle', (resource, operation) => {
	// The same words; n8n's lint wants an action in sentence case, without hyphens.
	const words = (text: string) => text.toLowerCase().replace(/-/g, ' ');
	expect(words(actionOf(resource, operation)!)).toBe(words(subtitles[`${resource}:${operation}`]));
});

test("the trigger's opt-out events name the list as the operation does", () => {
	const events = new MessagingGatewayTrigger().description.properties.find((property) => property.name === 'events')!
		.options as INodePropertyOptions[];
	const actions = events.filter((event) => String(event.value).endsWith('_optout')).map((event) => event.action);
	expect(actions).toEqual(['On number added to opt-out list', 'On number removed from opt-out list']);
	expect(actions[0]).toContain(subtitles['optOut:create'].replace(/^Add to /, 'added to '));
});

test('Message → Send is named Send SMS in the Operation list, as its action, the docs and the examples name it', () => {
	const operation = action.properties.find(
		(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes('message'),
	)!;
	const send = (operation.options as INodePropertyOptions[]).find((option) => option.value === 'send')!;
	expect([send.name, send.action]).toEqual(['Send SMS', 'Send SMS']);
});
