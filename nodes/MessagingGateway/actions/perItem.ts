import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BareNumberRule } from '../core/numbers/phone';
import { asNodeError, errorItemJson, gatewayRequest, type GatewayRequest } from '../transport';

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

/** Node version 4 checks a number written without + or 00 by its length (core/numbers/phone.ts); earlier versions read it as before. */
export function bareNumberRule(ctx: IExecuteFunctions, countryOption = false): BareNumberRule | undefined {
	return ctx.getNode().typeVersion >= 4 ? { countryOption } : undefined;
}

/** The refusal of an item before any request: names the field and the item. */
export function refusal(ctx: IExecuteFunctions, field: string, error: string, itemIndex: number): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${field}: ${error}`, {
		itemIndex,
		description: `Item ${itemIndex} was refused before anything was sent.`,
	});
}
