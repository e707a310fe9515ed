/** The Messaging Gateway Trigger in n8n-core: final delivery reports only, sample and GET events from the emulator, test events of other types. */
import { startEmulator, type Emulator } from '../../emulator/server';
import { MessagingGatewayTrigger } from '../../nodes/MessagingGateway/MessagingGatewayTrigger.node';
import { WEBHOOK_EVENT_TYPES } from '../../nodes/MessagingGateway/core/events/events';
import { SPEC_EXAMPLES, itemOf, specViolations } from '../fixtures/spec-events';
import { WebhookContext } from 'n8n-core';
import { SECRET, loggedText, post, triggerV2 } from '../support/trigger-helpers';
import { emulatorClient } from '../support/emulator-client';

describe('item 5: Final Delivery Reports Only', () => {
	const reportWith = (delivery_code: unknown) => ({
		...SPEC_EXAMPLES.delivery_report,
		message: { ...(SPEC_EXAMPLES.delivery_report.message as object), delivery_code },
	});

	test.each(['0', '3', 0, 3])('code %p (a later report follows): acknowledged, nothing starts', async (code) => {
		const server = await triggerV2(['delivery_report'], { finalReportsOnly: true });
		const call = await server.call(post(JSON.stringify(reportWith(code))));
		expect(call).toMatchObject({ status: 200, body: { received: 1, accepted: 0 } });
		expect(call.items).toBeUndefined();
	});

	test.each(['1', '2', '4', '5', '9'])('final code %s starts the workflow', async (code) => {
		const server = await triggerV2(['delivery_report'], { finalReportsOnly: true });
		expect((await server.call(post(JSON.stringify(reportWith(code))))).items).toEqual([reportWith(code)]);
	});

	test('off (the default): the submitted report starts the workflow too', async () => {
		const server = await triggerV2(['delivery_report']);
		expect((await server.call(post(JSON.stringify(reportWith('0'))))).items).toHaveLength(1);
	});

	test("the option's description says which codes are final", () => {
		const options = new MessagingGatewayTrigger().description.properties.find(
			(property) => property.name === 'options',
		)!.options as Array<{ name: string; description?: string }>;
		expect(options.find((option) => option.name === 'finalReportsOnly')!.description).toMatch(
			/0 submitted, 3 buffered.*Final codes: 1 delivered, 2 not delivered, 4 and 5 rejected, 9 unknown/,
		);
	});
});

describe('item 7: testing with the emulator — a sample event of any type at the registered URL', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await startEmulator({ account: { signingSecret: SECRET }, settings: { maxAttempts: 1 } });
	});
	afterAll(async () => emulator.close());
	const { control, controlAnswer } = emulatorClient(() => emulator);

	test.each(WEBHOOK_EVENT_TYPES.map((type) => type.value))('POST /emulator/webhooks/%s', async (type) => {
		const server = await triggerV2(['*']);
		await control('DELETE', '/emulator/webhooks');
		await control('POST', '/emulator/webhooks', { url: server.url, types: ['*'] });
		const response = await controlAnswer('POST', `/emulator/webhooks/${type}?wait=true`);
		expect(response.status).toBe(201);
		const { event, deliveries } = response.body as {
			event: Record<string, unknown>;
			deliveries: Array<{ state: string; attempts: Array<{ status: number }> }>;
		};
		expect(event.webhook_type).toBe(type);
		expect(deliveries).toHaveLength(1);
		expect(deliveries[0]).toMatchObject({ state: 'delivered', attempts: [{ status: 200 }] });
		expect(server.lastResult()?.workflowData?.[0].map((item) => item.json)).toEqual([itemOf(event)]);
		expect(specViolations(event)).toEqual([]);
	});

	test('an unknown type is refused with the list of types', async () => {
		const response = await controlAnswer('POST', '/emulator/webhooks/no_such_type');
		expect(response.status).toBe(400);
		expect(response.body).toEqual({ error: expect.stringContaining('delivery_report') });
	});

	test('the trigger panel explains listening for a test event with a one-URL gateway', () => {
		const { triggerPanel } = new MessagingGatewayTrigger().description as {
			triggerPanel?: { executionsHelp: { inactive: string; active: string } };
		};
		expect(triggerPanel!.executionsHelp.inactive).toMatch(
			/one URL per account.*listen for a test event.*\/emulator\/webhooks/s,
		);
		expect(triggerPanel!.executionsHelp.active).toMatch(/Production URL back/);
	});
});

