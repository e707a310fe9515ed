/**
 * What a send costs (docs/cost-and-encoding.md).
 * - Smart Encoding (Send SMS, Send and Wait, Estimate Cost): an item's message is replaced by its GSM-7
 *   form (core/sending/encoding.ts) before it is checked (send/run.ts planItem), so the text checked,
 *   counted, sent, remembered by Retry On Fail and shown is one; unset, on from node version 4.
 * - Credits per Segment (one value) and by Country (per calling code, taking precedence), a recipient's
 *   credits, the balance (`GET /v1/balance`): Estimate Cost and Stop if Funds Are Short.
 * - Send SMS's guards, checked for every item after Send's checks and before the first request: Max
 *   Segments per Message names the first item over the limit; Stop if Funds Are Short reads the balance
 *   once and stops when the run's estimate exceeds it, not counting what Retry On Fail already sent.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { callingCodeOf } from '../../core/numbers/countries';
import { smartEncode } from '../../core/sending/encoding';
import type { RawSendInput } from '../../core/sending/send';
import { describeValue } from '../../core/values';
import { gatewayRequest } from '../../transport';
import { runMemory, sendKey } from './send/memory';
import type { Planned } from './send/run';

export const SMART_ENCODING: INodeProperties = {
	displayName: 'Smart Encoding',
	name: 'smartEncoding',
	type: 'boolean',
	default: true,
	description:
		'Whether curly quotes, dashes and special spaces go out as GSM-7 look-alikes when that keeps the SMS GSM-7 (on by default from node version 4)',
};

/** What Smart Encoding did to an item: the message as written and how many characters it replaced. */
export interface SmartEncoding {
	written: string;
	replacedCharacters: number;
}

/** The option when set (true, or "true" from an expression), else on from node version 4. */
const smartEncodingOn = (ctx: IExecuteFunctions, value: unknown) => (value === undefined ? ctx.getNode().typeVersion >= 4 : value === true || value === 'true');

/** The item's input with its message smart-encoded, and what was done; the input unchanged when the option is off. */
export function smartEncoded(
	ctx: IExecuteFunctions,
	channel: 'sms' | 'voice',
	options: IDataObject,
	input: RawSendInput,
): { input: RawSendInput; encoding?: SmartEncoding } {
	if (channel !== 'sms' || !smartEncodingOn(ctx, options.smartEncoding) || typeof input.message !== 'string') return { input };
	const { text, replaced } = smartEncode(input.message);
	return { input: { ...input, message: text }, encoding: { written: input.message, replacedCharacters: replaced } };
}

const CREDITS_PER_SEGMENT: INodeProperties = {
	displayName: 'Credits per Segment',
	name: 'creditsPerSegment',
	type: 'number',
	default: 1,
	typeOptions: { minValue: 0, numberPrecision: 4 },
	description: "What one SMS segment costs, in the balance's unit",
};

const CREDITS_PER_COUNTRY: INodeProperties = {
	displayName: 'Credits per Segment by Country',
	name: 'creditsPerCountry',
	type: 'fixedCollection',
	placeholder: 'Add Country',
	default: {},
	typeOptions: { multipleValues: true },
	description: 'What one segment costs to a country calling code (takes precedence)',
	options: [
		{
			displayName: 'Rate',
			name: 'rates',
			values: [
				{ displayName: 'Calling Code', name: 'callingCode', type: 'string', default: '', placeholder: 'e.g. 44' },
				{ displayName: 'Credits per Segment', name: 'creditsPerSegment', type: 'number', default: 1, typeOptions: { minValue: 0, numberPrecision: 4 } },
			],
		},
	],
};

export const CREDIT_OPTIONS: INodeProperties[] = [CREDITS_PER_SEGMENT, CREDITS_PER_COUNTRY];

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
		description: 'Whether to stop before the first request when the estimated credits exceed the balance (needs Credits per Segment)',
	},
];

export interface CreditRates {
	/** Credits per segment for a number of no listed country. */
	perSegment?: number;
	/** Country calling code → credits per segment. */
	byCallingCode: Map<string, number>;
}

