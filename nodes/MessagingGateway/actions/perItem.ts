import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { NumberContext, NumberRule } from '../core/numbers/phone';
import { asNodeError, errorItemJson, gatewayRequest, type GatewayRequest } from '../transport';
import { defaultCountry, isProblem } from './message/send/options';
import { operationError } from '../nodeErrors';

/**
 * One gateway request per input item; the gateway's answer is the output item, paired with its
 * input. `prepare` may refuse an item: every item is prepared before the first request, so a
 * mistake in item 7 sends nothing at all (with Continue On Fail the item gets the error instead).
 */
export async function requestPerItem(
	this: IExecuteFunctions,
	prepare: (itemIndex: number) => GatewayRequest | NodeOperationError,
): Promise<INodeExecutionData[]> {
	return await runPerItem(this, prepare, async (request) => [await gatewayRequest.call(this, request)]);
}

/**
 * Prepares every input item (a refusal stops the run before any request, unless Continue On Fail),
 * then runs each prepared item in turn; each result record is an output item paired with its input.
 * A failed item stops the run, or with Continue On Fail becomes an error item.
 */
export async function runPerItem<Prepared>(
	ctx: IExecuteFunctions,
	prepare: (itemIndex: number) => Prepared | NodeOperationError,
	run: (prepared: Prepared, itemIndex: number) => Promise<IDataObject[]>,
): Promise<INodeExecutionData[]> {
	const prepared = ctx.getInputData().map((_, itemIndex) => {
		const request = prepare(itemIndex);
		if (request instanceof NodeOperationError && !ctx.continueOnFail()) throw request;
		return request;
	});
	const results: INodeExecutionData[] = [];
	for (const [itemIndex, request] of prepared.entries()) {
		const pairedItem = { item: itemIndex };
		if (request instanceof NodeOperationError) {
			results.push({ json: errorItemJson(request), pairedItem });
			continue;
		}
		try {
			for (const json of await run(request, itemIndex)) results.push({ json, pairedItem });
		} catch (error) {
			const nodeError = asNodeError(ctx, error, itemIndex);
			if (!ctx.continueOnFail()) throw nodeError;
			results.push({ json: errorItemJson(nodeError), pairedItem });
		}
	}
	return results;
}

/**
 * How this node version reads numbers (core/numbers/phone.ts): by libphonenumber from version 5; versions 4 (bare
 * digits checked by length) and 1–3 as they did, refused where libphonenumber reads another valid number.
 */
export function numberRule(ctx: IExecuteFunctions, countryOption = false, acceptInvalid = false): NumberRule {
	const version = ctx.getNode().typeVersion;
	return { reading: version >= 5 ? 'libphonenumber' : version >= 4 ? 'length' : 'plain', countryOption, acceptInvalid };
}

/** An item's number options (descriptions/numbers.ts: Options → Default Country, Prefer Default Country, Accept Unrecognized Numbers) with the version's rule. */
export function numberContext(ctx: IExecuteFunctions, itemIndex: number): NumberContext | NodeOperationError {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const country = defaultCountry(options.defaultCountry);
	if (isProblem(country)) return refusal(ctx, 'Default Country', country.error, itemIndex);
	return {
		// These Options exist from node version 5 (descriptions/numbers.ts): before, the advice cannot name Default Country.
		rule: {
			...numberRule(ctx, ctx.getNode().typeVersion >= 5, options.acceptUnrecognizedNumbers === true),
			preferNational: options.preferDefaultCountry === true,
		},
		defaultCountry: country,
	};
}

/** The refusal of an item before any request: names the field and the item. */
export function refusal(ctx: IExecuteFunctions, field: string, error: string, itemIndex: number): NodeOperationError {
	return operationError(ctx.getNode(), `${field}: ${error}`, {
		itemIndex,
		description: `Item ${itemIndex} was refused before anything was sent.`,
	});
}
