/**
 * Opt-Out Keywords (trigger option, on by default from node version 3): an incoming SMS whose whole
 * text is an opt-out keyword, once or repeated (core/questions/keywords.ts), puts its sender on the
 * gateway's opt-out list (`POST /v1/optouts`), once per event even when the gateway delivers it again;
 * one that is HELP or INFO gets the Help Reply, at most once per number per 24 hours and never to a
 * number known to be opted out. Both are remembered per n8n process (docs/sending-lawfully.md#opt-out-keywords).
 * Only signed requests are acted on: an unsigned one could be anyone's. A failure is logged and told in
 * the item; the gateway gets its usual answer.
 *
 * The gateway waits for the answer a limited time and delivers the event again when it gets none: the
 * answer waits at most ANSWER_BUDGET_MS for these requests. One not done by then goes on after the answer
 * (a background request: each try has its own timeout, the opt-out is tried again after a timeout or a
 * 5xx, its failure is logged, never thrown), its item says `pending`, and a delivery again of the event
 * gets its outcome instead of a second request.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { mapWithConcurrency } from '../concurrency';
import { keywordOf, mentionsOptOut } from '../core/questions/keywords';
import { isObject } from '../core/objects';
import { readNumberValue } from '../core/numbers/number-value';
import { GATEWAY_RULE } from '../core/numbers/phone';
import { isOptedOutRefusal } from '../core/sending/opt-out';
import { gatewayRequest } from '../transport';
import { BoundedMap, MEMORY_SIZE } from './forward-memory';
import { warnOwner } from './respond';
import { plainText } from '../core/error-text';

export interface KeywordSettings {
	/** Act on whole-text keywords (Opt-Out Keywords). */
	act: boolean;
	/** The answer to HELP / INFO; empty: none. */
	helpReply: string;
	/** Whether the request's signature was checked. */
	signed: boolean;
}

type OptOutDone = 'added' | 'alreadyOnList' | 'failed';
type HelpDone = 'sent' | 'sentEarlier' | 'optedOut' | 'failed';
/** What an item says of a request still under way when the gateway is answered. */
const PENDING = 'pending';

/** At most one HELP answer per number in this time. */
export const HELP_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** The longest the gateway's answer waits for the keywords' requests; the rest go on after it. */
export const ANSWER_BUDGET_MS = 3_000;
/** Each try of the opt-out request: a gateway that never answers it is given up on, and asked again. */
const OPT_OUT_TRY_MS = 10_000;
/** Events acted on at once: a signed array of many events must not open a connection for each at once. */
const AT_ONCE = 8;

/** Per gateway event (`webhook_id`), its opt-out request; per number, when it was last answered HELP. Shared by the process's triggers. */
const optOuts = new BoundedMap<Promise<OptOutDone>>(MEMORY_SIZE);
const helpAnswered = new BoundedMap<number>(MEMORY_SIZE);
/** Numbers known to be on the opt-out list: put there by a STOP, or a Help Reply refused with 131; a START forgets. */
const optedOut = new BoundedMap<boolean>(MEMORY_SIZE);

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

async function addOptOut(ctx: IWebhookFunctions, number: string, about: string): Promise<OptOutDone> {
	try {
		// Asking twice is harmless (the second is answered 131): a timeout or a 5xx is tried again.
		await gatewayRequest.call(ctx, {
			method: 'POST',
			path: '/v1/optouts',
			body: { number },
			itemIndex: 0,
			idempotent: true,
			timeoutMs: OPT_OUT_TRY_MS,
			detached: true,
		});
		optedOut.set(number, true);
		return 'added';
	} catch (error) {
		if (isOptedOutRefusal(error)) {
			optedOut.set(number, true);
			return 'alreadyOnList';
		}
		warnOwner(
			ctx,
			`could not put the sender of ${about} on the opt-out list: ${(error as Error).message}. Add the number with Opt-Out → Add to Opt-Out List.`,
		);
		return 'failed';
	}
}

/** One opt-out request per event: a delivery again of the same event gets the first one's outcome (a failed one is tried again). */
async function optOutOnce(
	ctx: IWebhookFunctions,
	event: IDataObject,
	number: string,
	about: string,
): Promise<OptOutDone> {
	const key = textOf(event.webhook_id);
	const earlier = key === undefined ? undefined : optOuts.get(key);
	if (earlier !== undefined) {
		const done = await earlier;
		if (done !== 'failed') return done;
	}
	const request = addOptOut(ctx, number, about);
	if (key !== undefined) optOuts.set(key, request);
	return await request;
}

