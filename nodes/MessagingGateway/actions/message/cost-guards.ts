/**
 * Send SMS's cost guards (docs/cost-and-encoding.md), checked for every item after Send's checks and
 * before the first request. Each item's guards are its own options (an expression may give each item
 * its own value, as for every other per-item option): Max Segments per Message stops the run at the
 * first item over its own limit; Stop if Funds Are Short reads the balance once and stops when an item
 * that has it on, with every item before it, costs more than the balance (each item at its own Credits
 * per Segment), not counting what Retry On Fail already sent.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { shownValue } from '../../core/values';
import { addCredits, creditRates, creditsFor, isRateProblem, numeric, readBalance } from './credits';
import { runMemory, sendKey } from './send/memory';
import type { Planned } from './send/requests';
import { operationError } from '../../nodeErrors';

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
			'Whether to stop before the first request when the estimated credits exceed the balance. Needs the option Credits per Segment (what one segment costs): add it too.',
	},
];

/** The run's stop: a short title, the advice in the description, the item it names. */
function stop(ctx: IExecuteFunctions, title: string, advice: string, itemIndex: number): NodeOperationError {
	return operationError(ctx.getNode(), title, {
		description: `${advice} Nothing was sent.`,
		itemIndex,
	});
}

/** "1 of 3 items takes", "2 of 3 items take": input items, however many requests an item makes. */
const itemsTaking = (count: number, total: number) => `${count} of ${total} items ${count === 1 ? 'takes' : 'take'}`;

/** Each input item's planned sends (Quiet Hours may plan one item as several), in input order. */
function byItem(planned: readonly Planned[]): Map<number, Planned[]> {
	const items = new Map<number, Planned[]>();
	for (const plan of [...planned].sort((a, b) => a.index - b.index)) {
		const plans = items.get(plan.index) ?? [];
		plans.push(plan);
		items.set(plan.index, plans);
	}
	return items;
}

function maxSegmentsStop(
	ctx: IExecuteFunctions,
	items: Map<number, Planned[]>,
	label: (field: string) => string,
): NodeOperationError | undefined {
	const over: Array<{ index: number; max: number; plan: Planned }> = [];
	for (const [index, plans] of items) {
		const value = plans[0].options.maxSegments;
		if (value === undefined) continue;
		const max = numeric(value);
		if (typeof max !== 'number' || !Number.isInteger(max) || max < 1)
			return stop(
				ctx,
				`${label('maxSegments')}: must be a whole number, 1 or more; got ${shownValue(value)}`,
				`Item ${index}'s value.`,
				index,
			);
		// An item's parts carry one message: one length.
		if (plans[0].length.segments > max) over.push({ index, max, plan: plans[0] });
	}
	if (over.length === 0) return undefined;
	const [{ index, max, plan }] = over;
	const { segments, encoding } = plan.length;
	return stop(
		ctx,
		`${label('maxSegments')}: item ${index} takes ${segments} segments (${encoding}); the limit is ${max}`,
		`${itemsTaking(over.length, items.size)} more segments than allowed: shorten the message or raise the limit.`,
		index,
	);
}

async function fundsStop(
	ctx: IExecuteFunctions,
	endpoint: string,
	items: Map<number, Planned[]>,
	label: (field: string) => string,
): Promise<NodeOperationError | undefined> {
	const on = (plans: Planned[]) => [true, 'true'].includes(plans[0].options.stopIfFundsShort as boolean | string);
	const guarded = new Set([...items].filter(([, plans]) => on(plans)).map(([index]) => index));
	if (guarded.size === 0) return undefined;
	// Every item up to the last guarded one (items are in input order) spends from the same balance.
	const last = [...guarded].at(-1)!;
	const memory = runMemory(ctx);
	const costs: Array<{ index: number; credits: number }> = [];
	for (const [index, plans] of items) {
		if (index > last) break;
		const rates = creditRates(plans[0].options);
		if (rates === undefined)
			return stop(
				ctx,
				`${label('stopIfFundsShort')} needs ${label('creditsPerSegment')}`,
				`Add it in this node: Options → Add Option → ${label('creditsPerSegment')} (what one segment costs, in the balance's unit), or ${label('creditsPerCountry')}.`,
				index,
			);
		if (isRateProblem(rates))
			return stop(ctx, `${label(rates.field)}: ${rates.error}`, `Item ${index}'s value.`, index);
		let credits = 0;
		for (const plan of plans) {
			// A group's size is not known before sending.
			if (plan.body.type === 'group') continue;
			const pending = plan.recipients.filter(
				(to) => memory.get(sendKey(endpoint, plan.index, to))?.kind !== 'accepted',
			);
			const cost = creditsFor(pending, plan.length.segments, rates);
			if ('missing' in cost)
				return stop(
					ctx,
					`${label('creditsPerSegment')}: no value for ${cost.missing}`,
					`Item ${index} sends to a country ${label('creditsPerCountry')} does not list: add it there, or set ${label('creditsPerSegment')} for every other country.`,
					index,
				);
			credits = addCredits(credits, cost.credits);
		}
		costs.push({ index, credits });
	}
	const balance = await readBalance(ctx);
	let total = 0;
	let shortAt: number | undefined;
	for (const { index, credits } of costs) {
		total = addCredits(total, credits);
		if (shortAt === undefined && total > balance && guarded.has(index)) shortAt = index;
	}
	if (shortAt === undefined) return undefined;
	return stop(
		ctx,
		`${label('stopIfFundsShort')}: the run needs an estimated ${total} credits; the balance is ${balance}`,
		`The balance runs short at item ${shortAt}: top it up, or send fewer items.`,
		shortAt,
	);
}

/** Why the run must stop before its first request, or undefined; reads the balance only for Stop if Funds Are Short. */
export async function costGuard(
	ctx: IExecuteFunctions,
	endpoint: string,
	planned: Planned[],
	label: (field: string) => string,
): Promise<NodeOperationError | undefined> {
	const items = byItem(planned);
	return maxSegmentsStop(ctx, items, label) ?? (await fundsStop(ctx, endpoint, items, label));
}
