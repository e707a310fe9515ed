/**
 * The Quiet Hours option of Send SMS and Send Voice Message (DESIGN §2.4), as the panel shows it; what
 * it does: quiet-hours.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { QUIET_DAYS } from '../../../core/sending/quiet-hours';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const custom = { show: { preset: ['custom'] } };

/** The window a newly added Quiet Hours holds: US Federal, Defer (every field at its default). */
const DEFAULT_WINDOW = { preset: 'usFederal', mode: 'defer' };

/**
 * The Quiet Hours option (DESIGN §2.4): added with a window, the preset first. n8n's lint (and its
 * package scan) wants a collection's fields sorted by label, so the labels are chosen to sort in the
 * panel's order: Allowed Hours (`preset`), Custom Days/From/Until, Outside Allowed Hours (`mode`), Time Zone.
 */
export const QUIET_HOURS_OPTION: INodeProperties = {
	displayName: 'Quiet Hours',
	name: 'quietHours',
	type: 'fixedCollection',
	default: { values: DEFAULT_WINDOW },
	// Said explicitly: n8n 1.x keeps an added entry whose fields are all at their defaults only then (else it saves nothing).
	typeOptions: { multipleValues: false },
	description: "Send only inside a window of each recipient's local time (docs: Sending lawfully)",
	options: [
		{
			displayName: 'Window',
			name: 'values',
			values: [
				{
					displayName:
						"A group send needs the members' Time Zone below: the node cannot see their numbers, so it refuses to guess (the account's zone may be hours away)",
					name: 'groupNotice',
					type: 'notice',
					default: '',
					displayOptions: { show: { '/sendTo': ['group'] } },
				},
				{
					displayName: 'Allowed Hours',
					name: 'preset',
					type: 'options',
					default: 'usFederal',
					options: [
						{ name: 'US Federal (08:00–21:00)', value: 'usFederal' },
						{ name: 'US Florida, Oklahoma (08:00–20:00)', value: 'usStrict' },
						{ name: 'Custom', value: 'custom' },
					],
				},
				{
					displayName: 'Custom Days',
					name: 'days',
					type: 'multiOptions',
					default: ['mon', 'tue', 'wed', 'thu', 'fri'],
					options: [1, 2, 3, 4, 5, 6, 0].map((day) => ({ name: DAY_NAMES[day], value: QUIET_DAYS[day] })),
					displayOptions: custom,
				},
				{
					displayName: 'Custom From',
					name: 'from',
					type: 'string',
					default: '09:00',
					placeholder: 'HH:mm',
					displayOptions: custom,
				},
				{
					displayName: 'Custom Until',
					name: 'until',
					type: 'string',
					default: '18:00',
					placeholder: 'HH:mm',
					description: 'The first quiet minute',
					displayOptions: custom,
				},
				{
					displayName: 'Outside Allowed Hours',
					name: 'mode',
					type: 'options',
					default: 'defer',
					options: [
						{ name: 'Defer', value: 'defer', description: 'Schedule at the next opening' },
						{ name: 'Skip', value: 'skip', description: 'Send nothing; the output item says why' },
						{ name: 'Error', value: 'error', description: 'Refuse the item; nothing of it is sent' },
					],
				},
				{
					displayName: 'Time Zone',
					name: 'timeZoneField',
					type: 'string',
					default: '',
					placeholder: 'e.g. America/New_York',
					description:
						"The recipients' IANA time zone. Empty: each number's own (from its prefix), else the account's. Required for a group send.",
					hint: "To read each item's own, use an expression: {{ $json.timeZone }}",
				},
			],
		},
	],
};
