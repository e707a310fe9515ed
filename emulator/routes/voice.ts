/**
 * `POST /v1/voice/send`: a text-to-speech call. Request fields as the vendor's own clients send them
 * (docs/gateway-api.md): `to`, `message`, optional `date`, `reference`, `test`, `language`, `gender`;
 * no sender. The answer (`messageid` / `messageids`, as for SMS), the price and the caller number
 * in the delivery reports are the emulator's own choices: the real answers are not documented.
 */
import { DEFAULT_VOICE_GENDER, DEFAULT_VOICE_LANGUAGE, VOICE_GENDERS, VOICE_LANGUAGES } from '../../nodes/MessagingGateway/core/voice';
import type { SentMessage } from '../types';
import { checkRecipients, checkReference, checkScheduleDate, type Check } from './checks';
import type { SendContext } from './send-context';

const LANGUAGES: readonly string[] = VOICE_LANGUAGES.map((entry) => entry.value);
const GENDERS: readonly string[] = VOICE_GENDERS.map((entry) => entry.value);

export function handleVoiceSend(body: Record<string, unknown>, ctx: SendContext): { status: number; body: unknown } {
	const { to, message, date, reference, test, language = DEFAULT_VOICE_LANGUAGE, gender = DEFAULT_VOICE_GENDER } = body;
	const passed = <T>(check: Check<T>): T => {
		if (!check.ok) throw ctx.fail(check.code, check.errorMsg, to);
		return check.value;
	};
	if (typeof message !== 'string' || message.trim() === '') throw ctx.fail('102', 'No message', to);
	const numbers = passed(checkRecipients(to));
	const scheduledFor = passed(checkScheduleDate(date, ctx.account.timezone));
	const ref = passed(checkReference(reference));
	if (typeof language !== 'string' || !LANGUAGES.includes(language)) throw ctx.fail('112', `Language must be one of ${LANGUAGES.join(', ')}`, to);
	if (typeof gender !== 'string' || !GENDERS.includes(gender)) throw ctx.fail('112', `Gender must be ${GENDERS.join(' or ')}`, to);
	const blocked = numbers.find((number) => ctx.optedOut(number));
	if (blocked) throw ctx.fail('131', `Number ${blocked} is on the opt-out list`, to);

	const isTest = test === true;
	const cost = ctx.account.pricePerVoiceMessage;
	if (!isTest) ctx.charge(cost * numbers.length, to);
	const created = new Date().toISOString();
	const ids = numbers.map((number) => {
		const record: SentMessage = {
			messageid: ctx.newMessageId(),
			messageType: 'voice',
			to: number,
			// A call shows a number: the account's virtual number stands in as the caller.
			sender: ctx.account.virtualNumber,
			content: message,
			reference: ref,
			test: isTest,
			language,
			gender,
			cost: isTest ? 0 : cost,
			deliveryCode: isTest ? 'test' : scheduledFor ? 'scheduled' : '0',
			created,
		};
		if (scheduledFor) record.scheduledFor = scheduledFor.toISOString();
		ctx.accept(record, scheduledFor);
		return record.messageid;
	});
	return { status: 200, body: typeof to === 'string' ? { messageid: ids[0] } : { messageids: ids } };
}
