/**
 * The notice above Send SMS's Options that names its safety options. n8n's node lint wants a collection's options in
 * alphabetical order (rule node-param-collection-type-unsorted-items), which scatters them among the others (Batch
 * Recipients … Timeout); the notice gathers them, each with what it guards against.
 */
import type { INodeProperties } from 'n8n-workflow';

import { GUARD_OPTIONS } from '../cost-guards';
import { LOOP_GUARD_OPTION } from './loop-guard-option';
import { QUIET_HOURS_OPTION } from './quiet-hours-option';

type Show = NonNullable<INodeProperties['displayOptions']>['show'];

/** What each safety option guards against, by its parameter name. */
const GUARDS: Record<string, string> = {
	loopGuard: 'at most so many SMS to one number within some minutes',
	quietHours: "sends only in each recipient's allowed local hours",
	maxSegments: 'stops the run before a message longer than that',
	stopIfFundsShort: 'stops the run when the balance cannot pay for it',
};

/** The node version from which Send SMS has Loop Guard and Quiet Hours, and skips numbers on the opt-out list. */
const FROM_VERSION = 4;

function safetyNotice(show: Show, options: INodeProperties[], optedOut: string): INodeProperties {
	const named = options.map((option) => `<b>${option.displayName}</b> (${GUARDS[option.name]})`);
	return {
		displayName: `Safety options: <b>Test Mode</b> in Additional Fields (nothing is sent); in Options, ${named.join(', ')}.${optedOut}`,
		name: 'safetyNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	};
}

/** The notice of each node version: the safety options that version's Options list holds. */
export function safetyNotices(show: Show): INodeProperties[] {
	return [
		safetyNotice({ ...show, '@version': [{ _cnd: { lt: FROM_VERSION } }] }, GUARD_OPTIONS, ''),
		safetyNotice(
			{ ...show, '@version': [{ _cnd: { gte: FROM_VERSION } }] },
			[LOOP_GUARD_OPTION, QUIET_HOURS_OPTION, ...GUARD_OPTIONS],
			' A number on the opt-out list gets nothing and its output item says skipped: optedOut.',
		),
	];
}
