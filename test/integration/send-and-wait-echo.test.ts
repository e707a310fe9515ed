/**
 * A gateway (or a proxy before it) whose error answer echoes the request carries the question's
 * reference, and with it the resume link's signature, into that answer. Driven through n8n-core's
 * WorkflowExecute against the emulator's echo fault: the signature searched for is the one the
 * emulator received, searched in every field of the error the node threw (non-enumerable fields and
 * causes included), in the error n8n saves, in everything n8n-core logs, in Continue On Fail's
 * output, and in what the waiting webhook answers when the reminder's send meets the echo.
 */
// First: it configures n8n's logger before n8n-core loads.
import { logEnd, logSince } from '../support/n8n-log';
import type { IDataObject } from 'n8n-workflow';

import { useEmulator } from '../support/emulator';
import { runAction, runWaitingWebhook, type ActionSettings } from '../support/run';
import { everyText } from '../support/every-text';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();
const { controlAnswer } = emulatorClient(() => gateway.emulator);

const question = {
	resource: 'message',
	operation: 'sendAndWait',
	sender: '31610000001',
	to: '31612345678',
	message: 'Refund of order 1001?',
};

/** Asks the question against a gateway that answers `status` echoing the request; the signature is the one the emulator received. */
async function askEchoed(status: number, settings: ActionSettings = {}) {
	expect((await controlAnswer('POST', '/emulator/faults', { status, echo: true })).status).toBe(201);
	const before = gateway.emulator.requests.length;
	const logFrom = logEnd();
	const run = await runAction(question, [{}], gateway.credentials, { executionId: '77', nodeId: 'ask-1', ...settings });
	// n8n's debug log of the run, up to its last line.
	const log = await logSince(
		logFrom,
		settings.continueOnFail ? 'Workflow execution finished successfully' : 'Workflow execution finished with error',
	);
	const { body: requests } = await controlAnswer('GET', '/emulator/requests');
	const sent = (requests as unknown as Array<{ path: string; body: string }>).slice(before);
	expect(sent.map((request) => request.path)).toEqual(['/v1/message/send']);
	const reference = String((JSON.parse(sent[0].body) as IDataObject).reference);
	const signature = /^n8n-wait:77:ask-1:([0-9a-f]{64})$/.exec(reference)?.[1];
	expect(signature).toBeDefined();
	return { run, signature: signature!, log };
}

describe.each([
	[400, 'Invalid request:'],
	[502, 'The upstream did not answer this request'],
])('the gateway answers HTTP %s echoing the request', (status, echoed) => {
	test('the signature is in no field of the thrown error, the saved error or what n8n logs', async () => {
		const { run, signature, log } = await askEchoed(status);
		const thrown = everyText(run.thrown);
		// The echo reached the error (its text is there), only the signature is not.
		expect(thrown).toContain(echoed);
		expect(thrown).toContain('Refund of order 1001? Reply YES or NO');
		expect(thrown).not.toContain(signature);
		expect(everyText(run.error)).not.toContain(signature);
		expect(log).toContain(echoed);
		expect(log).not.toContain(signature);
		expect(run.waiting).toBeUndefined();
	});

	test('with Continue On Fail the error item carries no signature', async () => {
		const { run, signature, log } = await askEchoed(status, { continueOnFail: true });
		expect(run.thrown).toBeUndefined();
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({ httpCode: status });
		expect(everyText(run.items)).not.toContain(signature);
		expect(log).not.toContain(signature);
		expect(run.waiting).toBeUndefined();
	});
});

test("the reminder's send meets the echo: the waiting webhook's answer names the failure without the signature", async () => {
	const parameters = { ...question, options: { unclearReplyReminder: 'Please answer YES or NO' } };
	const asked = await runAction(parameters, [{}], gateway.credentials, { executionId: '78', nodeId: 'ask-2' });
	const sms = gateway.emulator.messages.at(-1)!;
	const signature = /^n8n-wait:78:ask-2:([0-9a-f]{64})$/.exec(sms.reference)?.[1];
	expect(signature).toBeDefined();
	const { body: reply } = await controlAnswer('POST', '/emulator/inbound', {
		replyTo: sms.messageid,
		content: 'maybe',
	});
	expect((await controlAnswer('POST', '/emulator/faults', { status: 400, echo: true })).status).toBe(201);
	const answer = await runWaitingWebhook(asked.waiting!, reply.event as IDataObject, gateway.credentials);
	expect(answer.webhookResponse).toMatchObject({
		resumed: false,
		reminded: false,
		reminderError: expect.stringContaining('Invalid request:'),
	});
	expect(everyText(answer)).not.toContain(signature);
});
