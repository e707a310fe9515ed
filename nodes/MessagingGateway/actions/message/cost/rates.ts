/**
 * What a send costs in credits: Credits per Segment (one value) and Credits per Segment by Country
 * (values per country calling code, taking precedence), each recipient's segments at its rate, and the
 * account's balance (`GET /v1/balance`). Shared by Estimate Cost and Send SMS's Stop if Funds Are Short.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { callingCodeOf } from '../../../core/numbers/countries';
import { describeValue } from '../../../core/values';
import { gatewayRequest } from '../../../transport';

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

function credits(field: RateProblem['field'], value: unknown): number | RateProblem {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number === 'number' && Number.isFinite(number) && number >= 0) return number;
	const shown = typeof value === 'string' ? `"${value}"` : typeof value === 'number' ? String(value) : describeValue(value);
	return { field, error: `must be a number of credits, 0 or more; got ${shown}` };
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
		if (callingCodeOf(code) !== code) return { field: 'creditsPerCountry', error: `"${code}" is not a country calling code (e.g. 1, 31, 44)` };
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
		total += rate * segments;
	}
	// Rates such as 0.07 add up with binary fractions: keep the sum to 6 decimals.
	return { credits: Math.round(total * 1e6) / 1e6 };
}

/** The account's balance, in credits (one read; the gateway answers `{ balance, … }`). */
export async function readBalance(ctx: IExecuteFunctions): Promise<number> {
	const answer = await gatewayRequest.call(ctx, { method: 'GET', path: '/v1/balance', itemIndex: 0, idempotent: true });
	const balance = typeof answer.balance === 'string' && answer.balance.trim() !== '' ? Number(answer.balance) : answer.balance;
	if (typeof balance === 'number' && Number.isFinite(balance)) return balance;
	throw new NodeOperationError(ctx.getNode(), `The gateway's balance answer has no balance as a number (got ${describeValue(answer.balance)})`, {
		description: 'Nothing was sent.',
	});
}
