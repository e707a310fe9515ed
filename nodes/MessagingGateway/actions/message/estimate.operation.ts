/**
 * Estimate Cost: what Send SMS would send for the same parameters — encoding, characters, segments,
 * recipients, the characters that force UCS-2 — checked exactly as Send checks them (send/run.ts's
 * planItem), and nothing sent. With Credits per Segment (each item its own, as Send's guards read
 * them): the estimated credits, the balance (one `GET /v1/balance` per run) and whether it covers the
 * run up to this item. docs/cost-and-encoding.md.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { nonGsmCharacters } from '../../core/sending/encoding';
import { messageLength } from '../../core/sending/rules';
import { errorItemJson } from '../../transport';
import { refusal } from '../perItem';
import { addCredits, CREDIT_OPTIONS, creditRates, creditsFor, isRateProblem, readBalance } from './credits';
import { SMART_ENCODING } from './smart-encoding';
import { description as sendDescription, sendSms } from './send.operation';
import { fieldLabels } from './send/fields';
import type { Planned } from './send/requests';
import { planContext, planItem, type SendOperation } from './send/run';

const OPERATION = ['estimate'];
const sendOptions = sendDescription.find((property) => property.name === 'options')!;

/** Send SMS's fields shown for Estimate Cost, with Estimate's own options. */
export const description: INodeProperties[] = sendDescription.map((property) => {
	const displayOptions = {
		...property.displayOptions,
		show: { ...property.displayOptions?.show, operation: OPERATION },
	};
	if (property !== sendOptions) return { ...property, displayOptions };
	const defaultCountry = (sendOptions.options as INodeProperties[]).filter(
		(option) => option.name === 'defaultCountry',
	);
	return { ...sendOptions, displayOptions, options: [...CREDIT_OPTIONS, ...defaultCountry, SMART_ENCODING] };
});

const estimateSms: SendOperation = { ...sendSms, description };

/** An item's figures; `credits` undefined when unknown (a group) or not asked for; `priced` when the item has rates. */
interface Estimate {
	json: IDataObject;
	credits?: number;
	priced?: boolean;
}

function estimateOf(
	ctx: IExecuteFunctions,
	plan: Planned,
	label: (field: string) => string,
): Estimate | NodeOperationError {
	const rates = creditRates(plan.options);
	if (isRateProblem(rates)) return refusal(ctx, label(rates.field), rates.error, plan.index);
	const { message, type } = plan.body;
	const { encoding, segments } = plan.length;
	const recipients = type === 'group' ? null : plan.recipients.length;
	const json: IDataObject = {
		encoding,
		characters: messageLength(message),
		segments,
		recipients,
		totalSegments: recipients === null ? null : recipients * segments,
		nonGsmCharacters: nonGsmCharacters(plan.smart?.written ?? message) as unknown as IDataObject[],
	};
	if (plan.smart) json.replacedCharacters = plan.smart.replacedCharacters;
	if (!rates) return { json };
	if (recipients === null) return { json, priced: true };
	const cost = creditsFor(plan.recipients, segments, rates);
	if ('missing' in cost) return refusal(ctx, label('creditsPerSegment'), `no value for ${cost.missing}`, plan.index);
	return { json, credits: cost.credits, priced: true };
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const labels = fieldLabels(description);
	const label = (field: string) => labels.get(field) ?? field;
	const context = await planContext(this);
	const estimates = this.getInputData().map((_, itemIndex) => {
		const plan = planItem(this, estimateSms, itemIndex, context, label);
		const estimate = plan instanceof NodeOperationError ? plan : estimateOf(this, plan, label);
		if (estimate instanceof NodeOperationError && !this.continueOnFail()) throw estimate;
		return estimate;
	});
	const balance = estimates.some((estimate) => !(estimate instanceof NodeOperationError) && estimate.priced)
		? await readBalance(this)
		: undefined;
	// `sufficient`: whether the balance covers this item and every item before it (unknown after a group or an item without rates).
	let running: number | undefined = 0;
	return estimates.map((estimate, item) => {
		if (estimate instanceof NodeOperationError) return { json: errorItemJson(estimate), pairedItem: { item } };
		if (balance === undefined) return { json: estimate.json, pairedItem: { item } };
		running =
			running === undefined || estimate.credits === undefined ? undefined : addCredits(running, estimate.credits);
		const sufficient = running === undefined ? null : running <= balance;
		return {
			json: { ...estimate.json, estimatedCredits: estimate.credits ?? null, balance, sufficient },
			pairedItem: { item },
		};
	});
}
