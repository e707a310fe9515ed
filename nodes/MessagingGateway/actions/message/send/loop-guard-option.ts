/**
 * The Loop Guard option of Send SMS and Send and Wait for Response (DESIGN §2.5), and of Conversation → Get
 * Unanswered, as the panel shows it; what it does: loop-guard.ts and getUnanswered.operation.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { LOOP_GUARD_DEFAULTS } from '../../../core/sending/loop-guard';

const { maxMessages, withinMinutes, mode } = LOOP_GUARD_DEFAULTS;

/**
 * Loop Guard: added with its defaults (5 in 10 minutes, Skip); its fields' labels sort in the panel's order. What
 * the option, Skip and Error say differs between a send and a read.
 */
export const loopGuardOption = (says: { option: string; skip: string; error: string }): INodeProperties => ({
	displayName: 'Loop Guard',
	name: 'loopGuard',
	type: 'fixedCollection',
	default: { values: { maxMessages, withinMinutes, mode } },
	// Said explicitly: n8n 1.x keeps an added entry whose fields are all at their defaults only then (else it saves nothing).
	typeOptions: { multipleValues: false },
	description: says.option,
	options: [
		{
			displayName: 'Limit',
			name: 'values',
			values: [
				{
					displayName: 'Max Messages',
					name: 'maxMessages',
					type: 'number',
					default: maxMessages,
					typeOptions: { minValue: 1 },
					description: 'The most messages sent to one number within the window, by every workflow of the account',
				},
				{
					displayName: 'Minutes',
					name: 'withinMinutes',
					type: 'number',
					default: withinMinutes,
					typeOptions: { minValue: 1 },
					description: 'The window: messages sent to the number in the last this many minutes are counted',
				},
				{
					displayName: 'Mode',
					name: 'mode',
					type: 'options',
					default: mode,
					options: [
						{ name: 'Skip', value: 'skip', description: says.skip },
						{ name: 'Error', value: 'error', description: says.error },
					],
				},
			],
		},
	],
});

/** Loop Guard on Send SMS and Send and Wait for Response. */
export const LOOP_GUARD_OPTION = loopGuardOption({
	option:
		'Send at most Max Messages to one number within Minutes, counted in the conversation with it: stops a reply loop with an auto-responder (docs: SMS assistants). One recipient per item.',
	skip: 'Send nothing; the output item says skipped: loopGuard',
	error: 'Refuse the item; nothing of it is sent',
});