describe('item 8: GET webhooks from the emulator verify whatever the values hold', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await startEmulator({ account: { signingSecret: SECRET }, settings: { maxAttempts: 1 } });
	});
	afterAll(async () => emulator.close());
	const { control, controlAnswer } = emulatorClient(() => emulator);

	test.each([
		['an apostrophe', "It's on its way"],
		['every ASCII sign', ` !"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`],
		['unicode', 'Grüße 👋 ça va'],
		['an empty text', ''],
	])('%s in the content, an empty reference', async (_name, content) => {
		const server = await triggerV2(['*']);
		await control('DELETE', '/emulator/webhooks');
		await control('POST', '/emulator/webhooks', { url: server.url, types: ['*'], method: 'GET' });
		const fields = { message: { content, reference: '' } };
		const { event, deliveries } = (
			await controlAnswer('POST', '/emulator/events?wait=true', { type: 'delivery_report', fields })
		).body as { event: Record<string, unknown>; deliveries: Array<{ attempts: Array<{ status: number }> }> };
		expect(deliveries[0].attempts[0].status).toBe(200);
		const [item] = server.lastResult()!.workflowData![0].map((entry) => entry.json);
		expect(item).toEqual({ ...event, method: 'GET' });
		expect((item.message as Record<string, unknown>).reference).toBe('');
	});

	test('null fields come back as null, empty texts as empty texts', async () => {
		const server = await triggerV2(['*']);
		await control('DELETE', '/emulator/webhooks');
		await control('POST', '/emulator/webhooks', { url: server.url, types: ['*'], method: 'GET' });
		const fields = { contact: { Custom1: '', Custom2: null, firstname: '' } };
		const { event } = (await controlAnswer('POST', '/emulator/events?wait=true', { type: 'add_contact', fields }))
			.body as { event: Record<string, unknown> };
		const [item] = server.lastResult()!.workflowData![0].map((entry) => entry.json);
		expect(item).toEqual({ ...event, method: 'GET' });
		expect(JSON.stringify(item)).toBe(JSON.stringify({ ...event, method: 'GET' })); // field order too
		expect(item.contact).toMatchObject({ Custom1: '', Custom2: null, firstname: '' });
	});
});

describe('a test event of a type the trigger does not listen for (issue 22, item 5)', () => {
	const body = JSON.stringify(SPEC_EXAMPLES.delivery_report);
	// n8n runs a test webhook (the editor listening for a test event) in the mode 'manual'.
	const listeningForTestEvent = () => jest.spyOn(WebhookContext.prototype, 'getMode').mockReturnValue('manual');

	test('while the editor listens: the answer and the log say which type came and which are selected', async () => {
		const mode = listeningForTestEvent();
		try {
			const server = await triggerV2(['inbox_message', 'read_report']);
			const call = await server.call(post(body));
			expect(call.status).toBe(200);
			expect(call.items).toBeUndefined();
			expect(call.body).toEqual({
				received: 1,
				accepted: 0,
				message:
					'Nothing started: the event is of type delivery_report, and this trigger listens for inbox_message, read_report (its Events parameter)',
				arrived: ['delivery_report'],
				selected: ['inbox_message', 'read_report'],
			});
			expect(loggedText()).toContain(
				'the event is of type delivery_report, and this trigger listens for inbox_message, read_report',
			);
		} finally {
			mode.mockRestore();
		}
	});

	test('a selected event in the same test answers as before; an active workflow answers as before', async () => {
		const mode = listeningForTestEvent();
		try {
			const server = await triggerV2(['delivery_report']);
			expect((await server.call(post(body))).body).toEqual({ received: 1, accepted: 1 });
		} finally {
			mode.mockRestore();
		}
		const active = await triggerV2(['inbox_message']);
		expect((await active.call(post(body))).body).toEqual({ received: 1, accepted: 0 });
		expect(loggedText()).toBe('');
	});
});
