/**
 * What a send operation is, as data: the endpoint, the fields the panel shows, the parameters read, the fields
 * echoed. One send run (run.ts) serves every operation described so.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { Channel, RawSendInput, SendRequestBody } from '../../../core/sending/send';
import type { OnUnknownOutcome } from './options';

export interface SendOperation {
	/** e.g. `/v1/message/send` */
	endpoint: string;
	/** The operation's fields: a refused field is named by its label here. */
	description: readonly INodeProperties[];
	/** Smart Encoding applies to an SMS only; a WhatsApp send says its channel in every output item. */
	channel: Channel;
	/** A send with no Message of its own (a WhatsApp template). */
	withoutMessage?: true;
	/** One recipient per request whatever Batch Size says (a WhatsApp template: the gateway takes one number). */
	oneRecipientPerRequest?: true;
	/** The request's own fields, checked (default: an SMS's sender and sub-account; a voice call's are its language and gender). */
	ownFields?: (input: RawSendInput) => Partial<SendRequestBody>;
	/** Parameters read besides To and Message (a resource locator gives its value). */
	reads: ReadonlyArray<'sender' | 'additionalFields'>;
	/** Whether Send To offers a group (read `sendTo`, and with Group `groupId` instead of To). */
	sendsToGroups?: boolean;
	/** Adjusts an item's input before it is checked, or refuses it by throwing (Send and Wait: one number, the hint, its reference). */
	prepare?(ctx: IExecuteFunctions, itemIndex: number, input: RawSendInput): RawSendInput;
	/** Refuses an item's checked request by throwing (Send and Wait: its distinct recipients are one number). */
	check?(ctx: IExecuteFunctions, itemIndex: number, recipients: readonly string[], body: SendRequestBody): void;
	/**
	 * When a recipient WhatsApp refuses with 137 or 140 gets an SMS instead (send/fallback.ts): `option` when the
	 * option SMS Fallback is on (buttons, lists), `always` (Send and Wait's WhatsApp question).
	 */
	smsFallback?: 'option' | 'always';
	/** The SMS instead of a WhatsApp request's body (default: its text with the choices numbered). */
	fallbackText?: (body: SendRequestBody) => string;
	/** What each output item tells about the message besides the request's fields. */
	echoes: ReadonlyArray<'segments' | 'encoding'>;
	/** Node version 1 gives one output item per input item, with `messageids` for several recipients. */
	oneItemPerInputInVersion1: boolean;
	/** On Unknown Outcome whatever the option and the node version say (Send and Wait: a question is never sent twice). */
	onUnknownOutcome?: OnUnknownOutcome;
	/** A recipient on the opt-out list (131) is the item's error in every version (Send and Wait: its one number). */
	optedOutIsError?: boolean;
}
