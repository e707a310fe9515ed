/** What a send route (SMS, voice) needs from the emulator instance; `gateway.ts` provides it. */
import type { Account, SentMessage } from '../types';

export interface SendContext {
	account: Account;
	/** The API error answer, also reported as an api_error webhook; throw it. */
	fail(code: string, errorMsg: string, receiver: unknown, sender?: unknown): Error;
	optedOut(number: string): boolean;
	/** Takes credits off the balance, or throws the 108 answer and emits insufficient_funds. */
	charge(total: number, receiver: unknown, sender?: unknown): void;
	/** Keeps the message and schedules its delivery reports (none for a test). */
	accept(record: SentMessage, scheduledFor?: Date): void;
	newMessageId(): string;
}
