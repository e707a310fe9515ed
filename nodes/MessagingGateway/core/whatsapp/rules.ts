/**
 * The gateway's WhatsApp calls and the rules a request must keep before it is sent (docs/whatsapp.md): the
 * fields the gateway documents, and the limits WhatsApp itself sets on reply buttons. Both the node's checks and
 * the emulator's answers read them from here.
 */

import { explained } from '../error-text';

/** The three send calls (docs/whatsapp.md#the-calls). */
export const WHATSAPP_ENDPOINTS = {
	sendTemplate: '/v1/whatsapp/send_template',
	sendButtons: '/v1/whatsapp/send_action',
	sendList: '/v1/whatsapp/send_list',
} as const;

/** A template's header media: the request field is named by its type (`image`, `video`, `document`). */
export const HEADER_MEDIA_TYPES = ['image', 'video', 'document'] as const;
export type HeaderMediaType = (typeof HEADER_MEDIA_TYPES)[number];

/** `send_action` takes 1 to 3 reply buttons (WhatsApp's limit). */
export const MAX_BUTTONS = 3;
/** WhatsApp shows a reply button's title in at most 20 characters. */
export const MAX_BUTTON_TITLE_LENGTH = 20;

/** The body variables of a template: `variable1`, `variable2`, … in order. */
export const variableField = (position: number) => `variable${position}`;
/** The dynamic button variables of a template: `button_variable1`, … in order. */
export const buttonVariableField = (position: number) => `button_variable${position}`;

/** How many of `fields`' keys are `<prefix><n>`, counted from 1 without a gap (the variables a request fills). */
export function countNumbered(fields: Readonly<Record<string, unknown>>, name: (position: number) => string): number {
	let count = 0;
	while (fields[name(count + 1)] !== undefined) count++;
	return count;
}

/** Why a header media URL cannot be sent, or undefined: the gateway takes an https URL only. */
export function mediaUrlProblem(url: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return `"${url}" is not a URL`;
	}
	if (parsed.protocol !== 'https:') return explained(`"${url}" is not an https URL`, 'The gateway takes https only.');
	return undefined;
}

/** Why a title (of a button or a list row) cannot be sent, or undefined. */
export function titleProblem(title: string, max: number): string | undefined {
	if (title.trim() === '') return 'the title is empty';
	const length = [...title].length;
	return length > max
		? explained(`the title "${title}" has ${length} characters`, `WhatsApp shows at most ${max}.`)
		: undefined;
}

/** Why a set of choices (buttons or list rows, by id) cannot be sent, or undefined: every id given and unique. */
export function idsProblem(ids: readonly string[], what: string): string | undefined {
	if (ids.some((id) => id.trim() === '')) return `every ${what} needs an ID`;
	const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
	return repeated === undefined ? undefined : `the ${what} ID "${repeated}" is used twice; IDs must be unique`;
}

/** Why reply buttons (`{id, title}`) cannot be sent, or undefined: 1 to 3, ids unique, titles of at most 20 characters. */
export function buttonsProblem(buttons: ReadonlyArray<{ id: string; title: string }>): string | undefined {
	if (buttons.length < 1 || buttons.length > MAX_BUTTONS)
		return `${buttons.length} buttons given; WhatsApp takes 1 to ${MAX_BUTTONS}`;
	for (const button of buttons) {
		const problem = titleProblem(button.title, MAX_BUTTON_TITLE_LENGTH);
		if (problem) return problem;
	}
	return idsProblem(
		buttons.map((button) => button.id),
		'button',
	);
}
