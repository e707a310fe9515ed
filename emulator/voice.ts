/** `POST /v1/voice/send` (public-api-notes): a send without sender, with a spoken language and voice. */
import { VOICE_GENDERS, VOICE_LANGUAGES } from '../nodes/MessagingGateway/core';

/** The gateway's complaint about the voice fields of `body`, or undefined when they are fine. */
export function voiceFieldsProblem(body: Record<string, unknown>): string | undefined {
	const { language, gender } = body;
	if (language !== undefined && !(VOICE_LANGUAGES as readonly unknown[]).includes(language)) return `Invalid language: use ${VOICE_LANGUAGES.join(', ')}`;
	if (gender !== undefined && !(VOICE_GENDERS as readonly unknown[]).includes(gender)) return `Invalid gender: use ${VOICE_GENDERS.join(', ')}`;
	return undefined;
}
