/**
 * Opt-Out Keywords (trigger option, on by default from node version 3): an incoming SMS whose whole
 * text is an opt-out keyword (core/questions/keywords.ts) puts its sender on the gateway's opt-out
 * list (`POST /v1/optouts`), once per event even when the gateway delivers it again; one that is HELP
 * or INFO gets the Help Reply, at most once per number per 24 hours. Both are remembered per n8n
 * process (docs/sending-lawfully.md#opt-out-keywords). Only signed requests are acted on: an unsigned
 * one could be anyone's. A failure is logged and told in the item; the gateway gets its usual answer.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { mapWithConcurrency } from '../concurrency';
import { keywordOf, mentionsOptOut } from '../core/questions/keywords';
import { isObject } from '../core/objects';
import { readNumberValue } from '../core/numbers/number-value';
import { GATEWAY_RULE } from '../core/numbers/phone';
import { isOptedOutRefusal } from '../core/sending/opt-out';
import { gatewayRequest } from '../transport';
import { BoundedMap, MEMORY_SIZE } from './forward-memory';
import { warnOwner } from './respond';

export interface KeywordSettings {
	/** Act on whole-text keywords (Opt-Out Keywords). */
	act: boolean;
	/** The answer to HELP / INFO; empty: none. */
	helpReply: string;
	/** Whether the request's signature was checked. */
	signed: boolean;
}

type OptOutDone = 'added' | 'alreadyOnList' | 'failed';

/** At most one HELP answer per number in this time. */
export const HELP_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Events acted on at once: a signed array of many events must not open a connection for each at once. */
const AT_ONCE = 8;

/** Per gateway event (`webhook_id`), its opt-out request; per number, when it was last answered HELP. Shared by the process's triggers. */
const optOuts = new BoundedMap<Promise<OptOutDone>>(MEMORY_SIZE);
const helpAnswered = new BoundedMap<number>(MEMORY_SIZE);

const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

async function addOptOut(ctx: IWebhookFunctions, number: string, about: string): Promise<OptOutDone> {
	try {
		await gatewayRequest.call(ctx, { method: 'POST', path: '/v1/optouts', body: { number }, itemIndex: 0 });
		return 'added';
	} catch (error) {
		if (isOptedOutRefusal(error)) return 'alreadyOnList';
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

/** The Help Reply, from the number the message reached, unless this number got it in the last 24 hours. */
async function answerHelp(
	ctx: IWebhookFunctions,
	text: string,
	number: string,
	message: IDataObject,
	about: string,
): Promise<'sent' | 'sentEarlier' | 'failed'> {
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
		});
		return 'sent';
	} catch (error) {
		helpAnswered.set(number, 0);
		warnOwner(ctx, `could not send the Help Reply to the sender of ${about}: ${(error as Error).message}`);
		return 'failed';
	}
}

/** What an incoming SMS's item gains: its keyword, what was done, or that it mentions stopping. */
async function fieldsOf(ctx: IWebhookFunctions, event: IDataObject, settings: KeywordSettings): Promise<IDataObject> {
	const message = event.message as IDataObject;
	const content = typeof message.content === 'string' ? message.content : '';
	const keyword = keywordOf(content);
	if (keyword === undefined) return mentionsOptOut(content) ? { possibleOptOut: true } : {};
	const fields: IDataObject = { keyword };
	const about = `the inbox_message ${String(event.webhook_id)}`;
	// The gateway's own writing of the sender: international digits, taken when possible (a STOP is never lost to a range libphonenumber does not know).
	const number = readNumberValue(message.sender, { rule: GATEWAY_RULE });
	if (keyword === 'start' || (keyword === 'help' && settings.helpReply.trim() === '')) return fields;
	if (!settings.signed) {
		warnOwner(
			ctx,
			`did not act on the ${keyword.toUpperCase()} of ${about}: the request is unsigned (set the signing secret in the credential)`,
		);
		return fields;
	}
	if (!number.ok) {
		warnOwner(
			ctx,
			`could not act on the ${keyword.toUpperCase()} of ${about}: its sender is no phone number (${number.error})`,
		);
		return keyword === 'stop' ? { ...fields, optOut: 'failed' } : fields;
	}
	if (keyword === 'stop') return { ...fields, optOut: await optOutOnce(ctx, event, number.digits, about) };
	return { ...fields, helpReply: await answerHelp(ctx, settings.helpReply, number.digits, message, about) };
}

/** Acts on the keywords of the request's incoming SMS (selected or not: an opt-out counts whatever the Events) and adds their fields to the events. */
export async function actOnKeywords(
	ctx: IWebhookFunctions,
	events: readonly IDataObject[],
	settings: KeywordSettings,
): Promise<void> {
	if (!settings.act) return;
	const incoming = events.filter((event) => event.webhook_type === 'inbox_message' && isObject(event.message));
	await mapWithConcurrency(incoming, AT_ONCE, async (event) => {
		Object.assign(event, await fieldsOf(ctx, event, settings));
	});
}
