/**
 * Estimate Cost: what Send SMS would send for the same parameters — encoding, characters, segments,
 * recipients, the characters that force UCS-2 — checked exactly as Send checks them (send/run.ts's
 * planItem), and nothing sent. With Credits per Segment (each item its own, as Send's guards read
 * them): the estimated credits, the balance (one `GET /v1/balance` per run) and whether it covers the
 * run up to this item. docs/cost-and-encoding.md.
 */
import type {
	DisplayCondition,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { nonGsmCharacters } from '../../core/sending/encoding';
import { messageLength } from '../../core/sending/rules';
import { errorItemJson } from '../../transport';
import { refusal } from '../perItem';
import { addCredits, CREDIT_OPTIONS, creditRates, creditsFor, isRateProblem, readBalance } from './credits';
import {
	ACCEPT_UNRECOGNIZED_NUMBERS_OPTION,
	DEFAULT_COUNTRY_OPTION,
	PREFER_DEFAULT_COUNTRY_OPTION,
} from '../../descriptions/numbers';
import { SMART_ENCODING } from './smart-encoding';
import { description as sendDescription, sendSms } from './send.operation';
import { fieldLabels } from './send/fields';
import type { Planned } from './send/requests';
import type { SendOperation } from './send/operation';
import { planContext, planItem } from './send/run';

const show = { resource: ['message'], operation: ['estimate'] };
/** What an estimate uses of Send SMS's fields: who gets the SMS and its text (no Sender, nothing of the sending itself). */
const USED = ['sendTo', 'to', 'groupId', 'message'];
/** Estimate's Options: the credits, Default Country and Prefer Default Country, Smart Encoding, and from node version 5 Accept Unrecognized Numbers. */
const estimateOptions = (version: DisplayCondition, numbers: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: { show: { ...show, '@version': [version] } },
	options: [...CREDIT_OPTIONS, ...numbers, SMART_ENCODING].sort((a, b) => a.displayName.localeCompare(b.displayName)),
});

/** Send SMS's recipient and message fields shown for Estimate Cost, and Estimate's own options, the same in every node version. */
export const description: INodeProperties[] = [
	...sendDescription
		.filter((property) => USED.includes(property.name))
		.map((property) => ({
			...property,
			displayOptions: { ...property.displayOptions, show: { ...property.displayOptions?.show, ...show } },
		})),
	estimateOptions({ _cnd: { lt: 5 } }, [DEFAULT_COUNTRY_OPTION, PREFER_DEFAULT_COUNTRY_OPTION]),
	estimateOptions({ _cnd: { gte: 5 } }, [
		DEFAULT_COUNTRY_OPTION,
		PREFER_DEFAULT_COUNTRY_OPTION,
		ACCEPT_UNRECOGNIZED_NUMBERS_OPTION,
	]),
];

// Send's checks of the recipients and the message; a saved node's Sender and Additional Fields are not read.
const estimateSms: SendOperation = { ...sendSms, description, reads: [], ownFields: () => ({}) };

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
	// An SMS always has its message (only a WhatsApp template has none).
	const { message = '', type } = plan.body;
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
