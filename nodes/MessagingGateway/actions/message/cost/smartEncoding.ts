/**
 * Smart Encoding in a send run (Send SMS, Send and Wait, Estimate Cost): an item's message is replaced
 * by its GSM-7 form (core/sending/encoding.ts) before it is checked, so the text checked, counted,
 * sent, remembered by Retry On Fail and shown in the output is one and the same. On when the option
 * says so; unset, on from node version 4. A voice message is read aloud: never changed.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { smartEncode } from '../../../core/sending/encoding';
import type { RawSendInput } from '../../../core/sending/send';
import { describeValue } from '../../../core/values';

/** What Smart Encoding did to an item: the message as written and how many characters it replaced. */
export interface SmartEncoding {
	written: string;
	replacedCharacters: number;
}

function smartEncodingOn(ctx: IExecuteFunctions, itemIndex: number, value: unknown): boolean {
	if (value === undefined) return ctx.getNode().typeVersion >= 4;
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw new NodeOperationError(ctx.getNode(), `Smart Encoding: expected true or false but got ${describeValue(value)}`, {
		itemIndex,
		description: `Item ${itemIndex} was refused before anything was sent.`,
	});
}

/** The item's input with its message smart-encoded, and what was done; the input unchanged when the option is off. */
export function smartEncoded(
	ctx: IExecuteFunctions,
	channel: 'sms' | 'voice',
	itemIndex: number,
	options: IDataObject,
	input: RawSendInput,
): { input: RawSendInput; encoding?: SmartEncoding } {
	if (channel !== 'sms' || !smartEncodingOn(ctx, itemIndex, options.smartEncoding) || typeof input.message !== 'string') return { input };
	const { text, replaced } = smartEncode(input.message);
	return { input: { ...input, message: text }, encoding: { written: input.message, replacedCharacters: replaced } };
}
