/**
 * Send SMS's cost guards (docs/cost-and-encoding.md), checked for every item after Send's checks and
 * before the first request: Max Segments per Message names the first item over the limit; Stop if Funds
 * Are Short reads the balance once and stops when the run's estimate exceeds it, not counting what
 * Retry On Fail already sent.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { describeValue } from '../../core/values';
import { addCredits, creditRates, creditsFor, isRateProblem, numeric, readBalance } from './credits';
import { runMemory, sendKey } from './send/memory';
import type { Planned } from './send/requests';

/** Send SMS's guards, checked for every item before the first request. */
export const GUARD_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Max Segments per Message',
		name: 'maxSegments',
		type: 'number',
		default: 3,
		typeOptions: { minValue: 1 },
		description: 'Stop before the first request when an item takes more segments',
	},
	{
		displayName: 'Stop if Funds Are Short',
		name: 'stopIfFundsShort',
		type: 'boolean',
		default: true,
		description:
			'Whether to stop before the first request when the estimated credits exceed the balance (needs Credits per Segment)',
	},
];

function stop(ctx: IExecuteFunctions, message: string, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), message, { description: 'Nothing was sent.', itemIndex });
}

function maxSegmentsStop(
	ctx: IExecuteFunctions,
	value: unknown,
	planned: Planned[],
	label: string,
): NodeOperationError | undefined {
	const max = numeric(value);
	if (typeof max !== 'number' || !Number.isInteger(max) || max < 1)
		return stop(ctx, `${label}: must be a whole number, 1 or more; got ${describeValue(value)}`);
	const over = planned.filter((plan) => plan.length.segments > max);
	if (over.length === 0) return undefined;
	const [first] = over;
	const what = `item ${first.index} takes ${first.length.segments} segments (${first.length.encoding})`;
	return stop(
		ctx,
		`${label}: ${what}; the limit is ${max} (${over.length} of ${planned.length} items take more)`,
		first.index,
	);
}

async function fundsStop(
	ctx: IExecuteFunctions,
	endpoint: string,
	options: IDataObject,
	planned: Planned[],
	label: (field: string) => string,
): Promise<NodeOperationError | undefined> {
	const rates = creditRates(options);
	if (rates === undefined) return stop(ctx, `${label('stopIfFundsShort')} needs ${label('creditsPerSegment')}`);
	if (isRateProblem(rates)) return stop(ctx, `${label(rates.field)}: ${rates.error}`);
	const memory = runMemory(ctx);
	const costs: Array<{ index: number; credits: number }> = [];
	for (const plan of planned) {
		// A group's size is not known before sending.
		if (plan.body.type === 'group') continue;
		const pending = plan.recipients.filter((to) => memory.get(sendKey(endpoint, plan.index, to))?.kind !== 'accepted');
		const cost = creditsFor(pending, plan.length.segments, rates);
		if ('missing' in cost)
			return stop(ctx, `${label('creditsPerSegment')}: no value for ${cost.missing} (item ${plan.index})`, plan.index);
		costs.push({ index: plan.index, credits: cost.credits });
	}
	const balance = await readBalance(ctx);
	let total = 0;
	let shortAt: number | undefined;
	for (const { index, credits } of costs) {
		total = addCredits(total, credits);
		if (shortAt === undefined && total > balance) shortAt = index;
	}
	if (shortAt === undefined) return undefined;
	return stop(
		ctx,
		`${label('stopIfFundsShort')}: the run needs an estimated ${total} credits; the balance is ${balance}, short from item ${shortAt}`,
		shortAt,
	);
}

/** Why the run must stop before its first request, or undefined; reads the balance only for Stop if Funds Are Short. */
export async function costGuard(
	ctx: IExecuteFunctions,
	endpoint: string,
	options: IDataObject,
	planned: Planned[],
	label: (field: string) => string,
): Promise<NodeOperationError | undefined> {
	if (options.maxSegments !== undefined) {
		const stopped = maxSegmentsStop(ctx, options.maxSegments, planned, label('maxSegments'));
		if (stopped) return stopped;
	}
	const on = options.stopIfFundsShort === true || options.stopIfFundsShort === 'true';
	return on && planned.length > 0 ? await fundsStop(ctx, endpoint, options, planned, label) : undefined;
}
