/**
 * Resource WhatsApp through n8n-core's real execution context against the emulator. The expected request
 * bodies are the gateway's documented fields (docs/whatsapp.md#the-calls: `template_name`, `variable1…`,
 * `image`, `buttons: [{id, title}]`, `list: [{title, actions}]`, `button_text`), written out here.
 */
import { runAction } from '../support/run';
import {
	bodies,
	buttons,
	client,
	credentials,
	emulator,
	list,
	number,
	whatsapp,
	write,
} from '../support/whatsapp-setup';

test('a template with 2 variables and an image header to 3 numbers: 3 requests, one number each', async () => {
	const numbers = [number(1), number(2), number(3)];
	const run = await runAction(
		whatsapp('sendTemplate', {
			to: numbers.map((n) => `+${n}`).join(', '),
			templateName: 'order_confirmation',
			variables: { values: [{ value: 'Ada' }, { value: '#1001' }] },
			headerMedia: 'image',
			headerMediaUrl: 'https://example.com/receipt.png',
			additionalFields: { reference: 'order-1001' },
		}),
		[{}],
		credentials,
	);
	expect(run.error).toBeUndefined();
	expect(emulator.requests.map((request) => request.path)).toEqual(Array(3).fill('/v1/whatsapp/send_template'));
	expect(bodies()).toEqual(
		numbers.map((to) => ({
			to,
			sender: 'MyShop',
			template_name: 'order_confirmation',
			variable1: 'Ada',
			variable2: '#1001',
			image: 'https://example.com/receipt.png',
			reference: 'order-1001',
		})),
	);
	expect(run.items.map((item) => item.json)).toEqual(
		emulator.messages.map((message) => ({
			messageid: message.messageid,
			to: message.to,
			sender: 'MyShop',
			reference: 'order-1001',
			channel: 'whatsapp',
		})),
	);
	expect(emulator.messages.map((message) => message.messageType)).toEqual(['whatsapp', 'whatsapp', 'whatsapp']);
});

test('buttons to 20 numbers in one request, each recipient an item with channel whatsapp', async () => {
	const numbers = Array.from({ length: 20 }, (_, n) => number(n));
	await write(numbers);
	const run = await runAction(
		buttons(numbers.join(','), { options: { header: 'Appointment', footer: 'Dr. Smith' } }),
		[{}],
		credentials,
	);
	expect(run.error).toBeUndefined();
	expect(emulator.requests.map((request) => request.path)).toEqual(['/v1/whatsapp/send_action']);
	expect(bodies()[0]).toEqual({
		message: 'Is 10:00 fine?',
		to: numbers,
		sender: 'MyShop',
		buttons: [
			{ id: 'yes', title: 'Yes' },
			{ id: 'no', title: 'No' },
		],
		header: 'Appointment',
		footer: 'Dr. Smith',
	});
	expect(run.items).toHaveLength(20);
	expect(run.items.every((item) => item.json.channel === 'whatsapp' && item.pairedItem)).toBe(true);
});

test('a list: button_text and the sections as list: [{title, actions: [{id, title, description}]}]', async () => {
	await write([number(1), number(2)]);
	const run = await runAction(
		list(`${number(1)}, ${number(2)}`, [
			{ id: 'mon-9', title: '09:00', description: 'Morning' },
			{ id: 'mon-14', title: '14:00' },
		]),
		[{}],
		credentials,
	);
	expect(run.error).toBeUndefined();
	expect(bodies()).toEqual([
		{
			message: 'Pick a slot',
			to: [number(1), number(2)],
			sender: 'MyShop',
			button_text: 'Slots',
			list: [
				{
					title: 'Monday',
					actions: [
						{ id: 'mon-9', title: '09:00', description: 'Morning' },
						{ id: 'mon-14', title: '14:00' },
					],
				},
			],
		},
	]);
	expect(run.items.map((item) => item.json.channel)).toEqual(['whatsapp', 'whatsapp']);
});

