/**
 * US and Canadian numbers from a sender name (docs/sending-lawfully.md#us-and-canadian-numbers): the gateway takes
 * the request and the carriers drop the SMS, so a run that does it says so over its output. (A notice in the panel
 * would need a displayOptions regex, which n8n runs with a time limit on every execution's parameter check: a busy
 * host can time it out and fail the run.)
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { nanpRecipientsOfName } from '../../../core/sending/rules';
import type { Planned } from './requests';

export function warnOfNameToNanp(ctx: IExecuteFunctions, planned: readonly Planned[]): void {
	const names = new Set<string>();
	const recipients = new Set<string>();
	for (const { body, recipients: numbers } of planned) {
		const reached = nanpRecipientsOfName(body.sender, numbers);
		if (reached.length > 0) names.add(body.sender!);
		for (const digits of reached) recipients.add(digits);
	}
	if (recipients.size === 0) return;
	const quoted = [...names].map((name) => `"${name}"`).join(', ');
	ctx.addExecutionHints({
		type: 'warning',
		location: 'outputPane',
		message: `Sent from the sender name ${quoted} to ${recipients.size} +1 number${recipients.size > 1 ? 's' : ''} (US, Canada), whose carriers deliver no SMS from a name: send to them from a number.`,
	});
}