export interface RateProblem {
	field: 'creditsPerSegment' | 'creditsPerCountry';
	error: string;
}

export const isRateProblem = (value: unknown): value is RateProblem => typeof value === 'object' && value !== null && 'error' in value;

/** A number, or a number written as text (from an expression); anything else as it is. */
const numeric = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** Credits added up: rates such as 0.07 sum with binary fractions, so the sum is kept to 6 decimals. */
export const addCredits = (a: number, b: number) => Math.round((a + b) * 1e6) / 1e6;

function credits(field: RateProblem['field'], value: unknown): number | RateProblem {
	const number = numeric(value);
	return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : { field, error: `must be a number, 0 or more; got ${describeValue(value)}` };
}

/** The run's rates from its options; undefined when neither option is set. */
export function creditRates(options: IDataObject): CreditRates | RateProblem | undefined {
	const entries = ((options.creditsPerCountry as IDataObject | undefined)?.rates ?? []) as IDataObject[];
	if (options.creditsPerSegment === undefined && entries.length === 0) return undefined;
	const rates: CreditRates = { byCallingCode: new Map() };
	if (options.creditsPerSegment !== undefined) {
		const single = credits('creditsPerSegment', options.creditsPerSegment);
		if (isRateProblem(single)) return single;
		rates.perSegment = single;
	}
	for (const entry of entries) {
		const code = String(entry.callingCode ?? '').trim().replace(/^\+/, '');
		if (callingCodeOf(code) !== code) return { field: 'creditsPerCountry', error: `"${code}" is not a country calling code` };
		const rate = credits('creditsPerCountry', entry.creditsPerSegment);
		if (isRateProblem(rate)) return rate;
		rates.byCallingCode.set(code, rate);
	}
	return rates;
}

/** Credits for `segments` to each of `recipients` (international digits), or the first recipient without a rate. */
export function creditsFor(recipients: readonly string[], segments: number, rates: CreditRates): { credits: number } | { missing: string } {
	let total = 0;
	for (const recipient of recipients) {
		const rate = rates.byCallingCode.get(callingCodeOf(recipient) ?? '') ?? rates.perSegment;
		if (rate === undefined) return { missing: recipient };
		total = addCredits(total, rate * segments);
	}
	return { credits: total };
}

/** The account's balance, in credits (one read; the gateway answers `{ balance, … }`). */
export async function readBalance(ctx: IExecuteFunctions): Promise<number> {
	const answer = await gatewayRequest.call(ctx, { method: 'GET', path: '/v1/balance', itemIndex: 0, idempotent: true });
	const balance = numeric(answer.balance);
	if (typeof balance === 'number' && Number.isFinite(balance)) return balance;
	throw new NodeOperationError(ctx.getNode(), `The balance answer has no number: ${describeValue(answer.balance)}`);
}

function stop(ctx: IExecuteFunctions, message: string, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), message, { description: 'Nothing was sent.', itemIndex });
}

function maxSegmentsStop(ctx: IExecuteFunctions, value: unknown, planned: Planned[], label: string): NodeOperationError | undefined {
	const max = numeric(value);
	if (typeof max !== 'number' || !Number.isInteger(max) || max < 1) return stop(ctx, `${label}: must be a whole number, 1 or more; got ${describeValue(value)}`);
	const over = planned.filter((plan) => plan.length.segments > max);
	if (over.length === 0) return undefined;
	const [first] = over;
	const what = `item ${first.index} takes ${first.length.segments} segments (${first.length.encoding})`;
	return stop(ctx, `${label}: ${what}; the limit is ${max} (${over.length} of ${planned.length} items take more)`, first.index);
}

async function fundsStop(ctx: IExecuteFunctions, endpoint: string, options: IDataObject, planned: Planned[], label: (field: string) => string): Promise<NodeOperationError | undefined> {
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
		if ('missing' in cost) return stop(ctx, `${label('creditsPerSegment')}: no value for ${cost.missing} (item ${plan.index})`, plan.index);
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
	return stop(ctx, `${label('stopIfFundsShort')}: the run needs an estimated ${total} credits; the balance is ${balance}, short from item ${shortAt}`, shortAt);
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