describe('refused before any request, naming the item and the field', () => {
	const title21 = 'A title of twenty-one';
	test.each([
		[
			'4 buttons',
			buttons(number(1), {
				buttons: { values: ['a', 'b', 'c', 'd'].map((id) => ({ id, title: id.toUpperCase() })) },
			}),
			'Buttons: 4 buttons given; WhatsApp takes 1 to 3',
		],
		[
			'a 21-character title',
			buttons(number(1), { buttons: { values: [{ id: 'long', title: title21 }] } }),
			`Buttons: the title "${title21}" has 21 characters`,
		],
		[
			'two buttons with one ID',
			buttons(number(1), {
				buttons: {
					values: [
						{ id: 'x', title: 'Yes' },
						{ id: 'x', title: 'No' },
					],
				},
			}),
			'Buttons: buttons 1 and 2 have the same ID ("x")',
		],
		[
			'an http media URL',
			whatsapp('sendTemplate', {
				to: number(1),
				templateName: 'order_confirmation',
				variables: { values: [{ value: 'Ada' }, { value: '#1' }] },
				headerMedia: 'image',
				headerMediaUrl: 'http://example.com/receipt.png',
			}),
			'Header Media URL: "http://example.com/receipt.png" is not an https URL',
		],
		[
			'a missing variable',
			whatsapp('sendTemplate', {
				to: number(1),
				templateName: 'order_confirmation',
				variables: { values: [{ value: 'Ada' }, { value: '={{ $json.order }}' }] },
			}),
			'Body Variables: variable 2 is empty',
		],
		[
			'a variable whose expression finds nothing',
			whatsapp('sendTemplate', {
				to: number(1),
				templateName: 'order_confirmation',
				variables: { values: [{ value: 'Ada' }, { value: '={{ $json.order || undefined }}' }] },
			}),
			'Body Variables: variable 2: expected text but got no value (undefined)',
		],
	])('%s', async (_, parameters, message) => {
		// Item 0 is fine; item 1 (order "") is refused: nothing at all is sent.
		await write([number(1)]);
		const run = await runAction(parameters, [{ order: '#1' }, { order: '' }], credentials);
		expect(run.error?.message).toBe(message);
		expect(emulator.requests).toHaveLength(0);
		if (message.startsWith('Body Variables'))
			expect(run.error?.description).toMatch(/Item 1 was refused before anything was sent\.$/);
		else expect(run.error?.description).toMatch(/Item 0 was refused before anything was sent\.$/);
	});
});

test('buttons to a number whose window is closed: the 137 error says to send a template instead; its description says why and the ways out without repeating the title', async () => {
	const run = await runAction(buttons(number(1)), [{}], credentials);
	expect(emulator.requests.map((request) => request.path)).toEqual(['/v1/whatsapp/send_action']);
	expect(run.error?.message).toContain('Send a template message instead');
	const description = run.error!.description!;
	expect(description).toMatch(
		/^The person has not written to you on WhatsApp in the last 24 hours.*Send Template.*SMS Fallback/,
	);
	expect(
		run.error!.message.split('. ').filter((sentence) => description.includes(sentence.replace(/\.$/, ''))),
	).toEqual([]);
	expect(emulator.messages).toHaveLength(0);
});

test('Retry On Fail with a 500 in the middle never sends an accepted recipient twice', async () => {
	const numbers = Array.from({ length: 6 }, (_, n) => number(n));
	await write(numbers);
	await client.control('POST', '/emulator/faults', { status: 500, after: 1, path: '/v1/whatsapp/send_action' });
	// Requests of 2 numbers; the 2nd answers 500, which Retry On Fail sends again (On Unknown Outcome: Resend).
	const run = await runAction(
		buttons('={{ $json.to }}', { options: { batchSize: 2, onUnknownOutcome: 'resend' } }),
		numbers.map((to) => ({ to })),
		credentials,
		{ retryOnFail: { maxTries: 2, waitBetweenTries: 0 } },
	);
	expect(run.error).toBeUndefined();
	expect(emulator.requests.map((request) => request.status)).toEqual([200, 500, 200, 200]);
	expect(emulator.messages.map((message) => message.to).sort()).toEqual(numbers);
	expect(run.items.map((item) => [item.json.to, item.json.channel])).toEqual(numbers.map((to) => [to, 'whatsapp']));
});

test('a 500 with On Unknown Outcome Do Not Resend: the recipients it left unknown get neither channel again', async () => {
	const numbers = [number(1), number(2), number(3)];
	await write([number(1), number(3)]);
	await client.control('POST', '/emulator/faults', { status: 500, path: '/v1/whatsapp/send_action' });
	const run = await runAction(buttons(numbers.join(','), { options: { smsFallback: true } }), [{}], credentials, {
		retryOnFail: { maxTries: 2, waitBetweenTries: 0 },
	});
	expect(run.error?.message).toMatch(/^Not sent again to 31610001001 \(and 2 more recipients\)/);
	expect(emulator.messages).toHaveLength(0);
});

test("what the gateway's answer says besides the message ids comes out with each recipient, redacted; Send SMS's output keeps its fields", async () => {
	const answer = {
		messageids: ['wa-1', 'wa-2'],
		status: 'queued',
		credits: 2,
		echo: `key ${emulator.account.apiSecret}`,
	};
	await client.control('POST', '/emulator/faults', { status: 200, body: answer, count: 1 });
	const run = await runAction(buttons(`${number(1)}, ${number(2)}`), [{}], credentials);
	expect(run.error).toBeUndefined();
	expect(run.items.map(({ json }) => json)).toEqual(
		[
			['wa-1', number(1)],
			['wa-2', number(2)],
		].map(([messageid, to]) =>
			expect.objectContaining({ messageid, to, channel: 'whatsapp', status: 'queued', credits: 2, echo: 'key ***' }),
		),
	);
	await client.control('POST', '/emulator/faults', { status: 200, body: { messageid: 'sms-1', status: 'queued' } });
	const sms = await runAction(
		{ resource: 'message', operation: 'send', sender: 'Shop', to: number(3), message: 'Hi' },
		[{}],
		credentials,
	);
	expect(sms.items[0].json).toMatchObject({ messageid: 'sms-1', to: number(3) });
	expect(sms.items[0].json.status).toBeUndefined();
});
