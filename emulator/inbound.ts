/**
 * An incoming SMS arriving (docs/emulator.md): its signed inbox_message webhook goes out, it lands in the inbox and
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
	const result = emit('inbox_message', fields);
	state.inbox.messages.push(inboundOf(result.event));
	return { result, started: [...result.deliveries, ...optOutOnKeyword(state, emit, result.event)] };
}
