/**
 * `POST /v1/message/send`: an SMS to one or more numbers (docs/gateway-api.md#send-sms). The limits
 * come from the core's rules; the checks are the gateway's own reading of them, with its codes.
 */
import { MAX_MESSAGE_LENGTH, MAX_SENDER_DIGITS, MAX_SENDER_NAME_LENGTH, messageLength, SENDER_NAME_PATTERN, SENDER_NUMBER_PATTERN } from '../../nodes/MessagingGateway/core/rules';
import { countSegments } from '../../nodes/MessagingGateway/core/segments';
import type { SentMessage } from '../types';
import { checkRecipients, checkReference, checkScheduleDate, type Check } from './checks';
import type { SendContext } from './send-context';

export function handleSmsSend(body: Record<string, unknown>, ctx: SendContext): { status: number; body: unknown } {
	const { message, to, sender, date, reference, test, subid } = body;
	const fail = (code: string, errorMsg: string) => ctx.fail(code, errorMsg, to, sender);
	/** The checked value, or the failure answered and reported as an api_error webhook. */
	const passed = <T>(check: Check<T>): T => {
		if (!check.ok) throw fail(check.code, check.errorMsg);
		return check.value;
	};

	if (typeof message !== 'string' || message.trim() === '') throw fail('102', 'No message');
	if (typeof sender !== 'string' || sender.trim() === '') throw fail('109', 'No sender');
	if (SENDER_NUMBER_PATTERN.test(sender)) {
		if (sender.replace('+', '').length > MAX_SENDER_DIGITS) throw fail('111', 'Sender too long');
	} else if (!SENDER_NAME_PATTERN.test(sender)) {
		throw fail('110', 'Sender contains invalid characters');
	} else if (sender.length > MAX_SENDER_NAME_LENGTH) {
		throw fail('111', 'Sender too long');
	}
	const numbers = passed(checkRecipients(to));
	if (messageLength(message) > MAX_MESSAGE_LENGTH) throw fail('118', 'Message too long');
	const scheduledFor = passed(checkScheduleDate(date, ctx.account.timezone));
	passed(checkReference(reference));
	const blocked = numbers.find((number) => ctx.optedOut(number));
	if (blocked) throw fail('131', `Number ${blocked} is on the opt-out list`);

	const length = countSegments(message);
	const cost = length.segments * ctx.account.pricePerSegment;
	const isTest = test === true;
	if (!isTest) ctx.charge(cost * numbers.length, to, sender);
	const created = new Date().toISOString();
	const ids = numbers.map((number) => {
		const record: SentMessage = {
			messageid: ctx.newMessageId(),
			to: number,
			sender,
			content: message,
			reference: typeof reference === 'string' ? reference : '',
			test: isTest,
			segments: length.segments,
			encoding: length.encoding,
			cost: isTest ? 0 : cost,
			deliveryCode: isTest ? 'test' : scheduledFor ? 'scheduled' : '0',
			created,
		};
		if (typeof subid === 'string' || typeof subid === 'number') record.subid = String(subid);
		if (scheduledFor) record.scheduledFor = scheduledFor.toISOString();
		ctx.accept(record, scheduledFor);
		return record.messageid;
	});
	return { status: 200, body: typeof to === 'string' ? { messageid: ids[0] } : { messageids: ids } };
}
