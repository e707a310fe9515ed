/**
 * Auto-responders (docs/emulator.md#auto-responders): numbers that answer every SMS they receive, after a delay,
 * as an out-of-office reply, a shop's bot or another assistant does — so a workflow that answers every SMS can be
 * seen to loop. A number ending in AUTORESPONDER_SUFFIX is one from the start; `PUT /emulator/autoresponders` makes
 * any number one. The answer is an incoming SMS from that number to the sender of the SMS it answers, a reply to it
 * (`isreply`), with its inbox_message webhook, as `POST /emulator/inbound` with `replyTo` makes it.
 */
import type { Fields } from './events';
import type { SentMessage } from './types';

/** Numbers ending in this answer every SMS DEFAULT_AUTORESPONDER later. */
export const AUTORESPONDER_SUFFIX = '9777';

export interface Autoresponder {
	number: string;
	/** How long after the SMS arrives (is sent, or its scheduled time comes) the answer comes. */
	delayMs: number;
	/** The answer; `{n}` becomes how many answers this number has sent, this one included. */
	text: string;
}

export const DEFAULT_AUTORESPONDER: Omit<Autoresponder, 'number'> = {
	delayMs: 1000,
	text: 'Automatic reply {n}: I am away and do not read messages.',
};

export interface AutoresponderState {
	/** The numbers set through the control API (the magic suffix needs none). */
	readonly set: Autoresponder[];
	/** Answers sent, per number. */
	readonly answered: Map<string, number>;
}

export const createAutoresponders = (): AutoresponderState => ({ set: [], answered: new Map() });

export function resetAutoresponders(state: AutoresponderState) {
	state.set.length = 0;
	state.answered.clear();
}

/** The auto-responder `number` is, if any: one set through the control API, else the magic suffix's. */
export function autoresponderFor(state: AutoresponderState, number: string): Autoresponder | undefined {
	const set = state.set.find((responder) => responder.number === number);
	if (set) return set;
	return number.endsWith(AUTORESPONDER_SUFFIX) ? { number, ...DEFAULT_AUTORESPONDER } : undefined;
}

/** The fields of `POST /emulator/inbound` that answer `message` (readInbound reads them), its text counted. */
export function answerOf(state: AutoresponderState, responder: Autoresponder, message: SentMessage): Fields {
	const count = (state.answered.get(responder.number) ?? 0) + 1;
	state.answered.set(responder.number, count);
	return { replyTo: message.messageid, content: responder.text.split('{n}').join(String(count)) };
}

/** `GET /emulator/autoresponders`: the numbers set, the magic suffix, and how many answers each number sent. */
export const autorespondersAnswer = (state: AutoresponderState) => ({
	autoresponders: state.set,
	suffix: AUTORESPONDER_SUFFIX,
	answered: Object.fromEntries(state.answered),
});
