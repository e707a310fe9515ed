/**
 * Recipients (docs/emulator.md#recipients): how the messages to a number fare, per channel — the final delivery
 * report's code and how long after the submitted one it comes, and for WhatsApp how long after delivery the message is
 * read, or that it never is — so every path of a workflow that waits on reports (Send and Wait's Delivery Report, an
 * alert that moves from WhatsApp to SMS to a call) can be seen in `npm run dev`. Set through `PUT
 * /emulator/recipients`; a number or channel not set fares as its magic suffix says (magic.ts) and the settings'
 * delays.
 */
import { isObject } from '../nodes/MessagingGateway/core/objects';
import type { Fields } from './events';
import { controlError } from './http';
import { readNumber } from './routes/control-input';
import { finalStateFor, type FinalState } from './magic';
import { MAX_TIMER_MS } from './tasks';
import type { SentMessage } from './types';

export const CHANNELS = ['sms', 'whatsapp', 'voice'] as const;
export type Channel = (typeof CHANNELS)[number];

const FINAL_CODES: ReadonlyArray<FinalState['code']> = ['0', '1', '2', '3', '4', '5', '9'];
/** Most numbers one list sets: a walk-through needs a few. */
export const MAX_RECIPIENTS = 1000;

/** `code`: the final report's delivery_code (`0`: none, the message stays submitted); `detail`: a 2's or 5's detail code. */
export interface ChannelOutcome extends FinalState {
	/** How long after the submitted report the final one comes; absent: the settings' delay and jitter. */
	afterMs?: number;
	/** WhatsApp, delivered: how long after delivery the read report comes; `null` never; absent: as long as delivery took. */
	readAfterMs?: number | null;
}

export interface Recipient {
	number: string;
	sms?: ChannelOutcome;
	whatsapp?: ChannelOutcome;
	voice?: ChannelOutcome;
}

/** The channel a sent message went by. */
export const channelOfMessage = (message: SentMessage): Channel => message.messageType ?? 'sms';

/** How a message to `number` by `channel` fares: as set for it, else as the number's magic suffix says. */
export function outcomeFor(recipients: readonly Recipient[], number: string, channel: Channel): ChannelOutcome {
	return recipients.find((recipient) => recipient.number === number)?.[channel] ?? finalStateFor(number);
}

/** When a delivered message's read report comes (only WhatsApp is read): `undefined` for never. */
export function readDelay(outcome: ChannelOutcome, channel: Channel, deliveryMs: number): number | undefined {
	if (channel !== 'whatsapp' || outcome.code !== '1' || outcome.readAfterMs === null) return undefined;
	return Math.min(outcome.readAfterMs ?? deliveryMs, MAX_TIMER_MS);
}

const delayProblem = (value: unknown) =>
	typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_TIMER_MS;

function readOutcome(value: unknown, channel: Channel): ChannelOutcome {
	if (!isObject(value)) throw controlError(`"${channel}" must be an object {code, detail?, afterMs?, readAfterMs?}`);
	const unknown = Object.keys(value).filter((key) => !['code', 'detail', 'afterMs', 'readAfterMs'].includes(key));
	if (unknown.length > 0) throw controlError(`"${channel}" has unknown fields: ${unknown.join(', ')}`);
	const { code, detail, afterMs, readAfterMs } = value;
	if (typeof code !== 'string' || !FINAL_CODES.includes(code as FinalState['code']))
		throw controlError(`"${channel}.code" must be one of the delivery codes ${FINAL_CODES.join(', ')}`);
	if (detail !== undefined && (!['2', '5'].includes(code) || typeof detail !== 'string' || !/^1\d$/.test(detail)))
		throw controlError(`"${channel}.detail" is a failure detail code 10–19, for a code 2 or 5 only`);
	if (afterMs !== undefined && delayProblem(afterMs))
		throw controlError(`"${channel}.afterMs" must be a number from 0 to ${MAX_TIMER_MS}`);
	if (readAfterMs !== undefined && (channel !== 'whatsapp' || code !== '1'))
		throw controlError(`"${channel}.readAfterMs" is for a delivered WhatsApp message only (whatsapp, code "1")`);
	if (readAfterMs !== undefined && readAfterMs !== null && delayProblem(readAfterMs))
		throw controlError(`"whatsapp.readAfterMs" must be null (never read) or a number from 0 to ${MAX_TIMER_MS}`);
	const outcome: ChannelOutcome = { code: code as FinalState['code'] };
	if (detail !== undefined) outcome.detail = detail as string;
	if (afterMs !== undefined) outcome.afterMs = afterMs as number;
	if (readAfterMs !== undefined) outcome.readAfterMs = readAfterMs as number | null;
	return outcome;
}

/**
 * `PUT /emulator/recipients`: `{recipients: [{number, sms?, whatsapp?, voice?}]}`, the list that replaces the set one;
 * each number judged as the other control routes judge one. Nothing changes when one entry is wrong.
 */
function readRecipients(body: Fields): Recipient[] {
	const list = body.recipients;
	if (!Array.isArray(list) || list.length > MAX_RECIPIENTS)
		throw controlError(`"recipients" must be a list of at most ${MAX_RECIPIENTS} {number, sms?, whatsapp?, voice?}`);
	const numbers = new Set<string>();
	return list.map((entry: unknown) => {
		if (!isObject(entry)) throw controlError('each recipient must be an object {number, sms?, whatsapp?, voice?}');
		const unknown = Object.keys(entry).filter((key) => key !== 'number' && !CHANNELS.includes(key as Channel));
		if (unknown.length > 0) throw controlError(`unknown recipient fields: ${unknown.join(', ')}`);
		const recipient: Recipient = { number: readNumber(entry.number, 'number') };
		if (numbers.has(recipient.number)) throw controlError(`"${recipient.number}" is listed twice`);
		numbers.add(recipient.number);
		for (const channel of CHANNELS)
			if (entry[channel] !== undefined) recipient[channel] = readOutcome(entry[channel], channel);
		return recipient;
	});
}

type Control = { body: Fields; state: { recipients: Recipient[] } };

/** Replaces the set list with `next`; the answer is the list now set. */
function setRecipients(list: Recipient[], next: Recipient[]): [number, unknown] {
	list.splice(0, list.length, ...next);
	return [200, { recipients: list }];
}

/** The control routes of recipients (routes/control.ts): the list, setting it, emptying it. */
export const RECIPIENT_CONTROL_ROUTES = {
	'GET /emulator/recipients': ({ state }: Control): [number, unknown] => [200, { recipients: state.recipients }],
	'PUT /emulator/recipients': ({ body, state }: Control) => setRecipients(state.recipients, readRecipients(body)),
	'DELETE /emulator/recipients': ({ state }: Control) => setRecipients(state.recipients, []),
};
