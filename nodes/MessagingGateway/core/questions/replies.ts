/**
 * Judges an SMS reply to an approval question ("Approve the refund? Reply YES or NO"). People answer
 * in their own way ("Yes!", "ok", "Oui.", "nee bedankt", "Sí"), so a reply and the word lists are
 * compared after normalisation: case, accents, punctuation and spacing do not count. A reply is an
 * answer when it is, or starts with, one of the words of one list and the rest of it names no word of
 * the other; anything else (both, neither) is unclear and the question keeps waiting. A wrong "yes" is
 * the worst outcome, so a negation after the approve word ("ok not now") keeps it from approving, and
 * "no" followed by a noun that makes it an assent ("no problem") keeps it from disapproving.
 */

/** Approve words of the default list: English, Dutch, French, German and Spanish. */
export const DEFAULT_APPROVE_WORDS =
	'yes, y, ok, okay, yep, yeah, sure, approve, approved, confirm, ja, oui, d’accord, si, vale, claro';
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

/** Whether `words` holds an entry of `list` as whole words (at the start only if `atStart`). */
export function mentions(words: readonly string[], list: readonly string[], atStart: boolean): boolean {
	return list.some((entry) => containsPhrase(words, entry.split(' '), atStart));
}

/**
 * Words that negate what follows or precedes them, in the languages of the default lists. "no" and
 * "non" are disapprove words already. Contractions lose their apostrophe in normalisation ("don't" is
 * "don t"): any word ending in "n" before a lone "t" counts too (NEGATED_CONTRACTION).
 */
export const NEGATION_WORDS: readonly string[] = [
	// English
	'no',
	'not',
	'never',
	'nope',
	'nah',
	'none',
	'nothing',
	'nor',
	'neither',
	'cannot',
	'dont',
	'doesnt',
	'didnt',
	'isnt',
	'arent',
	'wasnt',
	'werent',
	'cant',
	'couldnt',
	'wont',
	'wouldnt',
	'shouldnt',
	'havent',
	'hasnt',
	'hadnt',
	'aint',
	// Dutch
	'niet',
	'geen',
	'nooit',
	'niets',
	'niks',
	'nee',
	// German
	'nicht',
	'kein',
	'keine',
	'keinen',
	'keinem',
	'keiner',
	'keines',
	'nie',
	'niemals',
	'nichts',
	'nein',
	// French
	'ne',
	'pas',
	'non',
	'jamais',
	'aucun',
	'aucune',
	'rien',
	'ni',
	// Spanish
	'nunca',
	'jamas',
	'nada',
	'tampoco',
	'ningun',
	'ninguno',
	'ninguna',
];

/**
 * "no" + a noun that together say yes or "go ahead" ("no problem", "no objection", "no hay problema"):
 * such a reply never disapproves. In the other languages the phrase starts with a word that is no
 * disapprove word ("geen probleem"), but "Nee, geen probleem" is no clear No either.
 */
export const ASSENTING_NO_PHRASES: readonly string[] = [
	'no problem',
	'no problems',
	'no prob',
	'no probs',
	'no problemo',
	'no objection',
	'no objections',
	'no worries',
	'no worry',
	'no issue',
	'no issues',
	'no concern',
	'no concerns',
	'no trouble',
	'no bother',
	'no doubt',
	'no complaints',
	'geen probleem',
	'geen bezwaar',
	'kein problem',
	'keine einwande',
	'pas de probleme',
	'pas de souci',
	'no hay problema',
	'sin problema',
	'no pasa nada',
	'no hay inconveniente',
];

function negates(words: readonly string[]): boolean {
	return words.some(
		(word, index) => NEGATION_WORDS.includes(word) || (word === 't' && index > 0 && words[index - 1].endsWith('n')),
	);
}

/** How many words of the longest entry of `list` the reply starts with; 0 when it starts with none. */
function leadingPhraseLength(words: readonly string[], list: readonly string[]): number {
	const lengths = list
		.map((entry) => entry.split(' '))
		.filter((phrase) => containsPhrase(words, phrase, true))
		.map((phrase) => phrase.length);
	return Math.max(0, ...lengths);
}

/**
 * Approve when the reply starts with an approve word and the rest of it has no disapprove word and no
 * negation ("ok not now", "Yes I do not approve" are unclear). Disapprove when it starts with a
 * disapprove word, the rest has no approve word and it is no assenting "no + noun" ("No problem" is
 * unclear). Unclear otherwise ("yes no", "maybe", an empty text).
 */
export function judgeReply(
	reply: string,
	approveWords: readonly string[],
	disapproveWords: readonly string[],
): ReplyVerdict {
	const normalized = normalizeReplyText(reply);
	if (normalized === '') return 'unclear';
	const words = normalized.split(' ');
	const approveLength = leadingPhraseLength(words, approveWords);
	const afterApprove = words.slice(approveLength);
	const approves = approveLength > 0 && !mentions(afterApprove, disapproveWords, false) && !negates(afterApprove);
	const disapproveLength = leadingPhraseLength(words, disapproveWords);
	const disapproves =
		disapproveLength > 0 &&
		!mentions(words.slice(disapproveLength), approveWords, false) &&
		!mentions(words, ASSENTING_NO_PHRASES, false);
	if (approves === disapproves) return 'unclear';
	return approves ? 'approve' : 'disapprove';
}

/** The first entry of a comma-separated list as the user wrote it, trimmed. */
function firstEntry(list: string): string {
	return (
		list
			.split(',')
			.map((entry) => entry.trim())
			.find((entry) => normalizeReplyText(entry) !== '') ?? ''
	);
}

export type ApprovalWords =
	| { ok: true; approve: string[]; disapprove: string[]; labels: { approve: string; disapprove: string }; hint: string }
	| { ok: false; field: 'approveWords' | 'disapproveWords'; error: string };

/**
 * The word lists of an approval question, the user's when set, else the defaults; refused when a list
 * has no word or a word is in both. `labels` are the first word of each as the question names them ("YES",
 * "NO": the hint "Reply YES or NO", the titles of WhatsApp buttons).
 */
export function approvalWords(approveWords: string | undefined, disapproveWords: string | undefined): ApprovalWords {
	const approveText = approveWords?.trim() ? approveWords : DEFAULT_APPROVE_WORDS;
	const disapproveText = disapproveWords?.trim() ? disapproveWords : DEFAULT_DISAPPROVE_WORDS;
	const approve = parseWordList(approveText);
	const disapprove = parseWordList(disapproveText);
	if (approve.length === 0)
		return { ok: false, field: 'approveWords', error: 'the list has no word (separate words with commas)' };
	if (disapprove.length === 0)
		return { ok: false, field: 'disapproveWords', error: 'the list has no word (separate words with commas)' };
	const both = approve.find((word) => disapprove.includes(word));
	if (both !== undefined) {
		return {
			ok: false,
			field: 'disapproveWords',
			error: `"${both}" is also an approve word, so a reply "${both}" could not be judged`,
		};
	}
	const labels = {
		approve: firstEntry(approveText).toUpperCase(),
		disapprove: firstEntry(disapproveText).toUpperCase(),
	};
	return { ok: true, approve, disapprove, labels, hint: `Reply ${labels.approve} or ${labels.disapprove}` };
}
