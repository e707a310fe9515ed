/**
 * The keywords people send to stop, restart or ask about text messages (CTIA's STOP / START / HELP,
 * the FCC's "stop, quit, end, revoke, opt out, cancel, unsubscribe", and the words of the default
 * languages), one list for the trigger's Opt-Out Keywords and Send and Wait's opt-out replies. A
 * message is a keyword only when its whole text is one, or the same kind of keyword repeated ("STOP STOP",
 * "stop" on two lines, "Stop. Unsubscribe."), compared after normalisation (case, accents, punctuation,
 * spacing and line breaks do not count): "Stop." is one, "stop texting me" is not, "stop start" is neither.
 */
import { mentions, normalizeReplyText } from './replies';

/** Opt-out keywords: the sender asks for no more messages. */
export const OPT_OUT_WORDS: readonly string[] = [
	'stop',
	'stopall',
	'stop all',
	'unsubscribe',
	'cancel',
	'end',
	'quit',
	'optout',
	'opt out',
	'revoke',
	'stopp',
	'arret',
	'desabonner',
	'desinscrire',
	'baja',
	'afmelden',
	'abmelden',
];

/** Opt-in keywords: the sender asks to receive messages again. */
export const OPT_IN_WORDS: readonly string[] = ['start', 'unstop'];

/** Help keywords: the sender asks who is writing and how to stop. */
export const HELP_WORDS: readonly string[] = ['help', 'info'];

export type Keyword = 'stop' | 'start' | 'help';

/** Every keyword phrase as its words, with its kind; the longest first, so "stop all" is read before "stop". */
const PHRASES = [
	...OPT_OUT_WORDS.map((phrase) => ({ words: phrase.split(' '), keyword: 'stop' as const })),
	...OPT_IN_WORDS.map((phrase) => ({ words: phrase.split(' '), keyword: 'start' as const })),
	...HELP_WORDS.map((phrase) => ({ words: phrase.split(' '), keyword: 'help' as const })),
].sort((a, b) => b.words.length - a.words.length);

/** The keyword the whole of `text` is, if any: one keyword phrase, or several of the same kind one after another. */
export function keywordOf(text: string): Keyword | undefined {
	const normalized = normalizeReplyText(text);
	if (normalized === '') return undefined;
	const words = normalized.split(' ');
	let kind: Keyword | undefined;
	for (let at = 0; at < words.length; ) {
		const phrase = PHRASES.find((entry) => entry.words.every((word, offset) => words[at + offset] === word));
		if (phrase === undefined || (kind !== undefined && phrase.keyword !== kind)) return undefined;
		kind = phrase.keyword;
		at += phrase.words.length;
	}
	return kind;
}

/** Whether `text` names an opt-out word (at its start only if `atStart`). */
function namesOptOut(text: string, atStart: boolean): boolean {
	const normalized = normalizeReplyText(text);
	return normalized !== '' && mentions(normalized.split(' '), OPT_OUT_WORDS, atStart);
}

/**
 * Whether `reply` is, or starts with, an opt-out word ("STOP", "Stop.", "unsubscribe me"): Send and
 * Wait never answers such a reply with a reminder, as the sender asked for no more messages. It is no
 * answer either (unless a word list names it) and the question keeps waiting.
 */
export const isOptOutReply = (reply: string): boolean => namesOptOut(reply, true);

/** Whether `text` names an opt-out word anywhere without being one ("please stop texting me"): worth a look, never acted on. */
export const mentionsOptOut = (text: string): boolean => keywordOf(text) === undefined && namesOptOut(text, false);
