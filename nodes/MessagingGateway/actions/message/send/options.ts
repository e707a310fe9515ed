/**
 * The settings of a send run, checked before any item: Concurrency, Timeout, Batch Recipients and
 * Batch Size apply to the whole run (a bad value stops it), Default Country to its item, and the
 * account's time zone comes from the credential. Each check names the field it refused; the caller
 * turns the name into the label the panel shows.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { MAX_RECIPIENTS_PER_REQUEST } from '../../../core/sending/batch';
import { countryByCode, type Country } from '../../../core/numbers/countries';
import { formatZoned } from '../../../core/sending/schedule';
import { describeValue, shownValue } from '../../../core/values';
import { CREDENTIAL_TYPE, DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from '../../../constants';
import { operationError } from '../../../nodeErrors';

export const DEFAULT_CONCURRENCY = 5;
/** More parallel requests than this only earn 429 answers from a gateway. */
export const MAX_CONCURRENCY = 50;
export const DEFAULT_BATCH_SIZE = MAX_RECIPIENTS_PER_REQUEST;

type OptionField = 'concurrency' | 'timeout' | 'batchRecipients' | 'batchSize' | 'defaultCountry' | 'onUnknownOutcome';

/** What Retry On Fail does with a send whose outcome is unknown (a 5xx, a timeout, a reset after the request went out). */
export const ON_UNKNOWN_OUTCOME = ['doNotResend', 'resend'] as const;
export type OnUnknownOutcome = (typeof ON_UNKNOWN_OUTCOME)[number];

/** A refused option: the field and what is wrong with it. */
export interface OptionProblem {
	field: OptionField;
	error: string;
}

export interface RunSettings {
	concurrency: number;
	timeoutMs: number;
	/** Most recipients in one request; 0 sends every item alone (no batching). */
	batchSize: number;
	onUnknownOutcome: OnUnknownOutcome;
}

function wholeNumber(
	field: OptionField,
	value: unknown,
	byDefault: number,
	min: number,
	max: number,
): number | OptionProblem {
	if (value === undefined) return byDefault;
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max) return number;
	return { field, error: `must be a whole number from ${min} to ${max}; got ${shownValue(value)}` };
}

/** The Timeout option in milliseconds (the default when not set), or what is wrong with it. */
export const timeoutOf = (value: unknown): number | OptionProblem =>
	wholeNumber('timeout', value, DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS);

/** Whether to batch recipients: the option when set, else `byDefault` (it depends on the node version). */
function batching(value: unknown, byDefault: boolean): boolean | OptionProblem {
	if (value === undefined) return byDefault;
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	return { field: 'batchRecipients', error: `expected true or false but got ${describeValue(value)}` };
}

/** On Unknown Outcome: the option when set, else Do Not Resend from node version 3 (Resend before, as those versions did). */
function onUnknownOutcome(value: unknown, version: number): OnUnknownOutcome | OptionProblem {
	if (value === undefined || value === '') return version >= 3 ? 'doNotResend' : 'resend';
	if (ON_UNKNOWN_OUTCOME.includes(value as OnUnknownOutcome)) return value as OnUnknownOutcome;
	return {
		field: 'onUnknownOutcome',
		error: `expected ${ON_UNKNOWN_OUTCOME.join(' or ')} but got ${shownValue(value)}`,
	};
}

export const isProblem = (value: unknown): value is OptionProblem =>
	typeof value === 'object' && value !== null && 'error' in value && 'field' in value;

/** The run-wide options of the first item (n8n reads them once); version 2 batches by default, version 3 does not resend an unknown outcome. */
export function runSettings(options: IDataObject, version: number): RunSettings | OptionProblem {
	const concurrency = wholeNumber('concurrency', options.concurrency, DEFAULT_CONCURRENCY, 1, MAX_CONCURRENCY);
	const timeoutMs = timeoutOf(options.timeout);
	const batched = batching(options.batchRecipients, version >= 2);
	const batchSize = wholeNumber('batchSize', options.batchSize, DEFAULT_BATCH_SIZE, 1, MAX_RECIPIENTS_PER_REQUEST);
	const unknown = onUnknownOutcome(options.onUnknownOutcome, version);
	for (const checked of [concurrency, timeoutMs, batched, batchSize, unknown]) if (isProblem(checked)) return checked;
	// Without batching every item is a request of its own, exactly as before batching existed.
	return {
		concurrency: concurrency as number,
		timeoutMs: timeoutMs as number,
		batchSize: batched ? (batchSize as number) : 0,
		onUnknownOutcome: unknown as OnUnknownOutcome,
	};
}

/** An item's Default Country: none, or a country of the list. */
export function defaultCountry(value: unknown): Country | undefined | OptionProblem {
	if (value === undefined || value === '') return undefined;
	if (typeof value !== 'string')
		return { field: 'defaultCountry', error: `expected a country code but got ${describeValue(value)}` };
	return (
		countryByCode(value) ?? {
			field: 'defaultCountry',
			error: `"${value}" is not an ISO 3166 country code (e.g. NL, GB, US)`,
		}
	);
}

/** The account's time zone from the credential, else the workflow's; checked to be an IANA name. */
export async function accountTimeZone(ctx: IExecuteFunctions): Promise<string> {
	const credentials = await ctx.getCredentials<{ accountTimeZone?: string }>(CREDENTIAL_TYPE);
	const zone =
		typeof credentials.accountTimeZone === 'string' && credentials.accountTimeZone.trim() !== ''
			? credentials.accountTimeZone.trim()
			: ctx.getTimezone();
	try {
		formatZoned(new Date(), zone);
	} catch {
		throw operationError(
			ctx.getNode(),
			`Account Time Zone: "${zone}" is not an IANA time zone name (e.g. Europe/Amsterdam)`,
			{
				description: 'Fix it in the credential. Nothing was sent.',
			},
		);
	}
	return zone;
}
