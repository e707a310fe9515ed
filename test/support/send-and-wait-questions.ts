/**
 * Asking a Send and Wait question through n8n-core's WorkflowExecute and replying to it through the
 * emulator, for the tests of several messages of one question (rounds, reminders).
 */
import type { IDataObject } from 'n8n-workflow';

import type { SentMessage } from '../../emulator/server';
import type { EmulatorForTests } from './emulator';
import { runAction, type WaitingExecution } from './run';
import { emulatorClient } from './emulator-client';

export const ASKED = '31612345678';
export const REMINDER = 'Please answer YES or NO';

export function questions(gateway: EmulatorForTests) {
	const { controlAnswer } = emulatorClient(() => gateway.emulator);

	/** Asks the question as execution `executionId`'s node ask-1; returns the waiting execution and the SMS the emulator recorded. */
	async function ask(
		executionId: string,
		options: IDataObject = {},
	): Promise<{ waiting: WaitingExecution; question: SentMessage }> {
		const parameters = {
			resource: 'message',
			operation: 'sendAndWait',
			sender: '31610000001',
			to: ASKED,
			message: 'Refund?',
			options: { unclearReplyReminder: REMINDER, ...options },
		};
		const run = await runAction(parameters, [{}], gateway.credentials, { executionId, nodeId: 'ask-1' });
		expect(run.error).toBeUndefined();
		return { waiting: run.waiting!, question: gateway.emulator.messages.at(-1)! };
	}

	/** The `inbox_message` the emulator sends when the recipient of `messageid` answers it with `content`. */
	async function replyTo(messageid: string, content: string): Promise<IDataObject> {
		const { status, body } = await controlAnswer('POST', '/emulator/inbound', { replyTo: messageid, content });
		expect(status).toBe(201);
		return body.event as IDataObject;
	}

	return { ask, replyTo, controlAnswer };
}
