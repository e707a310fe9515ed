/**
 * Send Buttons and Send List say in the panel what a tap brings back: the button's or row's Title as message.content,
 * not its ID (docs/whatsapp.md#replies), so a workflow that branches on the ID does not miss every tap.
 */
import type { INodeProperties } from 'n8n-workflow';

import { MessagingGateway } from '../../nodes/MessagingGateway/MessagingGateway.node';

const properties = new MessagingGateway().description.properties;
const shownFor = (operation: string, name: string): INodeProperties[] =>
	properties.filter(
		(property) => property.name === name && property.displayOptions?.show?.operation?.includes(operation) === true,
	);

test.each([
	['sendButtons', 'buttons', "the button's Title"],
	['sendList', 'sections', "the row's Title"],
])('%s: its %s field says a tap comes back as %s in message.content, not the ID', (operation, name, title) => {
	const [field] = shownFor(operation, name);
	expect(field.description).toContain(`message.content is ${title}, not its ID`);
});

test("Send Buttons' ID says the gateway is not documented to return it", () => {
	const [buttons] = shownFor('sendButtons', 'buttons');
	const values = (buttons.options as Array<{ values: INodeProperties[] }>)[0].values;
	expect(values.find((value) => value.name === 'id')?.description).toMatch(/a tap's message\.content is the Title/);
});
