/**
 * A 2xx answer to a send without a message id (the emulator's `status: 200` fault) may well mean the
 * message went out: its outcome is unknown, so On Unknown Outcome decides whether n8n's Retry On Fail
 * sends it again, and Send and Wait for Response never asks twice. Driven through n8n-core's
 * WorkflowExecute against the emulator.
 */
import type { IDataObject } from 'n8n-workflow';

import { runAction } from '../support/run';
import { useEmulator } from '../support/emulator';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();

const { control } = emulatorClient(() => gateway.emulator);
const sendRequests = () =>
	gateway.emulator.requests.filter((request) => /^\/v1\/(message|voice)\/send$/.test(request.path)).length;
const retry = { retryOnFail: { maxTries: 3, waitBetweenTries: 1 } };

const operations: Array<[string, IDataObject]> = [
	['Send SMS', { resource: 'message', operation: 'send', sender: 'Shop', to: '31612345678', message: 'Hello' }],
	['Send Voice Message', { resource: 'message', operation: 'sendVoice', to: '31612345678', message: 'Hello' }],
	[
		'Send and Wait for Response',
		{ resource: 'message', operation: 'sendAndWait', sender: '31610000001', to: '31612345678', message: 'Refund?' },
	],
];

beforeEach(async () => {
	for (const path of ['/emulator/requests', '/emulator/faults']) await control('DELETE', path);
	await control('POST', '/emulator/faults', { status: 200, body: { status: 'queued' } });
});

test.each(operations)(
	'%s (node version 3): one request, the error says its outcome is unknown and it was not sent again',
	async (_, parameters) => {
		const run = await runAction(parameters, [{}], gateway.credentials, {
			typeVersion: 3,
			executionId: '93',
			nodeId: 'n-1',
			...retry,
		});
		expect(sendRequests()).toBe(1);
		expect(run.error?.message).toBe('Not sent again to 31612345678: an earlier try may already have sent it');
		expect(run.error?.description).toMatch(/^That try ended with: The gateway did not confirm the send/);
		expect(run.error?.context).toMatchObject({ outcome: 'unknown', httpCode: 200 });
	},
);

test.each([1, 2])('Send and Wait for Response node version %s: never asked twice either', async (typeVersion) => {
	const run = await runAction(operations[2][1], [{}], gateway.credentials, {
		typeVersion,
		executionId: '94',
		nodeId: 'n-1',
		...retry,
	});
	expect(sendRequests()).toBe(1);
	expect(run.error?.message).toMatch(/^Not sent again to 31612345678/);
});

test('Send SMS with Continue On Fail: the item carries outcome unknown', async () => {
	const run = await runAction(operations[0][1], [{}], gateway.credentials, { typeVersion: 3, continueOnFail: true });
	expect(run.items).toHaveLength(1);
	expect(run.items[0].json).toMatchObject({
		outcome: 'unknown',
		to: '31612345678',
		httpCode: 200,
		error: expect.stringMatching(/did not confirm the send/),
	});
});

test('Send SMS node version 2 keeps its documented On Unknown Outcome (Resend): Retry On Fail sends it again', async () => {
	const run = await runAction(operations[0][1], [{}], gateway.credentials, { typeVersion: 2, ...retry });
	expect(run.error).toBeUndefined();
	expect(sendRequests()).toBe(2);
	expect(run.items[0].json.messageid).toEqual(expect.any(String));
});
