/**
 * The list of `send_list` (docs/whatsapp.md#the-list-an-assumption). The gateway documents `list` as an array of
 * `{ title, actions: [...] }` but not the fields of one action: this package ASSUMES a row is `{ id, title,
 * description }`, as WhatsApp's own list rows are. Everything that knows that shape is in this file (the node writes
 * it, the emulator reads it), so that a correction is a change here only.
 */
import { idsProblem, titleProblem, visibleLength } from './rules';
import { explained } from '../error-text';

/** One row of a list section, as the node's Sections field gives it. */
export interface ListRow {
	id: string;
	title: string;
	description?: string;
}

export interface ListSection {
	title: string;
	rows: ListRow[];
}

/** WhatsApp's limits for a list message (its own documentation): at most 10 rows in all, titles of 24, the button's text of 20. */
export const LIST_LIMITS = { rows: 10, title: 24, description: 72, buttonText: 20 } as const;

/** The request's `list` (the row fields are this package's assumption). */
export function toWireList(sections: readonly ListSection[]): Array<Record<string, unknown>> {
	return sections.map((section) => ({
		title: section.title,
		actions: section.rows.map((row) => ({
			id: row.id,
			title: row.title,
			...(row.description ? { description: row.description } : {}),
		})),
	}));
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** A request's `list` read back into sections (the emulator), or undefined when it does not have the assumed shape. */
export function fromWireList(list: unknown): ListSection[] | undefined {
	if (!Array.isArray(list)) return undefined;
	const sections: ListSection[] = [];
	for (const entry of list as unknown[]) {
		const { title, actions } = (entry ?? {}) as Record<string, unknown>;
		if (!isText(title) || !Array.isArray(actions)) return undefined;
		const rows: ListRow[] = [];
		for (const action of actions as unknown[]) {
			const { id, title: rowTitle, description } = (action ?? {}) as Record<string, unknown>;
			if (!isText(id) || !isText(rowTitle) || (description !== undefined && !isText(description))) return undefined;
			rows.push({ id, title: rowTitle, ...(description !== undefined ? { description } : {}) });
		}
		sections.push({ title, rows });
	}
	return sections;
}

/** Why sections cannot be sent as a list, or undefined: a row at least, every section titled and with rows, row IDs unique, WhatsApp's limits. */
export function listProblem(sections: readonly ListSection[]): string | undefined {
	const rows = sections.flatMap((section) => section.rows);
	if (sections.length === 0 || rows.length === 0) return 'the list needs at least one section with a row';
	if (rows.length > LIST_LIMITS.rows) return `${rows.length} rows given; WhatsApp takes at most ${LIST_LIMITS.rows}`;
	for (const section of sections) {
		if (section.rows.length === 0) return `the section "${section.title}" has no row`;
		const problem = titleProblem(section.title, LIST_LIMITS.title);
		if (problem) return `section: ${problem}`;
	}
	for (const row of rows) {
		const problem = titleProblem(row.title, LIST_LIMITS.title);
		if (problem) return `row: ${problem}`;
		const length = visibleLength(row.description ?? '');
		if (length > LIST_LIMITS.description)
			return explained(
				`the description of row "${row.title}" has ${length} characters`,
				`WhatsApp shows at most ${LIST_LIMITS.description}.`,
			);
	}
	return idsProblem(
		rows.map((row) => row.id),
		'row',
	);
}
