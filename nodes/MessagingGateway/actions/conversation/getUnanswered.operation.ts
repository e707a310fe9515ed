/**
 * Conversation → Get Unanswered (docs/sms-assistants.md#get-unanswered): the incoming messages since our last
 * outgoing one in the thread with one number, their texts joined, and whether the message that started this run
 * is the latest that came in. The conversation is read whole through the list walk (lists.ts), as Get with
 * Return All; core/lists/unanswered.ts does the rest. With Loop Guard, the same read counts our messages to the
 * number within the window (core/sending/loop-guard.ts): at the limit the item says skipped: loopGuard, so an
 * assistant stops before its model writes an answer that Send SMS's own Loop Guard would skip.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { conversationCall } from '../../core/lists/calls';
import { unansweredOf } from '../../core/lists/unanswered';
import { isAnsweredReply } from '../../core/questions/answered-replies';
import { answeredRepliesFor } from './answered-replies';
import { atLimitText, sentWithin, type LoopGuard } from '../../core/sending/loop-guard';
import { withSenderKind } from '../../core/numbers/sender-kind';
import { instantOfStamp } from '../../core/sending/schedule';
import { FIELD_LABELS } from '../../descriptions/lists';
import { readRecords, type ListQuery } from '../../lists';
import { loopGuardOfOptions } from '../message/send/loop-guard';
import { answersReservedByOthers, reserveAnswer, unlistedSendsTo } from '../message/send/loop-guard-sends';
import { holdKeys } from '../../concurrency';
import { loopGuardOption } from '../message/send/loop-guard-option';
import { timeoutOption } from '../message/send/fields';
import { isProblem, timeoutOf } from '../message/send/options';
import { numberRule, refusal, runPerItem } from '../perItem';
import { phoneField } from './get.operation';
import { operationError } from '../../nodeErrors';
import { explained } from '../../core/error-text';

const show = { resource: ['conversation'], operation: ['getUnanswered'] };

export const description: INodeProperties[] = [
	phoneField(show),
	{
		displayName: 'Received At',
		name: 'receivedAt',
		type: 'dateTime',
		default: '',
		description:
			"When the incoming message that started this run arrived: the Messaging Gateway Trigger's message.date_utc_iso8601 (or its date_utc, or epoch seconds or milliseconds; a time without a zone is refused). isLatest says whether another message came in after it (empty: true).",
		displayOptions: { show },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [
			loopGuardOption({
				option:
					'Count the messages sent to the number within Minutes in the same read: at Max Messages the item says skipped: loopGuard and sentRecently, so an assistant stops before its model writes an answer (docs: SMS assistants). Keep Loop Guard on the Send SMS node too: it holds exactly.',
				skip: 'The item says skipped: loopGuard; filter it out before the answer is written',
				error: 'Refuse the item',
			}),
			timeoutOption(
				'How long each read of the conversation waits for the gateway, in milliseconds (a read is tried up to 3 times)',
			),
		],
	},
	{
		displayName:
			'One item: phone, messages (the incoming messages since the last one sent to the number or the last reply a Send and Wait question took, as the trigger item says, oldest first), text (their texts, one per line), count, isLatest (no message came in after Received At); with Loop Guard, sentRecently, and skipped: loopGuard at the limit',
		name: 'unansweredNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
];

interface Prepared {
	list: ListQuery;
	phone: string;
	/** Received At in epoch seconds. */
	receivedAt?: number;
	loopGuard?: LoopGuard;
}

/** Received At as epoch seconds (undefined when empty), in the forms core/sending/schedule.ts's instantOfStamp takes. */
function receivedAtOf(ctx: IExecuteFunctions, itemIndex: number): number | undefined | NodeOperationError {
	const value = ctx.getNodeParameter('receivedAt', itemIndex, '');
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	const read = instantOfStamp(value);
	return read.ok ? read.instant.getTime() / 1000 : refusal(ctx, 'Received At', read.error, itemIndex);
}

