/**
 * What a recipient costs (docs/cost-and-encoding.md): Credits per Segment (one value) and by Country
 * (per calling code, taking precedence), a run's rates read from its options, a recipient's credits,
 * and the balance (`GET /v1/balance`); used by Estimate Cost and Stop if Funds Are Short.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { callingCodeOf } from '../../core/numbers/countries';
import { describeValue, shownValue } from '../../core/values';
import { gatewayRequest } from '../../transport';
import { operationError } from '../../nodeErrors';

const CREDITS_PER_SEGMENT: INodeProperties = {
	displayName: 'Credits per Segment',
	name: 'creditsPerSegment',
	type: 'number',
	default: 1,
	typeOptions: { minValue: 0 },
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
				{
					displayName: 'Credits per Segment',
					name: 'creditsPerSegment',
					type: 'number',
					default: 1,
					typeOptions: { minValue: 0 },
				},
			],
		},
	],
};

export const CREDIT_OPTIONS: INodeProperties[] = [CREDITS_PER_SEGMENT, CREDITS_PER_COUNTRY];

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

export const isRateProblem = (value: unknown): value is RateProblem =>
	typeof value === 'object' && value !== null && 'error' in value;

/** A number, or a number written as text (from an expression); anything else as it is. */
export const numeric = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** Credits added up: rates such as 0.07 sum with binary fractions, so the sum is kept to 6 decimals. */
export const addCredits = (a: number, b: number) => Math.round((a + b) * 1e6) / 1e6;

function credits(field: RateProblem['field'], value: unknown): number | RateProblem {
	const number = numeric(value);
	return typeof number === 'number' && Number.isFinite(number) && number >= 0
		? number
		: { field, error: `must be a number, 0 or more; got ${shownValue(value)}` };
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
		const code = String(entry.callingCode ?? '')
			.trim()
			.replace(/^\+/, '');
		if (callingCodeOf(code) !== code)
			return { field: 'creditsPerCountry', error: `"${code}" is not a country calling code` };
		const rate = credits('creditsPerCountry', entry.creditsPerSegment);
		if (isRateProblem(rate)) return rate;
		rates.byCallingCode.set(code, rate);
	}
	return rates;
}

/** Credits for `segments` to each of `recipients` (international digits), or the first recipient without a rate. */
export function creditsFor(
	recipients: readonly string[],
	segments: number,
	rates: CreditRates,
): { credits: number } | { missing: string } {
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
	throw operationError(ctx.getNode(), `The balance answer has no number: ${describeValue(answer.balance)}`);
}
