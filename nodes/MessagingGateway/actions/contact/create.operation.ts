/**
 * Contact → Create (`POST /v1/contact`, docs/contacts-and-groups.md): every item is checked before the
 * first request, then the items go out together, a list of up to CONTACTS_PER_REQUEST contacts per
 * request (the gateway takes one contact or a list and answers `{ ID }` or `{ IDs }` in its order).
 * One output item per input item: the contact as sent and the gateway's `ID`.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { buildContact, CONTACT_EXTRA_FIELDS, type ContactBody } from '../../core/contacts/contact';
import { asNodeError, errorItemJson, gatewayRequest } from '../../transport';
import { groupIdField } from '../group/fields';
import { fieldLabels } from '../message/send/fields';
import { numberOptionsField } from '../../descriptions/numbers';
import { numberContext, refusal } from '../perItem';
import { apiError } from '../../nodeErrors';

const show = { resource: ['contact'], operation: ['create'] };

/** The gateway documents no limit on the list; the node sends at most this many contacts per request. */
export const CONTACTS_PER_REQUEST = 500;

export const description: INodeProperties[] = [
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +31 6 1234 5678',
		description: "The contact's number in international format (+31 6 1234 5678, 0031 6 1234 5678); sent as digits",
		displayOptions: { show },
	},
	groupIdField(show, { description: 'The group to add the contact to' }),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Birthday',
				name: 'birthday',
				type: 'string',
				default: '',
				placeholder: 'e.g. 1990-12-31',
				description: 'The day of birth, yyyy-MM-dd',
			},
			...CONTACT_EXTRA_FIELDS.map((name, index) => ({
				displayName: `Extra Field ${index + 1}`,
				name,
				type: 'string' as const,
				default: '',
				description: `The account's custom field ${index + 1} (named in the gateway's advanced settings; its webhooks call it Custom${index + 1})`,
			})),
			{ displayName: 'First Name', name: 'firstname', type: 'string', default: '' },
			{ displayName: 'Last Name', name: 'lastname', type: 'string', default: '' },
			{
				displayName: 'Unsubscribed',
				name: 'unsubscribed',
				type: 'boolean',
				default: false,
				description: 'Whether the contact is added as unsubscribed: group sends leave it out',
			},
		],
	},
	numberOptionsField(show),
];

const labels = fieldLabels(description);

interface Planned {
	index: number;
	body: ContactBody;
}

/** An item's checked contact, or its refusal (thrown unless the node continues on fail). */
function planItem(ctx: IExecuteFunctions, itemIndex: number): Planned | NodeOperationError {
	let built: ReturnType<typeof buildContact>;
	try {
		const numbers = numberContext(ctx, itemIndex);
		if (numbers instanceof NodeOperationError) throw numbers;
		built = buildContact(
			{
				...(ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
				phone: ctx.getNodeParameter('phone', itemIndex, undefined),
				groupId: ctx.getNodeParameter('groupId', itemIndex, undefined, { extractValue: true }),
			},
			numbers,
		);
	} catch (error) {
		const nodeError = asNodeError(ctx, error, itemIndex) as NodeOperationError;
		if (!ctx.continueOnFail()) throw nodeError;
		return nodeError;
	}
	if (built.ok) return { index: itemIndex, body: built.body };
	const error = refusal(ctx, labels.get(built.field) ?? built.field, built.error, itemIndex);
	if (!ctx.continueOnFail()) throw error;
	return error;
}

/** The IDs of an answer, one per contact sent; a NodeApiError when the answer does not confirm them. */
function confirmedIds(ctx: IExecuteFunctions, answer: IDataObject, count: number, itemIndex: number): string[] {
	const ids = Array.isArray(answer.IDs) ? answer.IDs : answer.ID !== undefined ? [answer.ID] : [];
	const valid = ids.filter((id) => (typeof id === 'string' && id !== '') || typeof id === 'number').map(String);
	if (valid.length === count && valid.length === ids.length) return valid;
	throw apiError(ctx.getNode(), { ID: answer.ID ?? null, IDs: answer.IDs ?? null } as JsonObject, {
		message: `The gateway did not confirm the contacts: the answer has no ID for ${count === 1 ? 'the contact' : `each of the ${count} contacts`}`,
		description:
			"Check that the Base URL points at the gateway's API, and the gateway's contact list before running the node again.",
		itemIndex,
	});
}

/** The gateway's refusal of a number that is in the group already. */
const ALREADY_IN_GROUP = '129';
/**
 * Refusals that may single out one contact of a list (its number, a field, its group — each contact names its
 * own —, in the group already, on the opt-out list): the others may go in alone.
 */
const ONE_CONTACTS_REFUSALS = new Set(['103', '106', '124', '125', '128', ALREADY_IN_GROUP, '131', '139']);

/** The ID of the contact already in the group, when the gateway's refusal names it. */
function existingId(error: NodeApiError | NodeOperationError): IDataObject {
	const answer = (error as NodeApiError).errorResponse;
	const id = answer?.ID;
	return typeof id === 'string' || typeof id === 'number' ? { ID: String(id) } : {};
}

/**
 * Sends `chunk` (a list, or one contact alone) and gives each item its ID or the request's error. The
 * gateway adds a list whole or not at all, so when one contact sinks it, each contact goes alone and the
 * error lands on its own item. A contact in the group already (a second import, a retry after a lost
 * answer) is what was asked for: `alreadyInGroup: true`, with its ID when the refusal names it, the gateway's contact unchanged.
 */
async function sendChunk(
	ctx: IExecuteFunctions,
	chunk: Planned[],
): Promise<Array<{ index: number; json: IDataObject }>> {
	const itemIndex = chunk[0].index;
	const body = chunk.length === 1 ? chunk[0].body : chunk.map((plan) => plan.body);
	try {
		const answer = await gatewayRequest.call(ctx, {
			method: 'POST',
			path: '/v1/contact',
			body: body as unknown as IDataObject,
			itemIndex,
		});
		const ids = confirmedIds(ctx, answer, chunk.length, itemIndex);
		return chunk.map((plan, position) => ({ index: plan.index, json: { ID: ids[position], ...plan.body } }));
	} catch (error) {
		const nodeError = asNodeError(ctx, error, itemIndex);
		const code = String(errorItemJson(nodeError).code);
		if (chunk.length > 1 && ONE_CONTACTS_REFUSALS.has(code)) {
			const alone: Array<{ index: number; json: IDataObject }> = [];
			for (const plan of chunk) alone.push(...(await sendChunk(ctx, [plan])));
			return alone;
		}
		if (code === ALREADY_IN_GROUP)
			return [{ index: chunk[0].index, json: { ...existingId(nodeError), ...chunk[0].body, alreadyInGroup: true } }];
		if (!ctx.continueOnFail()) throw nodeError;
		return chunk.map((plan) => ({ index: plan.index, json: { ...errorItemJson(nodeError), phone: plan.body.phone } }));
	}
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const plans = this.getInputData().map((_, itemIndex) => planItem(this, itemIndex));
	const planned = plans.filter((plan): plan is Planned => !(plan instanceof NodeOperationError));
	const results = new Map<number, IDataObject>();
	for (let start = 0; start < planned.length; start += CONTACTS_PER_REQUEST) {
		for (const { index, json } of await sendChunk(this, planned.slice(start, start + CONTACTS_PER_REQUEST)))
			results.set(index, json);
	}
	return plans.map((plan, item) => ({
		json: plan instanceof NodeOperationError ? errorItemJson(plan) : results.get(item)!,
		pairedItem: { item },
	}));
}
