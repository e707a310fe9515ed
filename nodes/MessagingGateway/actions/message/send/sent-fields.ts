/** What an output item of an accepted send tells: the request's fields under the node's parameter names, the channel, what the operation echoes. */
import type { IDataObject } from 'n8n-workflow';

import type { SendRequestBody } from '../../../core/sending/send';
import type { Planned } from './requests';
import type { SendOperation } from './operation';

/** Fields of the request that come back in the output, under the node's parameter names. */
function echoedFields(body: SendRequestBody): IDataObject {
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

/** An SMS sent instead of a WhatsApp message (SMS Fallback): its channel and why, on its item whether it went out or failed. */
export const fallbackFields = (plan: Planned): IDataObject =>
	plan.fallbackReason ? { channel: 'sms', fallbackReason: plan.fallbackReason } : {};

/** The output fields of a send as it was accepted: the request's fields and what the operation echoes. */
export function sentFields(operation: SendOperation, plan: Planned): IDataObject {
	const fields: IDataObject = { ...echoedFields(plan.body), ...fallbackFields(plan) };
	if (!plan.fallbackReason && operation.channel === 'whatsapp') fields.channel = operation.channel;
	for (const name of operation.echoes) fields[name] = plan.length[name];
	if (plan.smart) fields.replacedCharacters = plan.smart.replacedCharacters;
	return fields;
}
