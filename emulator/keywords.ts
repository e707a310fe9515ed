/**
 * Setting `optOutKeywords` (off by default): an incoming SMS whose whole text is an opt-out keyword
 * (the package's own list, core/questions/keywords.ts) puts its sender on the opt-out list and
 * fires `add_optout`, as a gateway that handles STOP itself would. The gateway does not document that
 * it does (docs/sending-lawfully.md), so by default the emulator leaves it to the Messaging Gateway
 * Trigger's Opt-Out Keywords.
 */
import { keywordOf } from '../nodes/MessagingGateway/core/questions/keywords';
import type { Delivery } from './dispatch';
import type { Fields } from './events';
import type { State } from './state';
import type { EmitEvent } from './types';

/** The deliveries of the `add_optout` an incoming STOP fired (none when the setting is off or the sender is on the list already). */
export function optOutOnKeyword(state: State, emit: EmitEvent, inbound: Fields): Delivery[] {
	const message = inbound.message as Fields;
	const number = String(message.sender);
	if (!state.settings.optOutKeywords || keywordOf(String(message.content)) !== 'stop' || state.optouts.has(number))
		return [];
	state.optouts.add(number);
	return emit('add_optout', { optout: { number, memo: `Replied ${String(message.content).trim()}` } }).deliveries;
}
