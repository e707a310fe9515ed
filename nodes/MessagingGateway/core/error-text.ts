/**
 * An error text in two parts: what is wrong, and below it why and what to do. n8n shows an error's message as its
 * title, one line above the description, so a text that has more to say than one short line is written
 * `explained(title, details)`: the rules of the core return one string, and the two parts travel in it, joined by a
 * mark that no text of ours holds. nodeErrors.ts puts the details in the error's description; `plainText` joins the
 * parts for every other reader (a Continue On Fail item, the emulator's answer).
 */

/** ASCII's unit separator: between a text's title and its details. */
const MARK = '\u001f';

/** `title`, with `details` (full sentences) to show below it. */
export function explained(title: string, details: string): string {
	return `${title}${MARK}${details}`;
}

/** A text's title and, if it has any, its details. */
export function partsOf(text: string): { title: string; details?: string } {
	const at = text.indexOf(MARK);
	if (at < 0) return { title: text };
	return {
		title: text.slice(0, at),
		details: sentence(
			text
				.slice(at + 1)
				.split(MARK)
				.join(' '),
		),
	};
}

/** A text ends as a sentence, with its first letter upper case. */
export function sentence(text: string): string {
	const trimmed = text.trim();
	const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
	return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** A text as one string: its title, then its details. */
export function plainText(text: string): string {
	const { title, details } = partsOf(text);
	if (details === undefined) return title;
	return `${/[.!?]$/.test(title) ? title : `${title}.`} ${details}`;
}
