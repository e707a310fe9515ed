/**
 * An incoming SMS or WhatsApp message arriving (docs/emulator.md): its signed inbox_message webhook goes out, it lands in the inbox and
 * the conversation, and with the `optOutKeywords` setting a STOP puts its sender on the opt-out list. Used by
 * `POST /emulator/inbound` (one SMS, or a burst of several a gap apart) and by the auto-responders.
 */
import type { Delivery } from './dispatch';
import type { Fields } from './events';
import { inboundOf } from './inbox';
import { optOutOnKeyword } from './keywords';
import type { State } from './state';
import type { EmitEvent } from './types';

/** The inbox_message's event and deliveries, and every delivery it started (a STOP's add_optout too). */
export function receiveInbound(
	state: State,
	emit: EmitEvent,
	fields: Fields,
): { result: ReturnType<EmitEvent>; started: Delivery[] } {
	const arrivedAt = state.recordInstant();
	const result = emit('inbox_message', fields);
	const received = inboundOf(result.event, arrivedAt);
	state.inbox.messages.push(received);
	// An incoming WhatsApp message opens (or renews) the sender's 24-hour window.
	if (received.type === 'whatsapp') state.whatsapp.lastReceived.set(received.sender, received.at);
	return { result, started: [...result.deliveries, ...optOutOnKeyword(state, emit, result.event)] };
}
