/** The Group field every operation that names a group shows: the account's groups, or an ID. */
import type { INodeProperties } from 'n8n-workflow';

type Show = NonNullable<INodeProperties['displayOptions']>['show'];

/** `show` undefined: a field of a collection (e.g. Filters), which shows it itself. */
export function groupIdField(
	show: Show | undefined,
	texts: { displayName?: string; description: string; required?: boolean },
): INodeProperties {
	return {
		displayName: texts.displayName ?? 'Group',
		name: 'groupId',
		type: 'resourceLocator',
		required: texts.required ?? true,
		default: { mode: 'list', value: '' },
		description: texts.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a group…',
				typeOptions: { searchListMethod: 'searchGroups', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 4821',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\s*\\d+\\s*$', errorMessage: "A group's ID is a number, e.g. 4821" },
					},
				],
			},
		],
		...(show ? { displayOptions: { show } } : {}),
	};
}
