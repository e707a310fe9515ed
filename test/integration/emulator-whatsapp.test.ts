/**
 * The emulator's WhatsApp calls (docs/emulator.md#whatsapp): the documented fields, the template registry (139 on a
 * mismatch), the 24-hour window an incoming WhatsApp message opens (137 outside it), 140 for a number ending in 9140.
 * The codes and texts are those docs/whatsapp.md#error-codes lists.
 */
import { api, emulator } from '../support/emulator-setup';
import { emulatorClient } from '../support/emulator-client';

const { control } = emulatorClient(() => emulator);
const A = '31610001001';
const B = '31610001002';
const NO_WHATSAPP = '31610009140';
const template = (fields: Record<string, unknown>) =>
	api('POST', '/v1/whatsapp/send_template', { sender: 'MyShop', to: A, template_name: 'order', ...fields });
const buttons = (to: unknown, fields: Record<string, unknown> = {}) =>
	api('POST', '/v1/whatsapp/send_action', {
		sender: 'MyShop',
		to,
		message: 'Is 10:00 fine?',
		buttons: [
			{ id: 'yes', title: 'Yes' },
			{ id: 'no', title: 'No' },
		],
		...fields,
	});

beforeEach(() =>
	control('PUT', '/emulator/whatsapp/templates', { templates: [{ name: 'order', variables: 2, header: 'image' }] }),
);

test('a template that matches the registry is accepted, at any time, and kept as a WhatsApp message', async () => {
	const answer = await template({ variable1: 'Ada', variable2: '#1', image: 'https://example.com/a.png' });
	expect(answer).toMatchObject({ status: 200, body: { messageid: expect.stringMatching(/^[a-z0-9]{30}$/) } });
	expect(emulator.messages).toMatchObject([{ to: A, messageType: 'whatsapp', content: 'template:order' }]);
});

test.each([
	['an unknown template', { template_name: 'nope', variable1: 'a', variable2: 'b', image: 'https://x.nl/a.png' }],
	['one variable of two', { variable1: 'Ada', image: 'https://example.com/a.png' }],
	['no image for an image header', { variable1: 'Ada', variable2: '#1' }],
	['an http image', { variable1: 'Ada', variable2: '#1', image: 'http://example.com/a.png' }],
	['a video for an image header', { variable1: 'Ada', variable2: '#1', video: 'https://example.com/a.mp4' }],
	['two numbers', { to: [A, B], variable1: 'Ada', variable2: '#1', image: 'https://example.com/a.png' }],
])('a template with %s: 139', async (_, fields) => {
	expect(await template(fields)).toMatchObject({ status: 400, body: { error: '139' } });
	expect(emulator.messages).toHaveLength(0);
});

test('buttons: 137 until the number writes on WhatsApp, then accepted for all numbers in one request', async () => {
	expect(await buttons([A, B])).toMatchObject({
		status: 400,
		body: { error: '137', errorMsg: `The 24H window is not open for ${A}. Send a template message instead.` },
	});
	// An SMS does not open the window; a WhatsApp message does.
	await control('POST', '/emulator/inbound', { from: A, content: 'Hi' });
	await control('POST', '/emulator/inbound', { from: B, content: 'Hi', type: 'whatsapp' });
	expect(await buttons([A, B])).toMatchObject({ status: 400, body: { error: '137' } });
	await control('POST', '/emulator/inbound', { from: A, content: 'Hi', type: 'whatsapp' });
	expect(await buttons([A, B])).toMatchObject({
		status: 200,
		body: { messageids: [expect.any(String), expect.any(String)] },
	});
	const state = await control('GET', '/emulator/whatsapp');
	expect(Object.keys(state.windows as object).sort()).toEqual([A, B]);
});

test('a number ending in 9140 has no WhatsApp: 140, for a template too', async () => {
	await control('POST', '/emulator/inbound', { from: NO_WHATSAPP, content: 'Hi', type: 'whatsapp' });
	expect(await buttons(NO_WHATSAPP)).toMatchObject({ status: 400, body: { error: '140' } });
	const answer = await template({ to: NO_WHATSAPP, variable1: 'a', variable2: 'b', image: 'https://x.nl/a.png' });
	expect(answer).toMatchObject({ status: 400, body: { error: '140' } });
});

