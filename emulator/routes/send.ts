/**
 * `POST /v1/message/send`: an SMS to one or more numbers, or to a group (docs/gateway-api.md#send-sms;
 * a group send answers `messageids`, one per contact reached, docs/emulator.md). The limits
 * and rules come from core; the checks are the gateway's own reading of them, with its codes.
 */
import { MAX_MESSAGE_LENGTH, messageLength } from '../../nodes/MessagingGateway/core/sending/rules';
import { countSegments } from '../../nodes/MessagingGateway/core/sending/segments';
import { apiError } from '../http';
import type { SendServices } from '../sending';
import { acceptSend } from './accept';
import { isAbsent, readMessage, readRecipients, readReference, readScheduleDate, readSender } from './checks';

export function handleSmsSend(
	body: Record<string, unknown>,
	services: SendServices,
): { status: number; body: unknown } {
	const { to, subid } = body;
	const message = readMessage(body.message);
	const sender = readSender(body.sender);
	// A group send (`type: "group"`, `to` the group's ID) goes to the group's contacts, one message each.
	const group = body.type === 'group' ? services.groupRecipients(to) : undefined;
	const numbers = group ? group.numbers : readRecipients(to);
	if (messageLength(message) > MAX_MESSAGE_LENGTH) throw apiError('118', 'Message too long');
	const scheduledFor = readScheduleDate(body.date, services.account.timezone);
	const reference = readReference(body.reference);
	const length = countSegments(message);
	const template = { sender, content: message, reference, segments: length.segments, encoding: length.encoding };
	const withSubid =
		isAbsent(subid) || (typeof subid !== 'string' && typeof subid !== 'number')
			? template
			: { ...template, subid: String(subid) };
	const costEach = length.segments * services.account.pricePerSegment;
	const order = group ? { to: numbers, template: { ...withSubid, group: group.group } } : { to, template: withSubid };
	return acceptSend({ ...order, numbers, costEach, test: body.test === true, scheduledFor }, services);
}
