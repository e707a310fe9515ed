/**
 * What the three WhatsApp operations share: Sender, To, Additional Fields and the run Options as Send SMS shows
 * them, the parameters each reads into the send's input, and the send operation they run as (a channel of
 * Send's machinery, actions/message/send/run.ts).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { WHATSAPP_ENDPOINTS } from '../../core/whatsapp/rules';
import { whatsappFields, type WhatsAppOperation } from '../../core/whatsapp/request';
import type { RawSendInput, SendRequestBody } from '../../core/sending/send';
import { messageLengthProblem } from '../../core/sending/rules';
import { fallbackSmsText } from '../message/send/fallback';
import { refusal } from '../perItem';
import { sendAdditionalFields } from '../message/send.operation';
import { messageField, sendOptionsFields, senderFields, toField } from '../message/send/fields';
import type { SendOperation } from '../message/send/operation';

type Show = NonNullable<INodeProperties['displayOptions']>['show'];

export const showFor = (operation: WhatsAppOperation): Show => ({ resource: ['whatsapp'], operation: [operation] });

/** Sender and To, first in the panel, as Send SMS shows them. */
export const recipientFields = (operation: WhatsAppOperation): INodeProperties[] => [
	...senderFields(showFor(operation)),
	toField(showFor(operation)),
];

/** Additional Fields and Options, last in the panel; `options` are the operation's own (Header, Footer). */
export function closingFields(operation: WhatsAppOperation, options: INodeProperties[] = []): INodeProperties[] {
	const show = showFor(operation);
	return [sendAdditionalFields(show), ...sendOptionsFields(show, options, [])];
}

/** The options of buttons and lists: Header, Footer, SMS Fallback. */
export const BUTTONS_AND_LIST_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Footer',
		name: 'footer',
		type: 'string',
		default: '',
		description: 'A short line under the message, in grey',
	},
	{
		displayName: 'Header',
		name: 'header',
		type: 'string',
		default: '',
		description: 'A bold line above the message',
	},
	{
		displayName: 'SMS Fallback',
		name: 'smsFallback',
		type: 'boolean',
		default: true,
		description:
			'Whether a recipient WhatsApp refuses (24-hour window closed: 137; no WhatsApp: 140) gets an SMS instead: the message, then the choices numbered ("Reply 1 for Yes, 2 for No"). Read from the first item for the whole run.',
	},
];

/** With SMS Fallback on (the run's option, read from item 0), the SMS an item may become must fit in one message. */
function checkFallbackSms(
	ctx: IExecuteFunctions,
	itemIndex: number,
	_recipients: readonly string[],
	body: SendRequestBody,
) {
	const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
	if (options.smsFallback !== true) return;
	const problem = messageLengthProblem(fallbackSmsText(body), 'the SMS with its numbered choices');
	if (problem) throw refusal(ctx, 'SMS Fallback', problem, itemIndex);
}

/** The operation's own parameters (`names`), and from Options its `optionNames`, added to the item's input. */
function reader(names: ReadonlyArray<keyof RawSendInput>, optionNames: ReadonlyArray<keyof RawSendInput>) {
	return (ctx: IExecuteFunctions, itemIndex: number, input: RawSendInput): RawSendInput => {
		const read: RawSendInput = { ...input };
		// A parameter the panel hides (Header Media URL without Header Media) is not set: read as empty.
		for (const name of names) read[name] = ctx.getNodeParameter(name, itemIndex, '');
		const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
		for (const name of optionNames) if (name in options) read[name] = options[name];
		return read;
	};
}

/** A WhatsApp operation as a send of Send's machinery: its endpoint, fields and parameters. */
export function whatsappSend(
	operation: WhatsAppOperation,
	description: INodeProperties[],
	parameters: ReadonlyArray<keyof RawSendInput>,
): SendOperation {
	const template = operation === 'sendTemplate';
	return {
		endpoint: WHATSAPP_ENDPOINTS[operation],
		description,
		channel: 'whatsapp',
		ownFields: whatsappFields(operation),
		reads: ['sender', 'additionalFields'],
		prepare: reader(parameters, template ? [] : ['header', 'footer']),
		echoes: [],
		oneItemPerInputInVersion1: false,
		...(template
			? { withoutMessage: true as const, oneRecipientPerRequest: true as const }
			: { smsFallback: 'option' as const, check: checkFallbackSms }),
	};
}

/** The text of buttons and lists. */
export const whatsappMessageField = (operation: WhatsAppOperation): INodeProperties =>
	messageField(
		showFor(operation),
		'The text above the buttons or the list (WhatsApp delivers it only within 24 hours of the person’s last message)',
	);
