/**
 * Send and Wait for Response with the Channel WhatsApp Buttons (docs/send-and-wait.md#whatsapp-buttons): the
 * question is asked through n8n-core's WorkflowExecute, the tap or typed reply comes from the emulator over HTTP
 * (`POST /emulator/inbound` with `replyTo` and `type: "whatsapp"`) and is judged by the node's waiting webhook in
 * n8n-core's real WebhookContext with the execution data WorkflowExecute left.
 */
import type { IDataObject } from 'n8n-workflow';

import { KEPT_WAITING_REASONS } from '../../nodes/MessagingGateway/core/questions/answers';
import { runAction, runWaitingWebhook, type WaitingExecution } from '../support/run';
import { bodies, client, credentials, emulator, write } from '../support/whatsapp-setup';

const ASKED = '31610001001';
const SENDER = '31610000001';
/** The question's WhatsApp text: the message with the hint Send and Wait appends by default. */
const QUESTION = 'Refund €120? Reply YES or NO';
/** The buttons the spec asks for: the first approve and disapprove words, as the hint names them. */
const BUTTONS = [
	{ id: 'approve', title: 'YES' },
	{ id: 'disapprove', title: 'NO' },
];

/** Asks the question on WhatsApp as execution 77's node ask-1 (the same link in every round). */
async function ask(options: IDataObject = {}, to = ASKED) {
	const parameters = {
		resource: 'message',
		operation: 'sendAndWait',
		sender: SENDER,
		to,
		message: 'Refund €120?',
		options: { channel: 'whatsappButtons', ...options },
	};
	return await runAction(parameters, [{}], credentials, { executionId: '77', nodeId: 'ask-1' });
}

/** The inbox_message the emulator sends when the recipient of `messageid` taps a button or types `content`. */
async function reply(messageid: string, content: string, type = 'whatsapp'): Promise<IDataObject> {
	const { event } = await client.control<{ event: IDataObject }>('POST', '/emulator/inbound', {
		replyTo: messageid,
		content,
		type,
	});
	return event;
}

const forward = async (waiting: WaitingExecution, event: IDataObject) =>
	await runWaitingWebhook({ node: waiting.node, runExecutionData: waiting.runExecutionData }, event, credentials);

describe('the window open: the question goes out as WhatsApp buttons', () => {
	beforeEach(async () => await write([ASKED]));

	test.each([
		['a tap on YES', 'YES', true],
		['a tap on NO', 'NO', false],
		['a tap that arrives as the ID approve', 'approve', true],
		['a tap that arrives as the ID disapprove', 'disapprove', false],
		['a typed "yes please"', 'yes please', true],
		['a typed "nee"', 'nee', false],
	])('%s resumes it', async (_, content, approved) => {
		const run = await ask();
		expect(run.error).toBeUndefined();
		const question = emulator.messages.at(-1)!;
		expect(emulator.requests.filter((request) => request.path.startsWith('/v1/'))).toHaveLength(1);
		expect(emulator.requests.at(-1)!.path).toBe('/v1/whatsapp/send_action');
		expect(bodies().at(-1)).toEqual({
			message: QUESTION,
			to: ASKED,
			sender: SENDER,
			buttons: BUTTONS,
			reference: question.reference,
		});
		expect(question).toMatchObject({ messageType: 'whatsapp', to: ASKED });
		expect(question.reference).toMatch(/^n8n-wait:77:ask-1:/);
		expect(run.items[0].json).toMatchObject({ waitingFor: 'approval', messageid: question.messageid, to: ASKED });
		expect(run.items[0].json.channel).toBe('whatsapp');
		expect(run.items[0].json.fallbackReason).toBeUndefined();

		const event = await reply(question.messageid, content);
		expect(event.message).toMatchObject({ type: 'whatsapp', sender: ASKED, content });
		expect(event.isreply).toMatchObject({ orig_messageid: question.messageid, orig_reference: question.reference });
		const response = await forward(run.waiting!, event);
		expect(response.webhookResponse).toEqual({ resumed: true });
		expect(response.workflowData?.[0][0].json).toMatchObject({
			approved,
			reply: content,
			from: ASKED,
			messageid: question.messageid,
			to: ASKED,
		});
	});

	test.each([
		['the title', 'SÍ', true],
		['the ID', 'approve', true],
		['the title', 'NEIN', false],
		['the ID', 'disapprove', false],
	])('with words of its own, a tap that arrives as %s ("%s") resolves as its button', async (_, content, approved) => {
		const run = await ask({ approveWords: 'sí, vale', disapproveWords: 'nein, nee' });
		expect(bodies().at(-1)!.buttons).toEqual([
			{ id: 'approve', title: 'SÍ' },
			{ id: 'disapprove', title: 'NEIN' },
		]);
		const question = emulator.messages.at(-1)!;
		const response = await forward(run.waiting!, await reply(question.messageid, content));
		expect(response.webhookResponse).toEqual({ resumed: true });
		expect(response.workflowData?.[0][0].json).toMatchObject({ approved, reply: content });
	});

	test("a tap on an earlier round's button keeps this round waiting; a tap on this round's resumes it", async () => {
		await ask();
		const earlier = emulator.messages.at(-1)!;
		const current = await ask();
		const asked = emulator.messages.at(-1)!;
		expect(asked.reference).toBe(earlier.reference);
		expect([earlier.messageType, asked.messageType]).toEqual(['whatsapp', 'whatsapp']);

		const late = await forward(current.waiting!, await reply(earlier.messageid, 'YES'));
		expect(late).toEqual({ webhookResponse: { resumed: false, reason: KEPT_WAITING_REASONS.otherMessage } });
		const response = await forward(current.waiting!, await reply(asked.messageid, 'NO'));
		expect(response.workflowData?.[0][0].json).toMatchObject({ approved: false, messageid: asked.messageid });
	});
});

