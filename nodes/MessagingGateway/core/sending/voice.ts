/** What `POST /v1/voice/send` takes besides the send fields (docs/gateway-api.md, voice messages). */

export const VOICE_LANGUAGES = [
	{ value: 'en', name: 'English' },
	{ value: 'nl', name: 'Dutch' },
	{ value: 'fr', name: 'French' },
	{ value: 'de', name: 'German' },
] as const;
export const DEFAULT_VOICE_LANGUAGE = 'en';

export const VOICE_GENDERS = [
	{ value: 'Female', name: 'Female' },
	{ value: 'Male', name: 'Male' },
] as const;
export const DEFAULT_VOICE_GENDER = 'Female';
