/**
 * Send Template's variables are lists whose entries n8n cannot number: each entry says which position it fills
 * ({{1}}, {{2}}, … of the body; the first, second, … dynamic button), so three entries are not three fields labelled
 * "Value". The saved names (`variables.values[].value`, `buttonVariables.values[].value`) stay as they were.
 */
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { MessagingGateway } from '../../nodes/MessagingGateway/MessagingGateway.node';

const properties = new MessagingGateway().description.properties;
const entryOf = (name: string): INodeProperties => {
	const [field] = properties.filter(
		(property) => property.name === name && property.displayOptions?.show?.operation?.includes('sendTemplate'),
	);
	const [collection] = field.options as INodePropertyCollection[];
	expect(collection.name).toBe('values');
	const [entry] = collection.values;
	expect(entry.name).toBe('value');
	return entry;
};

test('a Body Variables entry says it fills {{1}}, {{2}}, … in order', () => {
	const entry = entryOf('variables');
	expect(entry.displayName).toBe('Text for {{1}}, {{2}}, … in Order');
	expect(entry.hint).toMatch(/^The first entry fills \{\{1\}\}, the second \{\{2\}\}, and so on/);
});

test('a Button Variables entry says it fills the dynamic buttons in order', () => {
	const entry = entryOf('buttonVariables');
	expect(entry.displayName).toBe('Text for Dynamic Button 1, 2, … in Order');
	expect(entry.hint).toMatch(/^The first entry fills the first dynamic button’s variable, the second the second’s/);
});

test('no field of the action node is labelled just "Value"', () => {
	const labelled: string[] = [];
	const walk = (fields: readonly unknown[], path: string) => {
		for (const field of fields as Array<Partial<INodeProperties & INodePropertyCollection>>) {
			if (field.displayName === 'Value') labelled.push(`${path}${field.name}`);
			if (Array.isArray(field.values)) walk(field.values, `${path}${field.name}.`);
			if (Array.isArray(field.options)) walk(field.options, `${path}${field.name}.`);
		}
	};
	walk(properties, '');
	expect(labelled).toEqual([]);
});
