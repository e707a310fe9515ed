/** The voice call's own request fields (`POST /v1/voice/send`, docs/gateway-api.md#other-calls), checked. */
import { InputError, optionalText, type RawSendInput, type SendRequestBody } from './send';
import { VOICE_GENDERS, VOICE_LANGUAGES } from './voice';

/** One of `allowed`, when the field is set. */
function choice(input: RawSendInput, field: 'language' | 'gender', allowed: readonly string[]): string | undefined {
	const value = optionalText(input, field);
	if (value !== undefined && !allowed.includes(value)) {
		throw new InputError(field, `"${value}" is not one of ${allowed.join(', ')}`);
	}
	return value;
}

/** The voice call's own fields: the spoken language and voice; no sender. */
export function voiceFields(input: RawSendInput): Partial<SendRequestBody> {
	const fields: Partial<SendRequestBody> = {};
	const language = choice(
		input,
		'language',
		VOICE_LANGUAGES.map((entry) => entry.value),
	);
	if (language !== undefined) fields.language = language;
	const gender = choice(
		input,
		'gender',
		VOICE_GENDERS.map((entry) => entry.value),
	);
	if (gender !== undefined) fields.gender = gender;
	return fields;
}
