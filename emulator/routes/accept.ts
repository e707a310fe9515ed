/**
 * The part of a send that SMS and voice share once their fields are read: the opt-out check (131),
 * the charge (108), one kept message per recipient, and the answer: `messageid` for a single `to`,
 * `messageids` in the order of a list (docs/gateway-api.md#send-sms).
 */
import { apiError } from '../http';
import type { SendServices } from '../sending';
import { shownClock, wallClockIn } from '../../nodes/MessagingGateway/core/sending/clock';
import type { SentMessage } from '../types';

/** What every message of one send has in common, apart from what acceptSend fills in. */
export type MessageTemplate = Omit<
	SentMessage,
	'messageid' | 'to' | 'test' | 'cost' | 'deliveryCode' | 'created' | 'scheduledFor' | 'date'
>;

export interface SendOrder {
	/** `to` as received: a text answers `messageid`, a list `messageids`. */
	to: unknown;
	numbers: readonly string[];
	/** Credits per recipient. */
	costEach: number;
	test: boolean;
	scheduledFor?: Date;
	template: MessageTemplate;
}

export function acceptSend(order: SendOrder, services: SendServices): { status: number; body: unknown } {
	const { numbers, costEach, test, scheduledFor, template } = order;
	const blocked = numbers.find((number) => services.optedOut(number));
	if (blocked) throw apiError('131', `Number ${blocked} is on the opt-out list`);
	if (!test) services.charge(costEach * numbers.length);
	const created = services.acceptedAt().toISOString();
	const ids = numbers.map((number) => {
		const record: SentMessage = {
			...template,
			messageid: services.newMessageId(),
			to: number,
			test,
			cost: test ? 0 : costEach,
			deliveryCode: test ? 'test' : scheduledFor ? 'scheduled' : '0',
			created,
		};
		if (scheduledFor) {
			record.scheduledFor = scheduledFor.toISOString();
			record.date = shownClock(wallClockIn(scheduledFor, services.account.timezone));
		}
		services.accept(record, scheduledFor);
		return record.messageid;
	});
	return { status: 200, body: typeof order.to === 'string' ? { messageid: ids[0] } : { messageids: ids } };
}
