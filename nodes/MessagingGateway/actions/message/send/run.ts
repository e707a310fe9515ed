/**
 * One send run, the same for every send operation (SMS, voice message): check the run's settings,
 * check and build every item's request before the first is sent (a mistake in item 7 sends nothing
 * at all), send (execute.ts), then one output item per recipient. What differs between operations
 * is data: the endpoint, the fields the panel shows, the parameters read, the fields echoed.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { buildSendRequest, type SendContext } from '../../../core/sending/send';
import { asNodeError, errorItemJson } from '../../../transport';
import { numberRule, refusal } from '../../perItem';
import { readInput } from './input';
import type { SendOperation } from './operation';
import { fallbackSmsText, sendFallbackSms } from './fallback';
import { sendPlanned } from './execute';
import type { Planned } from './requests';
import { outputOf, type Result } from './output';
import { fieldLabels } from './fields';
import { costGuard } from '../cost-guards';
import { smartEncoded, type SmartEncoding } from '../smart-encoding';
import { applyQuietHours } from './quiet-hours';
import { applyLoopGuard, loopGuardFor } from './loop-guard';
import { warnOfNameToNanp } from './nanp-sender';
import { hintSkipped } from './skipped-hint';
import {
	accountTimeZone,
	defaultCountry,
	isProblem,
	runSettings,
	type OptionProblem,
	type RunSettings,
} from './options';
import { isItemError, operationError } from '../../../nodeErrors';

/** An item's checked request, or why it was refused (thrown unless the node continues on fail); Estimate Cost checks by it too. */
export function planItem(
	ctx: IExecuteFunctions,
	operation: SendOperation,
	itemIndex: number,
	context: Omit<SendContext, 'defaultCountry'>,
	label: (field: string) => string,
): Planned | NodeOperationError {
	let built: ReturnType<typeof buildSendRequest> | (OptionProblem & { ok: false });
	let smart: SmartEncoding | undefined;
	let options: IDataObject = {};
	try {
		options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const country = defaultCountry(options.defaultCountry);
		if (isProblem(country)) built = { ok: false, ...country };
		else {
			const { input, encoding } = smartEncoded(ctx, operation.channel, options, readInput(ctx, operation, itemIndex));
			smart = encoding;
			// Accept Unrecognized Numbers (node version 5) and Prefer Default Country are an item's own options, as
			// Default Country is; anything but true (an expression's "true" too) keeps the safe reading.
			const numbers = context.numbers && {
				...context.numbers,
				acceptInvalid: options.acceptUnrecognizedNumbers === true,
				preferNational: options.preferDefaultCountry === true,
			};
			built = buildSendRequest(input, { ...context, defaultCountry: country, numbers }, operation.ownFields);
		}
		if (built.ok) operation.check?.(ctx, itemIndex, built.recipients, built.body);
	} catch (error) {
		// An expression n8n could not resolve: n8n's error names the parameter.
		const nodeError = asNodeError(ctx, error, itemIndex) as NodeOperationError;
		if (!ctx.continueOnFail()) throw nodeError;
		return nodeError;
	}
	const loopGuard = built.ok ? loopGuardFor(options, built.body, built.recipients) : undefined;
	if (built.ok && !(loopGuard && 'error' in loopGuard))
		return {
			index: itemIndex,
			body: built.body,
			recipients: built.recipients,
			length: built.length,
			merged: built.merged,
			smart,
			options,
			...(loopGuard ? { loopGuard } : {}),
		};
	const error = built.ok
		? refusal(ctx, label('loopGuard'), (loopGuard as { error: string }).error, itemIndex)
		: refusal(ctx, label(built.field), built.error, itemIndex);
	if (!ctx.continueOnFail()) throw error;
	return error;
}

/**
 * What every item of a run is planned with, by Send and by Estimate Cost alike: the account's time zone, one
 * instant, and how the node version reads numbers (core/numbers/phone.ts).
 */
export async function planContext(ctx: IExecuteFunctions) {
	return { timeZone: await accountTimeZone(ctx), now: new Date(), numbers: numberRule(ctx, true) };
}

