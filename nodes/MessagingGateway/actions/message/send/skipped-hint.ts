/**
 * Recipients a send run skipped on purpose (Loop Guard, the opt-out list, Quiet Hours set to Skip) are output items
 * `{ to, skipped, … }` and no error: the run says so over its output, one hint per reason, so a skip is seen without
 * reading every item's JSON.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** Why each skip happened, said of one item and of several. */
const REASONS = new Map<unknown, { one: string; several: string }>([
	[
		'loopGuard',
		{
			one: "Loop Guard's limit for its number was reached",
			several: "Loop Guard's limit for their numbers was reached",
		},
	],
	['optedOut', { one: 'its number is on the opt-out list', several: 'their numbers are on the opt-out list' }],
	[
		'quietHours',
		{
			one: "its recipient's local time was outside Quiet Hours' Allowed Hours, and Outside Allowed Hours is Skip",
			several: "their recipients' local time was outside Quiet Hours' Allowed Hours, and Outside Allowed Hours is Skip",
		},
	],
]);

/** One hint over the output per reason some of `outputs` (the run's output items) were skipped for, with how many. */
export function hintSkipped(ctx: IExecuteFunctions, outputs: readonly INodeExecutionData[]): void {
	const counts = new Map<unknown, number>();
	for (const { json } of outputs)
		if (REASONS.has(json.skipped)) counts.set(json.skipped, (counts.get(json.skipped) ?? 0) + 1);
	for (const [reason, count] of counts) {
		const { one, several } = REASONS.get(reason)!;
		const why = count === 1 ? one : several;
		ctx.addExecutionHints({
			type: 'info',
			location: 'outputPane',
			message: `${count} item${count === 1 ? ' was' : 's were'} not sent: ${why} (see skipped: ${String(reason)} in the output)`,
		});
	}
}
