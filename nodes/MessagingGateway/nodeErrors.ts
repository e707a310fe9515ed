/**
 * Every error the nodes raise is made here. n8n shows an error's message as its title, one line above the
 * description: the title is what is wrong, and a text written `explained(title, details)` (core/error-text.ts) has
 * its details (why, what to do) put first in the description. A title is one line of at most TITLE_LIMIT visible
 * characters: in one that is longer, each value in quotes shows its first characters and "…", so the title keeps
 * its own words; one still longer (a gateway's own words) is cut at a word. Either way its whole text opens the
 * description. A Continue On Fail item's `error` keeps the whole text (`wholeText`). `withoutSecrets` takes the
 * credential's secrets out of an error and makes its title again.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { partsOf, plainText } from './core/error-text';
import { redact, redactDeep } from './core/secrets/redact';

/** What n8n's error constructors take. */
type NodeOperationErrorOptions = NonNullable<ConstructorParameters<typeof NodeOperationError>[2]>;

/** The longest title: one line of n8n's error pane at its usual width. */
export const TITLE_LIMIT = 100;

/** Line breaks and other control characters of a value, as the escapes that name them: a title is one line. */
function oneLine(text: string): string {
	const escaped = (char: string) => {
		const code = char.charCodeAt(0);
		if (code === 0x7f) return '\\u007f';
		return code < 0x20 ? JSON.stringify(char).slice(1, -1) : char;
	};
	return [...text].map(escaped).join('');
}

/** A value in quotes shows at most this many characters in a title that would be too long; the rest is below. */
export const QUOTED_VALUE_LIMIT = 30;
/** Fewer than this would not say which value it is: such a title is cut at a word instead. */
const QUOTED_VALUE_MIN = 8;
/**
 * A value in quotes: a quote at the start or after a space or an opening mark, and the next quote that is at the end
 * or before a space or a punctuation mark (a value may hold quotes itself).
 */
const QUOTED = /(?<=^|[\s([{:,=])"([\s\S]*?)"(?=$|[\s)\]},.;:!?])/g;

const SEGMENTER = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** The characters a person sees: an emoji, a flag or a letter with its accents is one. */
const graphemes = (text: string): string[] => Array.from(SEGMENTER.segment(text), (part) => part.segment);
/** How many characters a line shows (a text that is no longer in code units needs no count). */
const widthOf = (line: string): number => (line.length <= TITLE_LIMIT ? line.length : graphemes(line).length);

/** A piece of a title: its characters, and how many each shows as on one line (an escape shows several). */
function pieceOf(text: string): { parts: string[]; widths: number[]; width: number } {
	const parts = graphemes(text);
	const widths = parts.map((part) => {
		const line = oneLine(part);
		return line === part ? 1 : line.length;
	});
	return { parts, widths, width: widths.reduce((sum, width) => sum + width, 0) };
}

/** How many of a value's first characters show within `limit`. */
function keptOf(value: ReturnType<typeof pieceOf>, limit: number): { count: number; width: number } {
	let [count, width] = [0, 0];
	while (count < value.parts.length && width + value.widths[count] <= limit) width += value.widths[count++];
	return { count, width };
}

/**
 * The title's line with each value in quotes longer than a limit shown as its first characters and "…": the limit
 * QUOTED_VALUE_LIMIT, or less when the title needs it to fit, down to QUOTED_VALUE_MIN (then the line may not fit).
 */
function withValuesShortened(title: string): string {
	// Outside the quotes at even indexes, the values at odd ones.
	const pieces = title.split(QUOTED).map(pieceOf);
	const values = pieces.filter((_, index) => index % 2 === 1);
	const fixed = pieces.reduce((sum, piece, index) => sum + (index % 2 === 0 ? piece.width : 2), 0);
	let limit = QUOTED_VALUE_LIMIT;
	let kept = values.map((value) => (value.width <= limit ? undefined : keptOf(value, limit)));
	const widthOfKept = () =>
		values.reduce((sum, value, index) => sum + (kept[index] ? kept[index].width + 1 : value.width), fixed);
	while (widthOfKept() > TITLE_LIMIT && limit > QUOTED_VALUE_MIN) {
		limit -= 1;
		kept = values.map((value) => (value.width <= limit ? undefined : keptOf(value, limit)));
	}
	return pieces
		.map((piece, index) => {
			if (index % 2 === 0) return oneLine(piece.parts.join(''));
			const cut = kept[(index - 1) / 2];
			return `"${oneLine(piece.parts.slice(0, cut?.count).join(''))}${cut ? '…' : ''}"`;
		})
		.join('');
}

