/**
 * Send SMS's cost guards, checked for every item after Send's own checks and before the first request
 * (send/run.ts): Max Segments per Message names the first item over the limit and its count; Stop if
 * Funds Are Short reads the balance once and stops when the run's estimated credits exceed it.
 * Recipients Retry On Fail already sent in this execution are not counted again.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { describeValue } from '../../../core/values';
import { runMemory, sendKey } from '../send/memory';
import type { Planned } from '../send/run';
import { creditRates, creditsFor, isRateProblem, readBalance } from './rates';

const NOTHING_SENT = 'Nothing was sent.';

function stop(ctx: IExecuteFunctions, message: string, description: string, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), message, { description: `${description} ${NOTHING_SENT}`, ...(itemIndex === undefined ? {} : { itemIndex }) });
}

function maxSegmentsStop(ctx: IExecuteFunctions, value: unknown, planned: Planned[], label: string): NodeOperationError | undefined {
	const max = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) return stop(ctx, `${label}: must be a whole number, 1 or more; got ${describeValue(value)}`, 'A node option is invalid.');
	const over = planned.filter((plan) => plan.length.segments > max);
	if (over.length === 0) return undefined;
	const [first] = over;
	const listed = over.slice(0, 10).map((plan) => plan.index).join(', ') + (over.length > 10 ? ', …' : '');
	return stop(
		ctx,
		`${label}: item ${first.index} takes ${first.length.segments} segments (${first.length.encoding}, ${[...first.body.message].length} characters); the limit is ${max}`,
		`${over.length} of ${planned.length} items take more than ${max} segments (items ${listed}).`,
		first.index,
	);
}

async function fundsStop(ctx: IExecuteFunctions, endpoint: string, options: IDataObject, planned: Planned[], label: (field: string) => string): Promise<NodeOperationError | undefined> {
	const rates = creditRates(options);
	if (rates === undefined) return stop(ctx, `${label('stopIfFundsShort')} needs ${label('creditsPerSegment')}`, 'Set what one segment costs to estimate the run.');
	if (isRateProblem(rates)) return stop(ctx, `${label(rates.field)}: ${rates.error}`, 'A node option is invalid.');
	const memory = runMemory(ctx);
	const costs: Array<{ index: number; credits: number }> = [];
	for (const plan of planned) {
		// A group's size is not known before sending; Test Mode uses no credits.
		if (plan.body.type === 'group' || plan.body.test === true) continue;
		const pending = plan.recipients.filter((to) => memory.get(sendKey(endpoint, plan.index, to))?.kind !== 'accepted');
		const cost = creditsFor(pending, plan.length.segments, rates);
		if ('missing' in cost) return stop(ctx, `${label('creditsPerSegment')}: no value for the number ${cost.missing} (item ${plan.index})`, 'Set Credits per Segment or add its country.', plan.index);
		costs.push({ index: plan.index, credits: cost.credits });
	}
	const balance = await readBalance(ctx);
	let total = 0;
	let shortAt: number | undefined;
	for (const { index, credits } of costs) {
		total = Math.round((total + credits) * 1e6) / 1e6;
		if (shortAt === undefined && total > balance) shortAt = index;
	}
	if (shortAt === undefined) return undefined;
	return stop(ctx, `${label('stopIfFundsShort')}: the run needs an estimated ${total} credits; the balance is ${balance}`, `The funds run short at item ${shortAt} of ${planned.length}.`, shortAt);
}

/** Why the run must stop before its first request, or undefined; reads the balance only for Stop if Funds Are Short. */
export async function costGuard(ctx: IExecuteFunctions, endpoint: string, options: IDataObject, planned: Planned[], label: (field: string) => string): Promise<NodeOperationError | undefined> {
	if (options.maxSegments !== undefined) {
		const stopped = maxSegmentsStop(ctx, options.maxSegments, planned, label('maxSegments'));
		if (stopped) return stopped;
	}
	const on = options.stopIfFundsShort === true || options.stopIfFundsShort === 'true';
	return on && planned.length > 0 ? await fundsStop(ctx, endpoint, options, planned, label) : undefined;
}