function prepare(ctx: IExecuteFunctions, itemIndex: number): Prepared | NodeOperationError {
	// The phone is usually the trigger's sender, as the gateway writes it: a number of possible length is read (nothing is sent).
	const call = conversationCall(ctx.getNodeParameter('phone', itemIndex), { rule: numberRule(ctx, false, true) });
	if (!call.ok) return refusal(ctx, FIELD_LABELS[call.field], call.error, itemIndex);
	const receivedAt = receivedAtOf(ctx, itemIndex);
	if (receivedAt instanceof NodeOperationError) return receivedAt;
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const loopGuard = loopGuardOfOptions(options);
	if (loopGuard && 'error' in loopGuard) return refusal(ctx, 'Loop Guard', loopGuard.error, itemIndex);
	const timeoutMs = timeoutOf(options.timeout);
	if (isProblem(timeoutMs)) return refusal(ctx, 'Timeout', timeoutMs.error, itemIndex);
	const list = { path: call.path, query: call.query, listKey: call.listKey, wanted: 'all' as const, timeoutMs };
	return { list, phone: call.path.split('/').at(-1)!, receivedAt, loopGuard };
}

/** Loop Guard's fields of the item: none without it; sentRecently, and at the limit skipped (Skip) or the item's error. */
function loopGuardFields(
	ctx: IExecuteFunctions,
	records: readonly unknown[],
	phone: string,
	guard: LoopGuard | undefined,
	willAnswer: boolean,
	itemIndex: number,
): IDataObject {
	if (guard === undefined) return {};
	// This process's sends the conversation does not list yet count too, as on Send SMS, and the answers other
	// executions reserved here; below the limit, an item an assistant answers (the latest, with something unanswered)
	// reserves the answer its execution is about to write.
	const counted = sentWithin(records, new Date(), guard.withinMinutes, unlistedSendsTo(phone, records));
	if (!counted.ok)
		throw operationError(ctx.getNode(), explained(`The conversation with ${phone} cannot be read`, counted.error), {
			itemIndex,
		});
	const execution = ctx.getExecutionId();
	const sentRecently = counted.count + answersReservedByOthers(phone, execution);
	if (sentRecently < guard.maxMessages) {
		if (willAnswer) reserveAnswer(phone, execution);
		return { sentRecently };
	}
	if (guard.mode === 'skip') return { skipped: 'loopGuard', sentRecently };
	throw operationError(ctx.getNode(), `Loop Guard: ${atLimitText(sentRecently, phone, guard)}`, {
		itemIndex,
		description:
			'Mode is Error, so the item is refused. A reply loop (an auto-responder answering every SMS) or a busy conversation. Choose Mode Skip and filter out items with skipped: loopGuard to pass them on quietly.',
	});
}

/** The item of one input item: the unanswered messages of the thread with its number. */
async function unansweredItem(
	ctx: IExecuteFunctions,
	{ list, phone, receivedAt, loopGuard }: Prepared,
	itemIndex: number,
): Promise<IDataObject[]> {
	const records = await readRecords.call(ctx, list, itemIndex);
	// The replies the Messaging Gateway Trigger handed on to a Send and Wait question that took them (its item says).
	const answered = answeredRepliesFor(ctx, itemIndex, phone);
	const unanswered = unansweredOf(records, receivedAt, new Date(), (record, at) =>
		isAnsweredReply(record, at, answered),
	);
	if (!unanswered.ok)
		throw operationError(ctx.getNode(), explained(`The conversation with ${phone} cannot be read`, unanswered.error), {
			itemIndex,
		});
	const { messages, text, count, isLatest } = unanswered;
	const json: IDataObject = {
		phone,
		messages: messages.map((message) => withSenderKind(message, message.sender)) as IDataObject[],
		text,
		count,
		isLatest,
		...loopGuardFields(ctx, records, phone, loopGuard, isLatest && count > 0, itemIndex),
	};
	return [withSenderKind(json, phone)];
}

/** One output item per input item; with Loop Guard the number is held from the read to the reservation, as Send SMS holds it to its send. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runPerItem(
		this,
		(itemIndex) => prepare(this, itemIndex),
		async (prepared, itemIndex) => {
			const release = prepared.loopGuard === undefined ? () => {} : await holdKeys([prepared.phone]);
			try {
				return await unansweredItem(this, prepared, itemIndex);
			} finally {
				release();
			}
		},
	);
}
