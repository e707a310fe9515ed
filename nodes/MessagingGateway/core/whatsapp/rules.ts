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
/**
 * WhatsApp shows a reply button's title in at most 20 characters. A character is what a reader sees as one: a
 * grapheme (an emoji with its skin tone, a letter with its accents), as Intl.Segmenter counts them.
 */
export const MAX_BUTTON_TITLE_LENGTH = 20;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** The characters a reader sees in `text` (graphemes, not code points). */
export const visibleLength = (text: string): number => [...graphemes.segment(text)].length;

/** Characters that show nothing: zero-width space, joiners, word joiner, byte-order mark. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;
/** What a reader tells apart in a title or an ID: not case, surrounding spaces or invisible characters. */
const choiceKey = (text: string): string => text.replace(INVISIBLE, '').trim().toLowerCase();

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

/** Why a header media URL cannot be sent, or undefined: the gateway takes an https URL with a host only. */
export function mediaUrlProblem(url: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return `"${url}" is not a URL`;
	}
	if (parsed.protocol !== 'https:') return explained(`"${url}" is not an https URL`, 'The gateway takes https only.');
	// A URL parser reads `https:///a.png` as the host a.png; the URL as written has none.
	if (!/^https:\/\/[^/?#\\]/i.test(url)) return explained(`"${url}" has no host`, 'Write it as https://host/path.');
	return undefined;
}

/** Why a title (of a button or a list row) cannot be sent, or undefined. */
export function titleProblem(title: string, max: number): string | undefined {
	if (choiceKey(title) === '') return 'the title is empty';
	const length = visibleLength(title);
	return length > max
		? explained(`the title "${title}" has ${length} characters`, `WhatsApp shows at most ${max}.`)
		: undefined;
}

/** Two of `texts` a reader cannot tell apart (choiceKey), as their positions from 1, or undefined. */
function sameTwo(texts: readonly string[]): [number, number] | undefined {
	const keys = texts.map(choiceKey);
	const second = keys.findIndex((key, index) => keys.indexOf(key) !== index);
	return second === -1 ? undefined : [keys.indexOf(keys[second]) + 1, second + 1];
}

/** Why two of `texts` (IDs or titles of `what`s) are one to a reader, naming both, or undefined. */
function sameProblem(texts: readonly string[], what: string, field: 'ID' | 'title'): string | undefined {
	const same = sameTwo(texts);
	if (same === undefined) return undefined;
	const [first, second] = same;
	const shown =
		texts[first - 1] === texts[second - 1]
			? `"${texts[first - 1]}"`
			: `"${texts[first - 1]}" and "${texts[second - 1]}"`;
	return explained(
		`${what}s ${first} and ${second} have the same ${field} (${shown})`,
		`${field === 'ID' ? 'IDs' : 'Titles'} must differ in more than case, surrounding spaces and invisible characters.`,
	);
}

/** Why a set of choices (buttons or list rows, by id) cannot be sent, or undefined: every id given and unique. */
export function idsProblem(ids: readonly string[], what: string): string | undefined {
	if (ids.some((id) => choiceKey(id) === '')) return `every ${what} needs an ID`;
	return sameProblem(ids, what, 'ID');
}

/** Why reply buttons (`{id, title}`) cannot be sent, or undefined: 1 to 3, ids unique, titles of at most 20 characters. */
export function buttonsProblem(buttons: ReadonlyArray<{ id: string; title: string }>): string | undefined {
	if (buttons.length < 1 || buttons.length > MAX_BUTTONS)
		return `${buttons.length} buttons given; WhatsApp takes 1 to ${MAX_BUTTONS}`;
	for (const button of buttons) {
		const problem = titleProblem(button.title, MAX_BUTTON_TITLE_LENGTH);
		if (problem) return problem;
	}
	const ids = buttons.map((button) => button.id);
	return (
		idsProblem(ids, 'button') ??
		sameProblem(
			buttons.map((button) => button.title),
			'button',
			'title',
		)
	);
}
