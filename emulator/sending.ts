/**
 * What an accepted send does besides answering: charges the balance, keeps the message and reports
 * its delivery on a timer (docs/gateway-api.md#webhook-types, `delivery_report`), and a WhatsApp message's reading
 * (`read_report`).
 */
import { randomBytes } from 'node:crypto';

import { DELIVERY_DETAIL_CODES } from '../nodes/MessagingGateway/core/codes';
import { timesOf, type Fields } from './events';
import { apiError } from './http';
import { OPTED_OUT_SUFFIX } from './magic';
import { channelOfMessage, outcomeFor, readDelay } from './recipients';
import type { State } from './state';
import { deliveryStatusText } from './status-codes';
import { MAX_TIMER_MS, type Tasks } from './tasks';
import type { SentMessage } from './types';

/** What the send routes (SMS, voice) need from the emulator instance. */
export interface SendServices {
	account: State['account'];
	optedOut(number: string): boolean;
	/** A group send's group (`to` with `type: "group"`) and the numbers it reaches, or the 125 / 113 answer. */
	groupRecipients(to: unknown): { group: string; numbers: string[] };
	/** Takes credits off the balance, or throws the 108 answer. */
	charge(total: number): void;
	/** Keeps the message and schedules its delivery reports (none for a test). */
	accept(record: SentMessage, scheduledFor?: Date): void;
	newMessageId(): string;
	/** When a send is accepted: the emulator's record clock (State.recordInstant). */
	acceptedAt(): Date;
}

const newMessageId = () => {
	const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from(randomBytes(30), (byte) => alphabet[byte % alphabet.length]).join('');
};

type Emit = (type: string, fields?: Fields) => unknown;
/** Called for every message accepted for sending (test sends left out), with how long until it goes out. */
export type OnSent = (message: SentMessage, startInMs: number) => void;

/** What every report on `message` in the state `code` tells (docs/gateway-api.md: a delivery report's `message` without cost). */
const reportFields = (message: SentMessage, code: string, timeZone: string): Fields => ({
	messageid: message.messageid,
	datetime: timesOf(new Date(message.created), timeZone).local,
	content: message.content,
	sender: message.sender,
	receiver: message.to,
	reference: message.reference,
	...(message.messageType ? { message_type: message.messageType } : {}),
	delivery_code: code,
	delivery_status: deliveryStatusText(code),
	delivery_status_datetime: timesOf(new Date(), timeZone).local,
});

/** The delivery_report of `message` with `code`, emitted; the code is kept on the message. */
function reportDelivery(message: SentMessage, code: string, detail: string | undefined, timeZone: string, emit: Emit) {
	message.deliveryCode = code;
	message.deliveryCodeDetail = detail;
	const report: Fields = { ...reportFields(message, code, timeZone), cost: message.cost };
	if (detail) {
		report.delivery_code_detail = detail;
		report.delivery_code_detail_description = DELIVERY_DETAIL_CODES[detail];
	}
	emit('delivery_report', { message: report });
}

export function createSendServices(state: State, emit: Emit, tasks: Tasks, onSent: OnSent): SendServices {
	const { account, settings } = state;
	const report = (message: SentMessage, code: string, detail?: string) =>
		reportDelivery(message, code, detail, account.timezone, emit);
	const reportRead = (message: SentMessage) =>
		emit('read_report', {
			message: {
				...reportFields(message, '1', account.timezone),
				read_status: 'message_read',
				read_datetime: timesOf(new Date(), account.timezone).local,
			},
		});
	/**
	 * Submitted report at send (or schedule) time, the final state `deliveryDelayMs` (plus up to `deliveryJitterMs`)
	 * later, or as the recipient's outcome for the message's channel says (recipients.ts).
	 */
	const scheduleReports = (message: SentMessage, startInMs: number) => {
		// A send scheduled further ahead than a timer can wait stays scheduled.
		if (startInMs > MAX_TIMER_MS) return;
		const submitted = () => {
			report(message, '0');
			const channel = channelOfMessage(message);
			const outcome = outcomeFor(state.recipients, message.to, channel);
			const jittered = settings.deliveryDelayMs + Math.random() * settings.deliveryJitterMs;
			const delay = Math.min(outcome.afterMs ?? jittered, MAX_TIMER_MS);
			if (outcome.code === '0') return;
			const final = () => {
				report(message, outcome.code, outcome.detail);
				// A delivered WhatsApp message is read (WhatsApp's read receipt): as long after as the delivery took, by default.
				const read = readDelay(outcome, channel, delay);
				if (read !== undefined) tasks.later(read, () => reportRead(message), `the read report of ${message.messageid}`);
			};
			tasks.later(delay, final, `the final report of ${message.messageid}`);
		};
		tasks.later(startInMs, submitted, `the submitted report of ${message.messageid}`);
	};
	const services: SendServices = {
		account,
		/** Numbers on the opt-out list: added through the control API, or ending in the magic suffix. */
		optedOut: (number) => state.optouts.has(number) || number.endsWith(OPTED_OUT_SUFFIX),
		groupRecipients(to) {
			const group = state.directory.findGroup(to);
			if (!group) throw apiError('125', `Group ${String(to)} not found`, 404);
			// Unsubscribed contacts and numbers on the opt-out list are left out, not refused: a group send reaches the rest.
			const numbers = [
				...new Set(
					state.directory
						.membersOf(group)
						.filter((contact) => !contact.unsubscribed)
						.map((contact) => contact.phone),
				),
			];
			const reached = numbers.filter((number) => !services.optedOut(number));
			if (reached.length === 0) throw apiError('113', `Group ${group.ID} has no contact to send to`);
			return { group: group.ID, numbers: reached };
		},
		charge(total) {
			if (account.balance < total) throw apiError('108', 'Not enough credits');
			account.balance = Math.round((account.balance - total) * 1000) / 1000;
		},
		accept(record, scheduledFor) {
			state.messages.push(record);
			if (record.test) return;
			const startInMs = scheduledFor ? Math.max(0, scheduledFor.getTime() - Date.now()) : 0;
			scheduleReports(record, startInMs);
			onSent(record, startInMs);
		},
		newMessageId,
		acceptedAt: () => new Date(state.recordInstant()),
	};
	return services;
}