/** A text as n8n shows it: a title of one line and at most TITLE_LIMIT visible characters, and the details below it. */
export function titleOf(text: string): { title: string; details?: string } {
	const { title, details } = partsOf(text);
	const line = oneLine(title);
	if (widthOf(line) <= TITLE_LIMIT) return { title: line, details };
	const parts = graphemes(withValuesShortened(title));
	if (parts.length <= TITLE_LIMIT) return { title: parts.join(''), details: plainText(text) };
	const space = parts.lastIndexOf(' ', TITLE_LIMIT - 1);
	const kept = parts.slice(0, space > TITLE_LIMIT / 2 ? space : TITLE_LIMIT - 1);
	return { title: `${kept.join('')}…`, details: plainText(text) };
}

/** The description: the text's details, then the description given. */
function describe(details: string | undefined, description: string | undefined | null): string | undefined {
	return [details, description].filter(Boolean).join(' ') || undefined;
}

/** Each error's whole text, for a Continue On Fail item: nothing is lost there. */
const wholeTexts = new WeakMap<Error, string>();

/** The whole text of an error made here (else its message): what a Continue On Fail item's `error` says. */
export function wholeText(error: Error): string {
	return wholeTexts.get(error) ?? error.message;
}

/** Records `text` as `error`'s whole text (a redacted copy of an error keeps its redacted text). */
export function keepWholeText<E extends Error>(error: E, text: string): E {
	wholeTexts.set(error, text);
	return error;
}

/** What an item that could not be sent carries: its refusal, or the gateway's error of a read before its send (Loop Guard). */
export type ItemError = NodeOperationError | NodeApiError;

export const isItemError = (value: unknown): value is ItemError =>
	value instanceof NodeOperationError || value instanceof NodeApiError;

/** The text each error made here had before its title was made: to make the title again without secrets. */
const madeFrom = new WeakMap<Error, string>();

/** A NodeOperationError whose title is one short line (an Error's own message is read the same way). */
export function operationError(
	node: INode,
	error: string | Error,
	options: NodeOperationErrorOptions = {},
): NodeOperationError {
	const made = new NodeOperationError(node, error, options);
	const text = made.message;
	const { title, details } = titleOf(text);
	made.message = title;
	made.description = describe(details, made.description);
	madeFrom.set(made, text);
	return keepWholeText(made, plainText(text));
}

/**
 * `error` with every secret (core/secrets/redact.ts) replaced by "***" in every field, its title made again from
 * the redacted text: a title shows a long value's first characters only, which could end inside a secret.
 */
export function withoutSecrets<E>(error: E, secrets: readonly string[]): E {
	if (!(error instanceof Error)) return error;
	const text = madeFrom.get(error);
	const [title, stack] = [error.message, error.stack];
	redactDeep(error, secrets);
	if (text !== undefined) {
		const clean = titleOf(redact(text, secrets)).title;
		error.message = clean;
		if (stack !== undefined)
			error.stack = redact(
				stack.replace(title, () => clean),
				secrets,
			);
		madeFrom.set(error, redact(text, secrets));
	}
	return keepWholeText(error, redact(wholeText(error), secrets));
}

/** A NodeApiError for the gateway's `response`, whose title is one short line. */
export function apiError(
	node: INode,
	response: JsonObject,
	options: NodeOperationErrorOptions & { message: string; httpCode?: string },
): NodeApiError {
	const { title, details } = titleOf(options.message);
	const made = new NodeApiError(node, response, {
		...options,
		message: title,
		description: describe(details, options.description),
	});
	return keepWholeText(made, plainText(options.message));
}
