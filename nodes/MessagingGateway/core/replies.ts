/**
 * Judges an SMS reply to an approval question ("Approve the refund? Reply YES or NO"). People answer
 * in their own way ("Yes!", "ok", "Oui.", "nee bedankt", "Sí"), so a reply and the word lists are
 * compared after normalisation: case, accents, punctuation and spacing do not count. A reply is an
 * answer when it is, or starts with, one of the words of one list and names no word of the other;
 * anything else (both, neither) is unclear and the question keeps waiting.
 */

/** Approve words of the default list: English, Dutch, French, German and Spanish. */
export const DEFAULT_APPROVE_WORDS = 'yes, y, ok, okay, yep, yeah, sure, approve, approved, confirm, ja, oui, d’accord, si, vale, claro';
/** Disapprove words of the default list, in the same languages. */
export const DEFAULT_DISAPPROVE_WORDS = 'no, n, nope, nah, deny, decline, reject, nee, nein, non, niet';

export type ReplyVerdict = 'approve' | 'disapprove' | 'unclear';

/**
 * `text` in the form replies and words are compared in: lower case, accents removed (é → e, ß → ss),
 * anything that is not a letter or digit a space, spaces collapsed and trimmed.
 */
export function normalizeReplyText(text: string): string {
	return text
		.normalize('NFKD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/ß/g, 'ss')
		.replace(/[^\p{L}\p{N}]+/gu, ' ')
		.trim();
}

/** The entries of a comma-separated word list, each normalised; empty entries are dropped. */
export function parseWordList(list: string): string[] {
	const words = list.split(',').map(normalizeReplyText);
	return [...new Set(words.filter((word) => word !== ''))];
}

/** Whether the word sequence `phrase` occurs in `words` as whole words, at the start only if `atStart`. */
function containsPhrase(words: readonly string[], phrase: readonly string[], atStart: boolean): boolean {
	const last = atStart ? 0 : words.length - phrase.length;
	for (let start = 0; start <= last; start++) {
		if (phrase.every((word, offset) => words[start + offset] === word)) return true;
	}
	return false;
}

function mentions(words: readonly string[], list: readonly string[], atStart: boolean): boolean {
	return list.some((entry) => containsPhrase(words, entry.split(' '), atStart));
}

/**
 * Approve when the reply starts with an approve word and mentions no disapprove word anywhere;
 * disapprove the other way round; unclear otherwise ("yes no", "maybe", an empty text).
 */
export function judgeReply(reply: string, approveWords: readonly string[], disapproveWords: readonly string[]): ReplyVerdict {
	const normalized = normalizeReplyText(reply);
	if (normalized === '') return 'unclear';
	const words = normalized.split(' ');
	const approves = mentions(words, approveWords, true) && !mentions(words, disapproveWords, false);
	const disapproves = mentions(words, disapproveWords, true) && !mentions(words, approveWords, false);
	if (approves === disapproves) return 'unclear';
	return approves ? 'approve' : 'disapprove';
}

/** The first entry of a comma-separated list as the user wrote it, trimmed. */
function firstEntry(list: string): string {
	return list.split(',').map((entry) => entry.trim()).find((entry) => normalizeReplyText(entry) !== '') ?? '';
}

export type ApprovalWords =
	| { ok: true; approve: string[]; disapprove: string[]; hint: string }
	| { ok: false; field: 'approveWords' | 'disapproveWords'; error: string };

/**
 * The word lists of an approval question, the user's when set, else the defaults; refused when a list
 * has no word or a word is in both. `hint` names the first word of each, e.g. "Reply YES or NO".
 */
export function approvalWords(approveWords: string | undefined, disapproveWords: string | undefined): ApprovalWords {
	const approveText = approveWords?.trim() ? approveWords : DEFAULT_APPROVE_WORDS;
	const disapproveText = disapproveWords?.trim() ? disapproveWords : DEFAULT_DISAPPROVE_WORDS;
	const approve = parseWordList(approveText);
	const disapprove = parseWordList(disapproveText);
	if (approve.length === 0) return { ok: false, field: 'approveWords', error: 'the list has no word (separate words with commas)' };
	if (disapprove.length === 0) return { ok: false, field: 'disapproveWords', error: 'the list has no word (separate words with commas)' };
	const both = approve.find((word) => disapprove.includes(word));
	if (both !== undefined) {
		return { ok: false, field: 'disapproveWords', error: `"${both}" is also an approve word, so a reply "${both}" could not be judged` };
	}
	const hint = `Reply ${firstEntry(approveText).toUpperCase()} or ${firstEntry(disapproveText).toUpperCase()}`;
	return { ok: true, approve, disapprove, hint };
}