export async function runSend(ctx: IExecuteFunctions, operation: SendOperation): Promise<INodeExecutionData[]> {
	const items = ctx.getInputData();
	const version = ctx.getNode().typeVersion;
	const labels = fieldLabels(operation.description);
	const label = (field: string) => labels.get(field) ?? field;

	// Options that apply to the whole run: a bad value stops everything before any request.
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const read = runSettings(
		operation.onUnknownOutcome ? { ...options, onUnknownOutcome: operation.onUnknownOutcome } : options,
		version,
	);
	const settings = operation.oneRecipientPerRequest && !isProblem(read) ? { ...read, batchSize: 1 } : read;
	if (isProblem(settings)) {
		const error = operationError(ctx.getNode(), `${label(settings.field)}: ${settings.error}`, {
			description: 'A node option is invalid, so nothing was sent.',
		});
		if (!ctx.continueOnFail()) throw error;
		return items.map((_, item) => ({ json: errorItemJson(error), pairedItem: { item } }));
	}
	const context = await planContext(ctx);
	const planItems = items.map((_, itemIndex) => planItem(ctx, operation, itemIndex, context, label));
	const quiet = applyQuietHours(ctx, planItems, context.timeZone, context.now);
	const loops = await applyLoopGuard(
		ctx,
		operation.endpoint,
		quiet?.plans ?? planItems,
		quiet?.planned ?? planItems.filter((plan): plan is Planned => !(plan instanceof NodeOperationError)),
		settings.timeoutMs,
	);
	// Loop Guard holds its numbers from the conversation's read until the sends are done.
	try {
		const fallBack =
			operation.smsFallback === 'always' || (operation.smsFallback === 'option' && options.smsFallback === true);
		return await sendRun(ctx, operation, { version, label, settings, fallBack }, { quiet, loops, planItems });
	} finally {
		loops?.release();
	}
}

/** The run after Quiet Hours and Loop Guard: the cost guards, the sends, one output item per recipient. */
async function sendRun(
	ctx: IExecuteFunctions,
	operation: SendOperation,
	{
		version,
		label,
		settings,
		fallBack,
	}: { version: number; label: (field: string) => string; settings: RunSettings; fallBack: boolean },
	{
		quiet,
		loops,
		planItems,
	}: {
		quiet: ReturnType<typeof applyQuietHours<Planned>>;
		loops: Awaited<ReturnType<typeof applyLoopGuard<Planned>>>;
		planItems: Array<Planned | NodeOperationError>;
	},
): Promise<INodeExecutionData[]> {
	const items = ctx.getInputData();
	const plans = loops?.plans ?? quiet?.plans ?? planItems;
	const planned = loops?.planned ?? quiet?.planned ?? plans.filter((plan): plan is Planned => !isItemError(plan));
	warnOfNameToNanp(ctx, planned);
	// The guards count what is about to be sent: recipients Quiet Hours or Loop Guard skipped are not.
	const stopped = await costGuard(ctx, operation.endpoint, planned, label);
	if (stopped && !ctx.continueOnFail()) throw stopped;
	if (stopped) return items.map((_, item) => ({ json: errorItemJson(stopped), pairedItem: { item } }));
	// Node version 4: a recipient on the opt-out list is skipped, the request's others are sent (version 3 failed them all).
	const skipOptedOut = version >= 4 && operation.optedOutIsError !== true;
	const sendSettings = { ...settings, skipOptedOut, fallBack };
	const sent = await sendPlanned(ctx, operation, planned, sendSettings, items.length);
	// SMS Fallback: the recipients WhatsApp refused with 137 or 140 get an SMS instead, an opted-out one skipped as above.
	const byItem = fallBack
		? await sendFallbackSms(ctx, sent.byItem, sendSettings, items.length, operation.fallbackText ?? fallbackSmsText)
		: sent.byItem;

	const outputs = plans.flatMap((plan, itemIndex): INodeExecutionData[] => {
		const pairedItem = { item: itemIndex };
		if (isItemError(plan)) return [{ json: errorItemJson(plan), pairedItem }];
		const results: Result[] = [...(byItem.get(itemIndex) ?? []), ...(loops?.skipped(itemIndex) ?? [])];
		if (!quiet) return outputOf(operation, version, plan, results).map((json) => ({ json, pairedItem }));
		return outputOf(operation, version, plan, quiet.resultsOf(plan, results)).map((json) => ({
			json: { ...json, ...quiet.fields(itemIndex, json.to) },
			pairedItem,
		}));
	});
	hintSkipped(ctx, outputs);
	return outputs;
}