/** The Help Reply, from the number the message reached, unless this number is opted out or got it in the last 24 hours. */
async function answerHelp(
	ctx: IWebhookFunctions,
	text: string,
	number: string,
	message: IDataObject,
	about: string,
): Promise<HelpDone> {
	if (optedOut.get(number) === true) return 'optedOut';
	const now = Date.now();
	const last = helpAnswered.get(number);
	if (last !== undefined && now - last < HELP_INTERVAL_MS) return 'sentEarlier';
	helpAnswered.set(number, now);
	try {
		const sender = textOf(message.receiver);
		await gatewayRequest.call(ctx, {
			method: 'POST',
			path: '/v1/message/send',
			body: { message: text, to: number, ...(sender ? { sender } : {}) },
			itemIndex: 0,
			channel: 'sms',
			detached: true,
		});
		return 'sent';
	} catch (error) {
		helpAnswered.set(number, 0);
		if (isOptedOutRefusal(error)) {
			optedOut.set(number, true);
			return 'optedOut';
		}
		warnOwner(ctx, `could not send the Help Reply to the sender of ${about}: ${(error as Error).message}`);
		return 'failed';
	}
}

/** An incoming SMS's fields known at once, and the request it needs, if any: which field its outcome goes to. */
interface KeywordWork {
	fields: IDataObject;
	request?: { field: 'optOut' | 'helpReply'; run: () => Promise<OptOutDone | HelpDone> };
}

/** What an incoming SMS's item gains: its keyword, what is to be done, or that it mentions stopping. */
function workOf(ctx: IWebhookFunctions, event: IDataObject, settings: KeywordSettings): KeywordWork {
	const message = event.message as IDataObject;
	const content = typeof message.content === 'string' ? message.content : '';
	const keyword = keywordOf(content);
	if (keyword === undefined) return { fields: mentionsOptOut(content) ? { possibleOptOut: true } : {} };
	const fields: IDataObject = { keyword };
	const about = `the inbox_message ${String(event.webhook_id)}`;
	// The gateway's own writing of the sender: international digits, taken when possible (a STOP is never lost to a range libphonenumber does not know).
	const number = readNumberValue(message.sender, { rule: GATEWAY_RULE });
	// A START may mean the number was taken off the list (in the gateway): a later HELP is tried again.
	if (keyword === 'start' && number.ok) optedOut.set(number.digits, false);
	if (keyword === 'start' || (keyword === 'help' && settings.helpReply.trim() === '')) return { fields };
	if (!settings.signed) {
		warnOwner(
			ctx,
			`did not act on the ${keyword.toUpperCase()} of ${about}: the request is unsigned (set the signing secret in the credential)`,
		);
		return { fields };
	}
	if (!number.ok) {
		warnOwner(
			ctx,
			`could not act on the ${keyword.toUpperCase()} of ${about}: its sender is no phone number (${plainText(number.error)})`,
		);
		return { fields: keyword === 'stop' ? { ...fields, optOut: 'failed' } : fields };
	}
	if (keyword === 'stop')
		return { fields, request: { field: 'optOut', run: () => optOutOnce(ctx, event, number.digits, about) } };
	return {
		fields,
		request: {
			field: 'helpReply',
			run: () => answerHelp(ctx, settings.helpReply, number.digits, message, about),
		},
	};
}

/** A promise and the function that settles it. */
function settled<T>(): { promise: Promise<T>; settle: (value: T) => void } {
	let settle: (value: T) => void = () => undefined;
	const promise = new Promise<T>((resolve) => (settle = resolve));
	return { promise, settle };
}

/**
 * Acts on the keywords of the request's incoming SMS (selected or not: an opt-out counts whatever the
 * Events) and adds their fields to the events. Waits for the requests ANSWER_BUDGET_MS at most: one
 * still under way then goes on in the background and its field says `pending`.
 */
export async function actOnKeywords(
	ctx: IWebhookFunctions,
	events: readonly IDataObject[],
	settings: KeywordSettings,
): Promise<void> {
	if (!settings.act) return;
	const incoming = events.filter((event) => event.webhook_type === 'inbox_message' && isObject(event.message));
	const work = incoming.map((event) => workOf(ctx, event, settings));
	incoming.forEach((event, index) => Object.assign(event, work[index].fields));
	if (!work.some((entry) => entry.request)) return;
	const requests = work.map(() => settled<string>());
	// A request's own failure is its outcome; anything else counts as failed and is logged. The run outlives the
	// answer and must never reject: only the log line itself failing could reach the final catch.
	void mapWithConcurrency(work, AT_ONCE, async ({ request }, index) => {
		if (!request) return;
		try {
			requests[index].settle(await request.run());
		} catch (error) {
			requests[index].settle('failed');
			warnOwner(ctx, `could not act on a keyword: ${(error as Error).message}`);
		}
	}).catch(() => undefined);
	const answerBy = sleep(ANSWER_BUDGET_MS).then(() => PENDING);
	await Promise.all(
		work.map(async ({ request }, index) => {
			if (request) incoming[index][request.field] = await Promise.race([requests[index].promise, answerBy]);
		}),
	);
}
