/** The Messaging Gateway Trigger in n8n-core: a real event is never refused over a payload field (version 2); the rest of its hardening: trigger-hardening.test.ts. */
import { MessagingGatewayTrigger } from '../../nodes/MessagingGateway/MessagingGatewayTrigger.node';
import { SPEC_EXAMPLES } from '../fixtures/spec-events';
import { loggedText, post, trigger, triggerV2 } from '../support/trigger-helpers';

describe('item 4: a real event is never refused over a payload field (version 2)', () => {
	const report = SPEC_EXAMPLES.delivery_report as { message: Record<string, unknown> };

	test.each([
		['reference: null', { ...SPEC_EXAMPLES.delivery_report, message: { ...report.message, reference: null } }],
		[
			'a field left out',
			{
				...SPEC_EXAMPLES.delivery_report,
				message: Object.fromEntries(Object.entries(report.message).filter(([key]) => key !== 'cost')),
			},
		],
		[
			'a numeric item_amount',
			{
				...SPEC_EXAMPLES.insufficient_funds,
				funds: { ...(SPEC_EXAMPLES.insufficient_funds.funds as object), item_amount: 0 },
			},
		],
		[
			'an envelope field left out',
			Object.fromEntries(Object.entries(SPEC_EXAMPLES.add_group).filter(([key]) => key !== 'created_utc')),
		],
		[
			'a boolean as text',
			{
				...SPEC_EXAMPLES.add_contact,
				contact: { ...(SPEC_EXAMPLES.add_contact.contact as object), unsubscribed: 'false' },
			},
		],
	])('%s: the event runs exactly as sent, the deviation goes to the log', async (_name, event) => {
		const server = await triggerV2(['*']);
		const body = JSON.stringify(event);
		const call = await server.call(post(body));
		expect(call.status).toBe(200);
		expect(call.body).toEqual({ received: 1, accepted: 1 });
		expect(JSON.stringify(call.items)).toBe(`[${body}]`);
		expect(loggedText()).toMatch(/differ from the documented fields/);
	});

	test('the same events are refused in version 1 and with Strict Validation on', async () => {
		const event = { ...SPEC_EXAMPLES.delivery_report, message: { ...report.message, reference: null } };
		for (const server of [await trigger(['*']), await triggerV2(['*'], { strictValidation: true })]) {
			const call = await server.call(post(JSON.stringify(event)));
			expect(call).toMatchObject({
				status: 400,
				body: { errors: ['message.reference: Expected string, received null'], errorCount: 1 },
			});
		}
		// And version 1 can be switched to the lenient behaviour.
		expect((await (await trigger(['*'], { strictValidation: false })).call(post(JSON.stringify(event)))).status).toBe(
			200,
		);
	});

	test('Strict Validation is offered in every version: on by default in version 1, off from version 2; Opt-Out Keywords on from version 3', () => {
		const collections = new MessagingGatewayTrigger().description.properties.filter(
			(property) => property.name === 'options',
		);
		const defaults = collections.map((collection) => [
			collection.displayOptions?.show?.['@version'],
			(collection.options as Array<{ name: string; default: unknown }>).find(
				(option) => option.name === 'strictValidation',
			)!.default,
			(collection.options as Array<{ name: string; default: unknown }>).find(
				(option) => option.name === 'optOutKeywords',
			)!.default,
		]);
		expect(defaults).toEqual([
			[[1], true, false],
			[[2], false, false],
			[[{ _cnd: { gte: 3 } }], false, true],
		]);
	});

	test('what a receiver cannot do without is still required', async () => {
		const server = await triggerV2(['*']);
		for (const [event, error] of [
			[{ ...SPEC_EXAMPLES.add_group, webhook_id: undefined }, 'webhook_id: missing'],
			[{ ...SPEC_EXAMPLES.add_group, webhook_type: 7 }, 'webhook_type: expected a text, got number'],
			[{ ...SPEC_EXAMPLES.add_group, group: 'x' }, 'group: missing (a add_group event carries a "group" object)'],
		] as const) {
			const call = await server.call(post(JSON.stringify(event)));
			expect(call).toMatchObject({ status: 400, body: { error: 'not_an_event', errors: [error], errorCount: 1 } });
			expect(call.items).toBeUndefined();
		}
	});

	test('in an array every valid event runs; the invalid one is named in the answer and the log', async () => {
		const server = await triggerV2(['*']);
		const events = [SPEC_EXAMPLES.add_group, { hello: 'world' }, SPEC_EXAMPLES.api_error];
		const call = await server.call(post(JSON.stringify(events)));
		expect(call.status).toBe(200);
		expect(call.items).toEqual([SPEC_EXAMPLES.add_group, SPEC_EXAMPLES.api_error]);
		expect(call.body).toEqual({
			received: 3,
			accepted: 2,
			rejected: 1,
			errors: ['event 1: webhook_id: missing', 'event 1: webhook_type: missing'],
			errorCount: 2,
		});
		expect(loggedText()).toMatch(
			/accepted a webhook request with 1 entry that is not a gateway event: event 1: webhook_id: missing/,
		);
	});
});
