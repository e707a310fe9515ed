/**
 * The send pipeline shared by the send operations (SMS, voice): every item is type-checked and
 * normalised before the first request; requests run with bounded concurrency; the first failure
 * stops new sends and the error lists what was already sent; n8n's Retry On Fail never sends an
 * item twice; several recipients give one output item each; consecutive items that differ only in
 * their recipients can share one request (Batch Recipients). An operation plugs in with its endpoint,
 * its request builder and its output fields.
 */
import type { IDataObject, IExecuteData, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { planBatches } from '../../core/batch';
import { mapWithConcurrency } from '../../core/concurrency';
import { formatZoned } from '../../core/schedule';
import { checkBatchRecipients, checkBatchSize, checkConcurrency, checkDefaultCountry, checkTimeout, type BuildSendResult, type Checked, type RawSendInput, type SendContext, type SendField, type SendRequestBody } from '../../core/send';
import { CREDENTIAL_TYPE } from '../../constants';
import { asNodeError, errorItemJson, gatewayRequest } from '../../transport';
import { refusal } from '../perItem';

export interface SendOperation {
	/** e.g. `/v1/message/send` */
	endpoint: string;
	/** Parameter values of item `itemIndex`, as resolved (keys of additional fields only when set). */
	read(ctx: IExecuteFunctions, itemIndex: number): RawSendInput;
	build(input: RawSendInput, context: SendContext): BuildSendResult;
	/** Fields of each output item (version 2) after `messageid` and `to`. */
	output(built: Built): IDataObject;
	/** Version 1's output item for the whole send. */
	outputV1?(built: Built, response: IDataObject): IDataObject;
}

export type Built = Extract<BuildSendResult, { ok: true }>;

export const FIELD_LABELS: Record<SendField, string> = {
	sender: 'Sender',
	to: 'To',
	message: 'Message',
	date: 'Schedule Date',
	reference: 'Reference',
	test: 'Test Mode',
	subId: 'Sub-Account ID',
	language: 'Language',
	gender: 'Gender',
	defaultCountry: 'Default Country',
	concurrency: 'Concurrency',
	timeout: 'Timeout',
	batchRecipients: 'Batch Recipients',
	batchSize: 'Batch Size',
};

/** What the gateway accepted for one item: the request it answered and the message ids it gave. */
interface Accepted {
	request: string;
	messageids: string[];
	recipients: string[];
}

/**
 * Sends the gateway accepted in this run of the node, kept while n8n retries it. WorkflowExecute
 * retries a node ("Retry On Fail") by calling execute() again with the same execution data object,
 * within the same process (also in queue mode); a new run (another execution, or the node's next
 * run in a loop) gets a new object. Held weakly in memory: nothing is persisted, and the phone
 * numbers go when n8n drops the execution.
 */
const acceptedInRun = new WeakMap<IExecuteData, Map<number, Accepted>>();

function acceptedSends(ctx: IExecuteFunctions): Map<number, Accepted> {
	const key = ctx.getExecuteData();
	let accepted = acceptedInRun.get(key);
	if (!accepted) {
		accepted = new Map();
		acceptedInRun.set(key, accepted);
	}
	return accepted;
}

/** The message ids of a 2xx answer, when there is one per recipient. */
function messageIdsOf(body: IDataObject, count: number): string[] | undefined {
	const ids = Array.isArray(body.messageids) ? body.messageids : body.messageid !== undefined ? [body.messageid] : [];
	const valid = ids.filter((id): id is string => typeof id === 'string' && id !== '');
	return valid.length === count && valid.length === ids.length ? valid : undefined;
}

/** The account's time zone from the credential, else the workflow's; checked to be an IANA name. */
async function accountTimeZone(ctx: IExecuteFunctions): Promise<string> {
	const credentials = await ctx.getCredentials<{ accountTimeZone?: string }>(CREDENTIAL_TYPE);
	const zone = typeof credentials.accountTimeZone === 'string' && credentials.accountTimeZone.trim() !== '' ? credentials.accountTimeZone.trim() : ctx.getTimezone();
	try {
		formatZoned(new Date(), zone);
	} catch {
		throw new NodeOperationError(ctx.getNode(), `Account Time Zone: "${zone}" is not an IANA time zone name (e.g. Europe/Amsterdam)`, {
			description: 'Fix it in the credential. Nothing was sent.',
		});
	}
	return zone;
}

/** Adds to `error` which items had already been sent when the run stopped, with their message ids. */
function withSentItems(error: NodeApiError | NodeOperationError, accepted: Map<number, Accepted>, total: number) {
	const sent = [...accepted.entries()].sort(([a], [b]) => a - b);
	const list = sent.map(([item, { messageids, recipients }]) => ({ item, to: recipients, messageids }));
	error.context.sentItems = list;
	error.context.sentCount = list.length;
	const summary =
		list.length === 0
			? 'No item had been sent when the run stopped.'
			: `${list.length} of ${total} items had been sent when the run stopped (items ${list.map((entry) => entry.item).join(', ')}); no further item was started.`;
	if (total > 1) error.message = `${error.message}. ${summary}`;
	const ids = list.map((entry) => `item ${entry.item}: ${entry.messageids.join(', ')}`).join('; ');
	error.description = [error.description, list.length > 0 ? `Sent, with message ids: ${ids}.` : undefined].filter(Boolean).join(' ');
	return error;
}

export async function runSendPipeline(ctx: IExecuteFunctions, operation: SendOperation): Promise<INodeExecutionData[]> {
	const items = ctx.getInputData();
	const version = ctx.getNode().typeVersion;
	const continueOnFail = ctx.continueOnFail();
	const errorItems = (error: NodeOperationError) => items.map((_, item) => ({ json: errorItemJson(error), pairedItem: { item } }));

	// Options that apply to the whole run: a bad value stops everything before any request.
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	const concurrency = checkConcurrency(options.concurrency);
	const timeout = checkTimeout(options.timeout);
	// Version 2 batches by default; version 1 keeps one request per item unless the option is set.
	const batching = checkBatchRecipients(options.batchRecipients, version >= 2);
	const batchSize = checkBatchSize(options.batchSize);
	if (!concurrency.ok || !timeout.ok || !batching.ok || !batchSize.ok) {
		const checked = [concurrency, timeout, batching, batchSize].find((check) => !check.ok) as Extract<Checked<unknown>, { ok: false }>;
		const error = new NodeOperationError(ctx.getNode(), `${FIELD_LABELS[checked.field]}: ${checked.error}`, {
			description: 'A node option is invalid, so nothing was sent.',
		});
		if (continueOnFail) return errorItems(error);
		throw error;
	}
	const timeZone = await accountTimeZone(ctx);
	const now = new Date();

	// Every item is checked before the first request, so a mistake in item 7 sends nothing at all.
	const plans = items.map((_, itemIndex): Built | NodeOperationError => {
		let built: BuildSendResult;
		try {
			const country = checkDefaultCountry((ctx.getNodeParameter('options', itemIndex, {}) as IDataObject).defaultCountry);
			built = country.ok ? operation.build(operation.read(ctx, itemIndex), { timeZone, now, defaultCountry: country.value }) : country;
		} catch (error) {
			// An expression n8n could not resolve: n8n's error names the parameter.
			const nodeError = asNodeError(ctx, error, itemIndex) as NodeOperationError;
			if (!continueOnFail) throw nodeError;
			return nodeError;
		}
		if (built.ok) return built;
		const error = refusal(ctx, FIELD_LABELS[built.field], built.error, itemIndex);
		if (!continueOnFail) throw error;
		return error;
	});

	const accepted = acceptedSends(ctx);
	const requestOf = (plan: Built) => JSON.stringify([operation.endpoint, plan.body]);
	// Retry On Fail: an item the gateway accepted in an earlier try of this run is not sent again.
	const members = plans.flatMap((plan, index) =>
		plan instanceof NodeOperationError || accepted.get(index)?.request === requestOf(plan) ? [] : [{ index, body: plan.body, recipients: plan.recipients, plan }],
	);
	// Without batching every item is a request of its own, exactly as before batching existed.
	const batches = planBatches(members, batching.value ? batchSize.value : 0);

	const send = async (batch: (typeof batches)[number]) => {
		const count = batch.recipients.length;
		const itemIndex = batch.members[0].index;
		const answer = await gatewayRequest.call(ctx, {
			method: 'POST',
			path: operation.endpoint,
			body: batch.body as unknown as IDataObject,
			itemIndex,
			timeoutMs: timeout.value,
		});
		const ids = messageIdsOf(answer, count);
		if (!ids) {
			// The answer itself stays out of the error: it may echo the credential's headers.
			throw new NodeApiError(ctx.getNode(), { answer: 'a 2xx without message ids' }, {
				message: `The gateway did not confirm the send: the answer has no message id for ${count === 1 ? 'the recipient' : `each of the ${count} recipients`}`,
				description: "It answered HTTP 2xx without the expected message ids, so this item is not counted as sent. Check that the Base URL points at the gateway's API.",
				httpCode: '200',
				itemIndex,
			});
		}
		// The gateway answers the ids in the order of `to`: each item takes its own recipients' ids.
		let offset = 0;
		for (const member of batch.members) {
			const recipients = [...member.recipients];
			accepted.set(member.index, { request: requestOf(member.plan), messageids: ids.slice(offset, offset + recipients.length), recipients });
			offset += recipients.length;
		}
	};

	const outputOf = (plan: Built, result: Accepted, pairedItem: { item: number }): INodeExecutionData[] => {
		if (version < 2 && operation.outputV1) {
			const response: IDataObject = result.messageids.length === 1 && typeof plan.body.to === 'string' ? { messageid: result.messageids[0] } : { messageids: result.messageids };
			return [{ json: operation.outputV1(plan, response), pairedItem }];
		}
		const fields = operation.output(plan);
		return result.recipients.map((to, index) => ({ json: { messageid: result.messageids[index], to, ...fields }, pairedItem }));
	};

	// A failed request fails every item of its batch; with Continue On Fail each gets the error item.
	const failed = new Map<number, NodeApiError | NodeOperationError>();
	try {
		await mapWithConcurrency(batches, concurrency.value, async (batch) => {
			try {
				await send(batch);
			} catch (error) {
				const nodeError = asNodeError(ctx, error, batch.members[0].index);
				if (!continueOnFail) throw nodeError;
				for (const member of batch.members) failed.set(member.index, nodeError);
			}
		});
	} catch (error) {
		throw withSentItems(asNodeError(ctx, error, 0), accepted, items.length);
	}
	return plans.flatMap((plan, itemIndex) => {
		const pairedItem = { item: itemIndex };
		if (plan instanceof NodeOperationError) return [{ json: errorItemJson(plan), pairedItem }];
		const error = failed.get(itemIndex);
		if (error) return [{ json: errorItemJson(error), pairedItem }];
		return outputOf(plan, accepted.get(itemIndex)!, pairedItem);
	});
}

/** Fields of the request that come back in the output, under the node's parameter names. */
export function echoedFields(body: SendRequestBody): IDataObject {
	const json: IDataObject = {};
	if (body.sender !== undefined) json.sender = body.sender;
	if (body.reference !== undefined) json.reference = body.reference;
	if (body.date !== undefined) json.date = body.date;
	if (body.test !== undefined) json.test = body.test;
	if (body.subid !== undefined) json.subId = body.subid;
	if (body.language !== undefined) json.language = body.language;
	if (body.gender !== undefined) json.gender = body.gender;
	return json;
}
