/**
 * Send SMS's safety options are found though n8n lists the Options alphabetically (issue 50: "14 Options in one
 * alphabetical list"): a notice above Options names them, each as the panel names it, in every node version. What
 * is shown is read as n8n's editor reads it (n8n-workflow's displayParameter) from the node's description.
 */
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { MessagingGateway } from '../../../../nodes/MessagingGateway/MessagingGateway.node';

const type = new MessagingGateway().description as INodeTypeDescription;
const parameters = { resource: 'message', operation: 'send', sendTo: 'numbers' };
/** The Send SMS panel's fields of a node version, in the panel's order. */
const panel = (typeVersion: number) => {
	const node = {
		id: '1',
		name: 'Send SMS',
		type: type.name,
		typeVersion,
		position: [0, 0] as [number, number],
		parameters,
	};
	return type.properties.filter((property) => NodeHelpers.displayParameter(parameters, property, node, type));
};
const labelsOf = (field: INodeProperties | undefined) =>
	((field?.options ?? []) as INodeProperties[]).map((option) => option.displayName);

/** The safety options the issue names, by version: Loop Guard and Quiet Hours came with node version 4. */
const SAFETY = ['Test Mode', 'Max Segments per Message', 'Stop if Funds Are Short'];
const SAFETY_FROM_4 = [...SAFETY, 'Loop Guard', 'Quiet Hours'];

test.each([
	[1, SAFETY],
	[2, SAFETY],
	[3, SAFETY],
	[4, SAFETY_FROM_4],
	[5, SAFETY_FROM_4],
])('version %i: one notice right above Options names the safety options %j', (typeVersion, safety) => {
	const fields = panel(typeVersion);
	const notices = fields.filter((field) => field.type === 'notice');
	expect(notices).toHaveLength(1);
	expect(fields.indexOf(notices[0]) + 1).toBe(fields.findIndex((field) => field.name === 'options'));

	const named = [...notices[0].displayName.matchAll(/<b>(.*?)<\/b>/g)].map((match) => match[1]);
	expect([...named].sort()).toEqual([...safety].sort());
	// Each by the name the panel gives it, in Options or (Test Mode) in Additional Fields.
	const labels = [
		...labelsOf(fields.find((field) => field.name === 'options')),
		...labelsOf(fields.find((field) => field.name === 'additionalFields')),
	];
	for (const name of named) expect({ name, inThePanel: labels.includes(name) }).toEqual({ name, inThePanel: true });
});

test('from version 4 the notice says an opted-out number is skipped, as the output item says it', () => {
	const notice = panel(5).find((field) => field.type === 'notice')!;
	expect(notice.displayName).toContain('skipped: optedOut');
});

test.each([1, 4, 5])("version %i: Options stay in alphabetical order, as n8n's node lint wants", (typeVersion) => {
	const labels = labelsOf(panel(typeVersion).find((field) => field.name === 'options'));
	expect(labels.length).toBeGreaterThan(10);
	expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
});
