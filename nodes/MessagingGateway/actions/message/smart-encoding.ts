/**
 * Smart Encoding (Send SMS, Send and Wait, Estimate Cost; docs/cost-and-encoding.md): an item's message
 * is replaced by its GSM-7 form (core/sending/encoding.ts) before it is checked (send/run.ts planItem),
 * so the text checked, counted, sent, remembered by Retry On Fail and shown is one; unset, on from node
 * version 4. Send and Wait's Unclear Reply Reminder goes out by the same rule.
 */
import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { smartEncode } from '../../core/sending/encoding';
import type { Channel, RawSendInput } from '../../core/sending/send';

export const SMART_ENCODING: INodeProperties = {
	displayName: 'Smart Encoding',
	name: 'smartEncoding',
	type: 'boolean',
	default: true,
	description:
		'Whether curly quotes, dashes and special spaces go out as GSM-7 look-alikes when that keeps the SMS GSM-7 (on by default from node version 4)',
};

/** Send and Wait's Smart Encoding: which of a question's texts it changes (a WhatsApp question's text goes as written). */
export const QUESTION_SMART_ENCODING: INodeProperties = {
	...SMART_ENCODING,
	description:
		'Whether curly quotes, dashes and special spaces go out as GSM-7 look-alikes when that keeps an SMS GSM-7: the question sent as an SMS (with Channel WhatsApp Buttons only when WhatsApp refuses the number; the WhatsApp text goes as written) and the Unclear Reply Reminder. On by default from node version 4.',
};

/** What Smart Encoding did to an item: the message as written and how many characters it replaced. */
export interface SmartEncoding {
	written: string;
	replacedCharacters: number;
}

/** The option when set (true, or "true" from an expression), else on from node version 4. */
const smartEncodingOn = (node: INode, value: unknown) =>
	value === undefined ? node.typeVersion >= 4 : value === true || value === 'true';

/** A text that goes out on its own (Send and Wait's reminder) as Smart Encoding sends it under the node's options. */
export const smartEncodedText = (node: INode, options: IDataObject, text: string): string =>
	smartEncodingOn(node, options.smartEncoding) ? smartEncode(text).text : text;

/** The item's input with its message smart-encoded, and what was done; the input unchanged when the option is off. */
export function smartEncoded(
	ctx: IExecuteFunctions,
	channel: Channel,
	options: IDataObject,
	input: RawSendInput,
): { input: RawSendInput; encoding?: SmartEncoding } {
	if (channel !== 'sms' || !smartEncodingOn(ctx.getNode(), options.smartEncoding) || typeof input.message !== 'string')
		return { input };
	const { text, replaced } = smartEncode(input.message);
	return { input: { ...input, message: text }, encoding: { written: input.message, replacedCharacters: replaced } };
}
