/**
 * `POST /v1/voice/send`: a text-to-speech call. Request fields as the vendor's own clients send them
 * (docs/gateway-api.md#other-calls): `to`, `message`, optional `date`, `reference`, `test`, `language`,
 * `gender`; no sender. The answer (`messageid` / `messageids`, as for SMS) is recorded; the price and
 * the caller number in the delivery reports are the emulator's own choices.
 */
import {
	DEFAULT_VOICE_GENDER,
	DEFAULT_VOICE_LANGUAGE,
	VOICE_GENDERS,
	VOICE_LANGUAGES,
} from '../../nodes/MessagingGateway/core/sending/voice';
import { apiError } from '../http';
import type { SendServices } from '../sending';
import { acceptSend } from './accept';
import { isAbsent, readMessage, readRecipients, readReference, readScheduleDate } from './checks';

const LANGUAGES: readonly string[] = VOICE_LANGUAGES.map((entry) => entry.value);
const GENDERS: readonly string[] = VOICE_GENDERS.map((entry) => entry.value);

export function handleVoiceSend(
	body: Record<string, unknown>,
	services: SendServices,
): { status: number; body: unknown } {
	const { to } = body;
	const language = isAbsent(body.language) ? DEFAULT_VOICE_LANGUAGE : body.language;
	const gender = isAbsent(body.gender) ? DEFAULT_VOICE_GENDER : body.gender;
	const message = readMessage(body.message);
	const numbers = readRecipients(to);
	const scheduledFor = readScheduleDate(body.date, services.account.timezone);
	const reference = readReference(body.reference);
	if (typeof language !== 'string' || !LANGUAGES.includes(language))
		throw apiError('112', `Language must be one of ${LANGUAGES.join(', ')}`);
	if (typeof gender !== 'string' || !GENDERS.includes(gender))
		throw apiError('112', `Gender must be ${GENDERS.join(' or ')}`);
	const template = {
		messageType: 'voice' as const,
		// A call shows a number: the account's virtual number stands in as the caller.
		sender: services.account.virtualNumber,
		content: message,
		reference,
		language,
		gender,
	};
	return acceptSend(
		{ to, numbers, costEach: services.account.pricePerVoiceMessage, test: body.test === true, scheduledFor, template },
		services,
	);
}
