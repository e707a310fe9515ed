/**
 * The Quiet Hours option as n8n's editor handles it, judged by n8n-workflow's own NodeHelpers: the
 * option comes with a window (as Limit Wait Time does), which n8n keeps when the workflow is saved;
 * the first field is the preset; a group send shows a notice that its members' zone is needed.
 */
import { NodeHelpers, type INode, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { QUIET_HOURS_OPTION } from '../../../../../nodes/MessagingGateway/actions/message/send/quiet-hours-option';
import { ACTION_TYPE } from '../../../../support/run';

const node = { name: 'Send', type: ACTION_TYPE, typeVersion: 4, parameters: {} } as unknown as INode;
const OPTIONS: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	default: {},
	options: [QUIET_HOURS_OPTION],
};
const windowFields = (QUIET_HOURS_OPTION.options![0] as { values: INodeProperties[] }).values;

/** The window's fields n8n shows, in order, for these root parameters and window values. */
const shown = (root: INodeParameters, values: INodeParameters) =>
	windowFields
		.filter((field) => NodeHelpers.displayParameter(values, field, node, null, { ...root, ...values }))
		.map((field) => field.name);

test('added, the option holds a window (US Federal, Defer), and n8n keeps it when the workflow is saved', () => {
	expect(QUIET_HOURS_OPTION.default).toEqual({ values: { preset: 'usFederal', mode: 'defer' } });
	const saved = NodeHelpers.getNodeParameters(
		[OPTIONS],
		{ options: { quietHours: QUIET_HOURS_OPTION.default } } as INodeParameters,
		false,
		false,
		node,
		null,
	)!;
	expect((saved.options as INodeParameters).quietHours).toEqual({ values: expect.any(Object) });
});

test('the preset comes first; Custom adds its days and hours after it; a group send shows its notice above', () => {
	expect(shown({ sendTo: 'numbers' }, { preset: 'usFederal' })).toEqual(['preset', 'mode', 'timeZoneField']);
	expect(shown({ sendTo: 'numbers' }, { preset: 'custom' })).toEqual([
		'preset',
		'days',
		'from',
		'until',
		'mode',
		'timeZoneField',
	]);
	expect(shown({ sendTo: 'group' }, { preset: 'usFederal' })).toEqual([
		'groupNotice',
		'preset',
		'mode',
		'timeZoneField',
	]);
});

test('the zone field is called Time Zone and its placeholder is an example zone, not an expression', () => {
	const zone = windowFields.find((field) => field.name === 'timeZoneField')!;
	expect(zone.displayName).toBe('Time Zone');
	expect(zone.placeholder).not.toMatch(/^=|\{\{/);
	expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone.placeholder!.replace(/^e\.g\. /, '') })).not.toThrow();
});