describe('WhatsApp refuses the number: the SMS question instead, never both', () => {
	test.each([
		['the 24-hour window is closed (137)', ASKED, 'windowClosed'],
		['the number has no WhatsApp (140)', '31610009140', 'noWhatsApp'],
	])('%s', async (_, to, reason) => {
		const run = await ask({}, to);
		expect(run.error).toBeUndefined();
		expect(emulator.messages).toHaveLength(1);
		const question = emulator.messages[0];
		expect(question.messageType).toBeUndefined();
		expect(emulator.requests.map((request) => request.path)).toEqual(['/v1/whatsapp/send_action', '/v1/message/send']);
		expect(bodies()[1]).toEqual({ message: QUESTION, to, sender: SENDER, reference: question.reference });
		expect(question.reference).toMatch(/^n8n-wait:77:ask-1:/);
		expect(run.items[0].json).toMatchObject({
			waitingFor: 'approval',
			messageid: question.messageid,
			to,
			channel: 'sms',
			fallbackReason: reason,
		});

		const response = await forward(run.waiting!, await reply(question.messageid, 'yes', 'sms'));
		expect(response.workflowData?.[0][0].json).toMatchObject({ approved: true, messageid: question.messageid });
	});
});

test('the SMS question goes out by Smart Encoding, as an SMS question does; WhatsApp got the text as written', async () => {
	const parameters = {
		resource: 'message',
		operation: 'sendAndWait',
		sender: SENDER,
		to: '31610009140',
		message: 'Refund “now” – €120?',
		options: { channel: 'whatsappButtons' },
	};
	const run = await runAction(parameters, [{}], credentials, { executionId: '79', nodeId: 'ask-1' });
	expect(run.items[0].json).toMatchObject({ channel: 'sms', fallbackReason: 'noWhatsApp' });
	// Curly quotes and the en dash as their GSM-7 forms (docs/cost-and-encoding.md#smart-encoding).
	expect(bodies().map((body) => body.message)).toEqual([
		'Refund “now” – €120? Reply YES or NO',
		'Refund "now" - €120? Reply YES or NO',
	]);
});

test('Retry On Fail never asks again after a WhatsApp send whose outcome is unknown, nor by SMS', async () => {
	await write([ASKED]);
	await client.control('POST', '/emulator/faults', { status: 500, path: '/v1/whatsapp/send_action' });
	const parameters = {
		resource: 'message',
		operation: 'sendAndWait',
		sender: SENDER,
		to: ASKED,
		message: 'Refund €120?',
		options: { channel: 'whatsappButtons' },
	};
	const run = await runAction(parameters, [{}], credentials, {
		executionId: '78',
		nodeId: 'ask-1',
		retryOnFail: { maxTries: 3, waitBetweenTries: 0 },
	});
	expect(run.error?.message).toMatch(/^Not sent again to 31610001001/);
	expect(emulator.requests.map((request) => request.path)).toEqual(['/v1/whatsapp/send_action']);
	expect(run.waiting).toBeUndefined();
});

test.each([
	['Approve Words', { approveWords: 'absolutely approved now, yes' }, 'ABSOLUTELY APPROVED NOW', 23],
	['Disapprove Words', { disapproveWords: 'certainly not approved, no' }, 'CERTAINLY NOT APPROVED', 22],
])('a button title over 20 characters is refused before any request, naming %s', async (field, options, title, n) => {
	const run = await ask(options);
	expect(run.error?.message).toBe(`${field}: the title "${title}" has ${n} characters`);
	expect(run.error?.description).toMatch(
		/^The first word is a WhatsApp button's title: WhatsApp shows at most 20\. Put a shorter word first in the list/,
	);
	expect(emulator.requests.filter((request) => request.path.startsWith('/v1/'))).toEqual([]);
});

test('Channel SMS (the default) asks by SMS, with no channel in the output', async () => {
	await write([ASKED]);
	const run = await ask({ channel: 'sms' });
	expect(emulator.requests.at(-1)!.path).toBe('/v1/message/send');
	expect(run.items[0].json.channel).toBeUndefined();
});