test.each([
	['4 buttons', { buttons: ['a', 'b', 'c', 'd'].map((id) => ({ id, title: id })) }],
	['a 21-character title', { buttons: [{ id: 'a', title: 'A title of twenty-one' }] }],
	[
		'two buttons with one id',
		{
			buttons: [
				{ id: 'a', title: 'Yes' },
				{ id: 'a', title: 'No' },
			],
		},
	],
])('buttons with %s: 139', async (_, fields) => {
	await control('POST', '/emulator/inbound', { from: A, content: 'Hi', type: 'whatsapp' });
	expect(await buttons(A, fields)).toMatchObject({ status: 400, body: { error: '139' } });
});

test('a list in the assumed shape is accepted; rows without ids are 139', async () => {
	await control('POST', '/emulator/inbound', { from: A, content: 'Hi', type: 'whatsapp' });
	const list = (actions: unknown[]) =>
		api('POST', '/v1/whatsapp/send_list', {
			sender: 'MyShop',
			to: A,
			message: 'Pick a slot',
			button_text: 'Slots',
			list: [{ title: 'Monday', actions }],
		});
	expect(await list([{ id: 'mon-9', title: '09:00', description: 'Morning' }])).toMatchObject({ status: 200 });
	expect(await list([{ title: '09:00' }])).toMatchObject({ status: 400, body: { error: '139' } });
});

test('inbound type other than sms or whatsapp is refused', async () => {
	const { controlAnswer } = emulatorClient(() => emulator);
	expect(await controlAnswer('POST', '/emulator/inbound', { from: A, content: 'Hi', type: 'fax' })).toMatchObject({
		status: 400,
	});
});

test('a tap: the button title as a WhatsApp reply to the buttons message, its inbox_message linked by isreply', async () => {
	await control('POST', '/emulator/inbound', { from: A, content: 'Hi', type: 'whatsapp' });
	const sent = await buttons(A, { sender: '31610000001', reference: 'ask-7' });
	const messageid = sent.body.messageid as string;
	const { event } = await control<{ event: Record<string, unknown> }>('POST', '/emulator/inbound', {
		replyTo: messageid,
		content: 'Yes',
		type: 'whatsapp',
	});
	expect(event).toMatchObject({
		webhook_type: 'inbox_message',
		message: { sender: A, receiver: '31610000001', content: 'Yes', type: 'whatsapp' },
		isreply: {
			reply: true,
			orig_messageid: messageid,
			orig_message_content: 'Is 10:00 fine?',
			orig_sender: '31610000001',
			orig_receiver: A,
			orig_reference: 'ask-7',
		},
	});
});

test('a delivered WhatsApp message is reported delivered, then read (read_report, message_type whatsapp); an SMS is not read', async () => {
	await control('POST', '/emulator/inbound', { from: A, content: 'Hi', type: 'whatsapp' });
	const whatsapp = (await buttons(A, { reference: 'r-1' })).body.messageid;
	const sms = (await api('POST', '/v1/message/send', { sender: 'MyShop', to: B, message: 'Hi' })).body.messageid;
	await emulator.settle();
	const payloadOf = (event: Record<string, unknown>) => (event.message ?? {}) as Record<string, unknown>;
	const reportsOf = (messageid: unknown) =>
		emulator.events
			.map((entry) => entry.event)
			.filter((event) => payloadOf(event).messageid === messageid)
			.map((event) => [event.webhook_type, payloadOf(event).delivery_code]);
	expect(reportsOf(whatsapp)).toEqual([
		['delivery_report', '0'],
		['delivery_report', '1'],
		['read_report', '1'],
	]);
	expect(reportsOf(sms)).toEqual([
		['delivery_report', '0'],
		['delivery_report', '1'],
	]);
	const read = payloadOf(emulator.events.find((entry) => entry.event.webhook_type === 'read_report')!.event);
	expect(read).toMatchObject({
		messageid: whatsapp,
		receiver: A,
		sender: 'MyShop',
		reference: 'r-1',
		message_type: 'whatsapp',
		read_status: 'message_read',
		read_datetime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
	});
	expect(read.cost).toBeUndefined();
});
