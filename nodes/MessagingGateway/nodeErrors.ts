/**
 * Every error the nodes raise is made here. n8n shows an error's message as its title, one line above the
 * description: the title is what is wrong, and a text written `explained(title, details)` (core/error-text.ts) has
 * its details (why, what to do) put first in the description. A title is one line of at most TITLE_LIMIT characters:
 * one that is still longer (a gateway's own words, a long value) is shortened, and its whole text opens the
 * description. A Continue On Fail item's `error` keeps the whole text (`wholeText`).
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { partsOf, plainText } from './core/error-text';

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

/** A text as n8n shows it: a title of one line and at most TITLE_LIMIT characters, and the details below it. */
export function titleOf(text: string): { title: string; details?: string } {
	const { title, details } = partsOf(text);
	const line = oneLine(title);
	if (line.length <= TITLE_LIMIT) return { title: line, details };
	const space = line.lastIndexOf(' ', TITLE_LIMIT - 1);
	return { title: `${line.slice(0, space > TITLE_LIMIT / 2 ? space : TITLE_LIMIT - 1)}…`, details: plainText(text) };
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
	return keepWholeText(made, plainText(text));
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
